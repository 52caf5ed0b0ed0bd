import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

import { appConfig } from '../config/env';
import { createApiClient, REFRESH_PATH, type RequestOptions } from './api-client';
import { emitAuthFailure } from './auth-events';
import { numberFormat } from './format';
import { saveFile } from './save-file';

/** How far a transfer has come: bytes so far, of `total` when the other side said how many. */
export interface TransferProgress {
  loaded: number;
  /** `null`: the size is unknown (no `Content-Length`, or a compressed answer), so only "busy" can be shown. */
  total: number | null;
}

export type ProgressListener = (progress: TransferProgress) => void;

/**
 * The size the body will have once read, from `Content-Length`. A compressed answer's length counts
 * the compressed bytes while the stream hands out the decoded ones, so it tells nothing then.
 */
export function expectedBytes(headers: Headers): number | null {
  const encoding = headers.get('Content-Encoding');
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') return null;
  const length = Number(headers.get('Content-Length') ?? Number.NaN);
  return Number.isInteger(length) && length > 0 ? length : null;
}

/** The same answer, its body counted as it is read (the API client reads it with `blob()`). */
export function countingResponse(response: Response, onProgress: ProgressListener): Response {
  if (!response.body) return response;
  const total = expectedBytes(response.headers);
  let loaded = 0;
  onProgress({ loaded, total });
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        onProgress({ loaded, total });
        controller.enqueue(chunk);
      },
    }),
  );
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * `GET path` as a file, reporting the bytes received. It goes through an API client of its own whose
 * `fetch` counts the answer's body, so the bearer token, the refresh on a 401 and the German error of
 * a refusal (`ApiError`) are the app's client's; only a successful answer of the file itself is
 * counted (not the refresh, not an error body).
 */
export function downloadWithProgress(
  path: string,
  options: Pick<RequestOptions, 'query' | 'signal'> & { onProgress?: ProgressListener } = {},
): Promise<Blob> {
  const { onProgress, ...request } = options;
  const client = createApiClient({
    baseUrl: appConfig.apiBaseUrl,
    onAuthFailure: emitAuthFailure,
    fetch: async (input, init) => {
      const response = await globalThis.fetch(input, init);
      if (!onProgress || !response.ok || input.endsWith(REFRESH_PATH)) return response;
      return countingResponse(response, onProgress);
    },
  });
  return client.requestBlob(path, request);
}

/** Downloads `path` and hands it to the browser as `fileName`. */
export async function saveDownload(
  path: string,
  fileName: string,
  options: { onProgress?: ProgressListener; query?: RequestOptions['query'] } = {},
): Promise<void> {
  saveFile(await downloadWithProgress(path, options), fileName);
}

/** Whole percent of the total, or `null` when the size is unknown (show a busy state instead). */
export function transferPercent(progress: TransferProgress): number | null {
  if (progress.total === null) return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.loaded / progress.total) * 100));
}

/** "340 kB", "1,2 MB" (decimal units, as browsers and file managers show download sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) {
    return numberFormat({ style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
      Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1_000)),
    );
  }
  return numberFormat({ style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(bytes / 1_000_000);
}

/**
 * Which of three texts says how far a transfer is, with its figures formatted: `waiting` (no byte yet,
 * size unknown), `received` (bytes, size unknown) or `ofTotal`. Each feature words them in its own
 * namespace under these three keys.
 */
export type ProgressWording =
  { key: 'waiting' } | { key: 'received'; loaded: string } | { key: 'ofTotal'; loaded: string; total: string };

export function progressWording(progress: TransferProgress): ProgressWording {
  const loaded = formatBytes(progress.loaded);
  if (progress.total !== null) return { key: 'ofTotal', loaded, total: formatBytes(progress.total) };
  return progress.loaded > 0 ? { key: 'received', loaded } : { key: 'waiting' };
}

/** Waits shorter than this show no progress: a bar flashing for a small file would be noise. */
export const PROGRESS_DELAY_MS = 300;
/** At most this often a new figure reaches the screen; a stream hands out many small chunks. */
const PROGRESS_EVERY_MS = 100;

/**
 * A download as a mutation, with its progress: `progress` is `null` while idle and for the first
 * 300 ms (`delayMs`), then the bytes received (of the total when known) until the download ends.
 * `Variables` defaults to nothing (`mutate()`), as TanStack's does, for a download that needs none.
 */
export function useDownloadWithProgress<Variables = void>(
  download: (variables: Variables, onProgress: ProgressListener) => Promise<void>,
  delayMs = PROGRESS_DELAY_MS,
) {
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  // The latest figure, kept outside state so that not every chunk renders; `timer` shows it later
  // (after the delay, or at the next 100 ms step when a figure arrives sooner).
  const run = useRef<{ value: TransferProgress; shownAt: number; startedAt: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    timer.current = undefined;
    const current = run.current;
    if (!current) return;
    current.shownAt = Date.now();
    setProgress(current.value);
  };
  const report = (value: TransferProgress) => {
    const current = run.current;
    if (!current) return;
    current.value = value;
    if (timer.current !== undefined) return;
    const now = Date.now();
    const due = Math.max(current.startedAt + delayMs, current.shownAt + PROGRESS_EVERY_MS);
    if (now >= due) show();
    else timer.current = setTimeout(show, due - now);
  };
  const mutation = useMutation({
    mutationFn: (variables: Variables) => download(variables, report),
    onMutate: () => {
      clearTimeout(timer.current);
      const startedAt = Date.now();
      run.current = { value: { loaded: 0, total: null }, shownAt: startedAt - PROGRESS_EVERY_MS, startedAt };
      // A server that has not answered yet still shows "busy" once the delay has passed.
      timer.current = setTimeout(show, delayMs);
    },
    onSettled: () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      run.current = null;
      setProgress(null);
    },
  });
  return { ...mutation, progress: mutation.isPending ? progress : null };
}
