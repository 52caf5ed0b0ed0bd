import type { z } from 'zod/mini';

import { appConfig } from '../config/env';
import { createApiClient, REFRESH_PATH } from './api-client';
import { emitAuthFailure } from './auth-events';
import type { TransferProgress } from './download-with-progress';

/** How far an upload has come; `sent` once every byte is out and the server is at work on it. */
export interface UploadProgress extends TransferProgress {
  sent: boolean;
}

export type UploadProgressListener = (progress: UploadProgress) => void;

/** Statuses whose answer has no body; `new Response(body, …)` refuses one for them. */
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function responseHeaders(xhr: XMLHttpRequest): Headers {
  const headers = new Headers();
  for (const line of xhr.getAllResponseHeaders().split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

function sizeOf(body: XMLHttpRequestBodyInit | null): number | null {
  if (body instanceof Blob) return body.size;
  if (typeof body === 'string') return new TextEncoder().encode(body).byteLength;
  return null;
}

/**
 * `fetch` on `XMLHttpRequest`, for the one thing fetch cannot tell: how many bytes of the body are
 * out (`xhr.upload` progress events). The answer comes back as a `Response`, so the API client reads
 * it as any other. Cookies go to our own origin only, as with the client's `credentials: 'same-origin'`.
 */
export function xhrFetch(input: string, init: RequestInit, onProgress?: UploadProgressListener): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const { body = null, signal } = init;
    if (body instanceof ReadableStream) {
      reject(new TypeError('A stream cannot be uploaded with progress'));
      return;
    }
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', input);
    xhr.responseType = 'blob';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    const size = sizeOf(body);
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : size, sent: false });
      });
      xhr.upload.addEventListener('load', () => {
        onProgress({ loaded: size ?? 0, total: size, sent: true });
      });
    }
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.addEventListener('load', () => {
      settle();
      const answer = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob | null);
      resolve(new Response(answer, { status: xhr.status, statusText: xhr.statusText, headers: responseHeaders(xhr) }));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('Network request timed out'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    });
    xhr.send(body);
  });
}

/**
 * `method path` with a file (a multipart body from `multipartOf`), reporting the bytes sent. It goes
 * through an API client of its own whose transport is `xhrFetch`, so the bearer token, the refresh on
 * a 401 (a new try starts the count again) and the API's German refusal (`ApiError`: wrong type, too
 * large) are the app's client's; the refresh itself goes through plain `fetch`.
 */
export function uploadWithProgress<S extends z.core.$ZodType>(
  path: string,
  body: { contentType: string; content: Blob },
  options: {
    schema: S;
    method?: 'POST' | 'PUT';
    onProgress?: UploadProgressListener;
    signal?: AbortSignal;
    idempotencyKey?: string;
  },
): Promise<z.output<S>> {
  const { onProgress, method = 'POST', ...request } = options;
  const client = createApiClient({
    baseUrl: appConfig.apiBaseUrl,
    onAuthFailure: emitAuthFailure,
    fetch: (input, init) =>
      input.endsWith(REFRESH_PATH) ? globalThis.fetch(input, init) : xhrFetch(input, init, onProgress),
  });
  return client.request(path, { ...request, method, raw: body });
}
