import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

import { stubApi } from '../test/fake-api';
import { jsonResponse } from '../test/memory-storage';
import { REFRESH_PATH } from './api-client';
import { getAuthData, setAuthData } from './auth-store';
import { stubXhrOverFetch } from './test-support/xhr-over-fetch';
import { uploadWithProgress, xhrFetch, type UploadProgress } from './upload-with-progress';

const PhotoSchema = z.object({ id: z.string() });
const file = (bytes: number) => ({ contentType: 'image/png', content: new Blob([new Uint8Array(bytes)]) });

beforeEach(() => {
  setAuthData({ accessToken: 'access', refreshToken: 'refresh' });
  stubXhrOverFetch({ steps: 4 });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadWithProgress', () => {
  it('reports the bytes sent, then "sent", and answers with the parsed body', async () => {
    const calls = stubApi((call) =>
      call.path === '/v1/photos' ? jsonResponse(201, { id: 'p1', extra: 1 }) : undefined,
    );
    const seen: UploadProgress[] = [];
    const photo = await uploadWithProgress('/v1/photos', file(1_000), {
      schema: PhotoSchema,
      onProgress: (progress) => seen.push(progress),
    });
    expect(photo).toEqual({ id: 'p1' });
    expect(seen.map((p) => p.loaded)).toEqual([250, 500, 750, 1_000, 1_000]);
    expect(seen.every((p) => p.total === 1_000)).toBe(true);
    expect(seen.map((p) => p.sent)).toEqual([false, false, false, false, true]);
    expect(calls[0]).toMatchObject({ method: 'POST', authorization: 'Bearer access', contentType: 'image/png' });
  });

  it("rejects with the API's German refusal", async () => {
    stubApi(() =>
      jsonResponse(415, {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Die Datei ist kein JPEG-, PNG- oder WebP-Bild.',
      }),
    );
    await expect(uploadWithProgress('/v1/photos', file(10), { schema: PhotoSchema })).rejects.toMatchObject({
      name: 'ApiError',
      status: 415,
      message: 'Die Datei ist kein JPEG-, PNG- oder WebP-Bild.',
    });
  });

  it('renews an expired token through fetch and sends the file again', async () => {
    const calls = stubApi((call) => {
      if (call.path === REFRESH_PATH)
        return jsonResponse(200, { authenticated: true, accessToken: 'access-2', refreshToken: 'refresh-2' });
      if (call.authorization === 'Bearer access')
        return jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'x' });
      return jsonResponse(201, { id: 'p2' });
    });
    await expect(uploadWithProgress('/v1/photos', file(10), { schema: PhotoSchema })).resolves.toEqual({ id: 'p2' });
    expect(calls.map((c) => `${c.path} ${c.authorization ?? ''}`)).toEqual([
      '/v1/photos Bearer access',
      `${REFRESH_PATH} `,
      '/v1/photos Bearer access-2',
    ]);
    expect(getAuthData()?.accessToken).toBe('access-2');
  });

  it('stops when the caller aborts', async () => {
    stubApi(() => jsonResponse(201, { id: 'p3' }));
    const controller = new AbortController();
    const upload = uploadWithProgress('/v1/photos', file(10), {
      schema: PhotoSchema,
      signal: controller.signal,
    });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('xhrFetch', () => {
  it('gives a bodiless answer (204) as a Response without a body', async () => {
    stubApi(() => new Response(null, { status: 204 }));
    const answer = await xhrFetch('/v1/photos/1', { method: 'DELETE' });
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
  });

  it('keeps the answer’s headers', async () => {
    stubApi(
      () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'r1' } }),
    );
    const answer = await xhrFetch('/v1/x', { method: 'GET' });
    expect(answer.headers.get('x-request-id')).toBe('r1');
    expect(answer.headers.get('content-type')).toBe('application/json');
  });
});
