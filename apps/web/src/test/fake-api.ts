import { vi } from 'vitest';

import { jsonResponse } from './memory-storage';

export const ME = {
  id: 'u1',
  email: 'max.mustermann@example.com',
  firstName: 'Max',
  lastName: 'Mustermann',
  role: 'EMPLOYEE',
  tenantName: 'Muster AG',
  language: 'de',
} as const;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  /** Only for a body that is not JSON (a CSV upload), which is recorded as its text. */
  contentType?: string;
  authorization: string | null;
  /** Only when the call sent one. */
  idempotencyKey?: string;
  /** The query string's parameters. */
  query?: Record<string, string>;
}

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

/**
 * Replaces `fetch` with an in-memory API: `handler` answers what the test cares about; `/v1/me` and the
 * rest get sensible defaults. Returns the recorded calls.
 */
export function stubApi(handler: Handler = () => undefined): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const headers = new Headers(init.headers);
      const contentType = headers.get('Content-Type');
      const text =
        typeof init.body === 'string' ? init.body : init.body instanceof Blob ? await init.body.text() : null;
      const json = contentType === null || contentType.startsWith('application/json');
      const call: RecordedCall = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: text === null ? undefined : json ? (JSON.parse(text) as unknown) : text,
        contentType: json ? undefined : (contentType ?? undefined),
        authorization: headers.get('Authorization'),
        idempotencyKey: headers.get('Idempotency-Key') ?? undefined,
        // Only when the address has one, so a plain call is recorded as before.
        ...(url.search ? { query: Object.fromEntries(url.searchParams) } : {}),
      };
      calls.push(call);
      const answer = await handler(call);
      if (answer) return answer;
      if (call.path === '/v1/me') return jsonResponse(200, ME);
      return jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}
