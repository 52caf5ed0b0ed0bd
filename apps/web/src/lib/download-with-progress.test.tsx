import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { stubApi } from '../test/fake-api';
import { jsonResponse } from '../test/memory-storage';
import { setAuthData } from './auth-store';
import {
  countingResponse,
  downloadWithProgress,
  expectedBytes,
  formatBytes,
  progressWording,
  transferPercent,
  useDownloadWithProgress,
  type TransferProgress,
} from './download-with-progress';
import { createQueryClient } from './query-client';

/** A body handed out in the given chunks, the next one only when `release` is called. */
function heldBody(chunks: number[]) {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  let next = 0;
  return {
    stream,
    release: () => {
      const size = chunks[next];
      next += 1;
      if (size === undefined) controller?.close();
      else controller?.enqueue(new Uint8Array(size));
    },
  };
}

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('expectedBytes', () => {
  it('takes Content-Length, unless the answer is compressed or says nothing', () => {
    expect(expectedBytes(new Headers({ 'Content-Length': '2048' }))).toBe(2048);
    expect(expectedBytes(new Headers({ 'Content-Length': '2048', 'Content-Encoding': 'gzip' }))).toBeNull();
    expect(expectedBytes(new Headers({ 'Content-Length': '2048', 'Content-Encoding': 'identity' }))).toBe(2048);
    expect(expectedBytes(new Headers())).toBeNull();
    expect(expectedBytes(new Headers({ 'Content-Length': 'viel' }))).toBeNull();
  });
});

describe('countingResponse', () => {
  it('counts the body as it is read and leaves it whole', async () => {
    const seen: TransferProgress[] = [];
    const original = new Response(new Uint8Array(3_000), { status: 200, headers: { 'Content-Length': '3000' } });
    const counted = countingResponse(original, (p) => seen.push(p));
    const blob = await counted.blob();
    expect(blob.size).toBe(3_000);
    expect(seen[0]).toEqual({ loaded: 0, total: 3_000 });
    expect(seen.at(-1)).toEqual({ loaded: 3_000, total: 3_000 });
    expect(counted.status).toBe(200);
  });
});

describe('downloadWithProgress', () => {
  it('sends the bearer token and reports the file’s bytes', async () => {
    const calls = stubApi(() => new Response('a;b\r\n1;2\r\n', { status: 200, headers: { 'Content-Length': '10' } }));
    const seen: TransferProgress[] = [];
    const blob = await downloadWithProgress('/v1/file.csv', { onProgress: (p) => seen.push(p) });
    expect(await blob.text()).toBe('a;b\r\n1;2\r\n');
    expect(seen.at(-1)).toEqual({ loaded: 10, total: 10 });
    expect(calls[0]?.authorization).toBe('Bearer access');
  });

  it('rejects with the API’s refusal and reports no progress for the error body', async () => {
    stubApi(() => jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Rechnung nicht gefunden' }));
    const seen: TransferProgress[] = [];
    await expect(downloadWithProgress('/v1/x.pdf', { onProgress: (p) => seen.push(p) })).rejects.toMatchObject({
      status: 404,
      message: 'Rechnung nicht gefunden',
    });
    expect(seen).toEqual([]);
  });
});

describe('transferPercent and formatBytes', () => {
  it('gives whole percent of a known size and nothing for an unknown one', () => {
    expect(transferPercent({ loaded: 1, total: 3 })).toBe(33);
    expect(transferPercent({ loaded: 5, total: 3 })).toBe(100);
    expect(transferPercent({ loaded: 5, total: null })).toBeNull();
  });

  it('writes sizes the German way', () => {
    expect(formatBytes(0)).toBe('0 kB');
    expect(formatBytes(200)).toBe('1 kB');
    expect(formatBytes(340_400)).toBe('340 kB');
    expect(formatBytes(1_234_567)).toBe('1,2 MB');
  });
});

describe('useDownloadWithProgress', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
  );

  it('shows busy, then the bytes of the total, and nothing once the file is there', async () => {
    const body = heldBody([400, 600]);
    stubApi(() => new Response(body.stream, { status: 200, headers: { 'Content-Length': '1000' } }));
    const saved: number[] = [];
    const { result } = renderHook(
      () =>
        useDownloadWithProgress(async (_, onProgress) => {
          const blob = await downloadWithProgress('/v1/big.csv', { onProgress });
          saved.push(blob.size);
        }, 0),
      { wrapper },
    );
    expect(result.current.progress).toBeNull();
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 0, total: 1_000 }));
    act(() => body.release());
    await waitFor(() => expect(result.current.progress).toEqual({ loaded: 400, total: 1_000 }));
    act(() => {
      body.release();
      body.release();
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.progress).toBeNull();
    expect(saved).toEqual([1_000]);
  });

  it('shows nothing for a download that ends within the delay', async () => {
    stubApi(() => new Response('x', { status: 200 }));
    const { result } = renderHook(
      () =>
        useDownloadWithProgress((_, onProgress) =>
          downloadWithProgress('/v1/small', { onProgress }).then(() => undefined),
        ),
      { wrapper },
    );
    const shown: (TransferProgress | null)[] = [];
    act(() => result.current.mutate());
    await waitFor(() => {
      shown.push(result.current.progress);
      expect(result.current.isSuccess).toBe(true);
    });
    expect(shown.every((p) => p === null)).toBe(true);
  });
});

describe('progressWording', () => {
  it('picks waiting, received or of-total with the figures', () => {
    expect(progressWording({ loaded: 0, total: null })).toEqual({ key: 'waiting' });
    expect(progressWording({ loaded: 2_500_000, total: null })).toEqual({ key: 'received', loaded: '2,5 MB' });
    expect(progressWording({ loaded: 0, total: 4_000 })).toEqual({ key: 'ofTotal', loaded: '0 kB', total: '4 kB' });
  });
});
