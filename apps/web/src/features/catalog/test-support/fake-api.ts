import { vi } from 'vitest';

import { jsonResponse } from '../../../test/memory-storage';

export interface CatalogCall {
  method: string;
  path: string;
  /** Decoded query parameters. */
  query: URLSearchParams;
  body: unknown;
  idempotencyKey: string | null;
}

type Handler = (call: CatalogCall) => Response | Promise<Response> | undefined;

/** Like the shared `stubApi`, but records the query too (the catalogue's filters travel in it). */
export function stubCatalogApi(handler: Handler): CatalogCall[] {
  const calls: CatalogCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: CatalogCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        idempotencyKey: new Headers(init.headers).get('Idempotency-Key'),
      };
      calls.push(call);
      const answer = await handler(call);
      return answer ?? jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

/** `manufacturerIds=Kia,Volkswagen&modelIds=EV3`, decoded, for readable assertions. */
export const queryText = (call: CatalogCall | undefined) =>
  call ? [...call.query.entries()].map(([key, value]) => `${key}=${value}`).join('&') : '';

export const lastCall = (calls: CatalogCall[], path: string) => calls.filter((c) => c.path === path).at(-1);
