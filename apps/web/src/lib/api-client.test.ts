import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';

import { createMemoryStorage, deferred, jsonResponse } from '../test/memory-storage';
import { ApiError, buildUrl, createApiClient, REFRESH_PATH, type AuthFailureReason } from './api-client';
import { AUTH_DATA_KEY, createAuthStore } from './auth-store';

const OLD = { accessToken: 'access-1', refreshToken: 'refresh-1' };
const NEW = { accessToken: 'access-2', refreshToken: 'refresh-2' };

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

type Handler = (call: Call) => Response | Promise<Response>;

function setup(handler: Handler, initialAuth: typeof OLD | null = OLD) {
  const storage = createMemoryStorage(initialAuth ? { [AUTH_DATA_KEY]: JSON.stringify(initialAuth) } : {});
  const authStore = createAuthStore(storage, null);
  const calls: Call[] = [];
  const failures: AuthFailureReason[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const call: Call = {
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('Authorization'),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    return handler(call);
  });
  const client = createApiClient({ fetch, authStore, onAuthFailure: (reason) => failures.push(reason) });
  const refreshCalls = () => calls.filter((call) => call.url === REFRESH_PATH);
  return { client, calls, failures, authStore, storage, refreshCalls };
}

/** A server that accepts only the new access token and rotates refresh-1 into the new pair. */
const rotatingServer =
  (refreshAnswer: () => Response | Promise<Response> = () => jsonResponse(200, { authenticated: true, ...NEW })) =>
  (call: Call): Response | Promise<Response> => {
    if (call.url === REFRESH_PATH) return refreshAnswer();
    if (call.authorization === `Bearer ${NEW.accessToken}`) return jsonResponse(200, { url: call.url });
    return jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'Token expired' });
  };

const EchoSchema = z.object({ url: z.string() });

describe('api client: requests', () => {
  it('sends JSON with the bearer token and parses the answer with the given schema', async () => {
    const { client, calls } = setup(() => jsonResponse(200, { url: '/v1/x', extra: true }));
    const result = await client.request('/v1/x', { method: 'POST', body: { a: 1 }, schema: EchoSchema });
    expect(result).toEqual({ url: '/v1/x' });
    expect(calls[0]).toMatchObject({ method: 'POST', authorization: 'Bearer access-1', body: { a: 1 } });
  });

  it("sends the browser's cookies to the API of its own origin only (the sign-in's device cookie)", async () => {
    const { client, calls } = setup(() => jsonResponse(200, { url: '/v1/auth/login' }), null);
    await client.request('/v1/auth/login', { method: 'POST', body: { username: 'a', password: 'b' }, schema: EchoSchema });
    expect(calls[0]?.credentials).toBe('same-origin');
  });

  it('sends a raw body (a CSV file) with its own content type instead of JSON', async () => {
    const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(jsonResponse(200, { url: '/v1/csv' })));
    const authStore = createAuthStore(createMemoryStorage({ [AUTH_DATA_KEY]: JSON.stringify(OLD) }), null);
    const client = createApiClient({ fetch, authStore });
    const file = new Blob(['Vorname;Nachname;E-Mail\n'], { type: 'text/csv' });
    await client.request('/v1/csv', { method: 'POST', raw: { contentType: 'text/csv', content: file } });
    const init = fetch.mock.calls[0]![1];
    expect(init.body).toBe(file);
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/csv');
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer access-1');
  });

  it('sends no Authorization header without auth data', async () => {
    const { client, calls } = setup(() => jsonResponse(200, {}), null);
    await client.request('/v1/public');
    expect(calls[0]?.authorization).toBeNull();
  });

  it('resolves an empty 204 answer to undefined', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.request('/v1/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('rejects an answer that breaks the contract with INVALID_RESPONSE', async () => {
    const { client } = setup(() => jsonResponse(200, { url: 42 }));
    const error = await client.request('/v1/x', { schema: EchoSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, code: 'INVALID_RESPONSE' });
  });

  it('turns the error body into a typed ApiError with field errors', async () => {
    const body = {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid input',
      errors: [{ field: 'salaryInfo.taxClass', message: 'max 6' }],
    };
    const { client } = setup(() => jsonResponse(400, body));
    const error = await client.request('/v1/user/info', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(body);
  });

  it('derives the code from the status when the error body is not ours', async () => {
    const { client } = setup(
      () => new Response('<html>Bad gateway</html>', { status: 503, statusText: 'Unavailable' }),
    );
    await expect(client.request('/v1/x')).rejects.toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Unavailable',
      errors: [],
    });
  });

  it('reports a failed fetch as NETWORK_ERROR with status 0', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request('/v1/x')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('lets an abort through unchanged', async () => {
    const { client } = setup(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(client.request('/v1/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('builds query strings with comma-separated lists and without empty values', () => {
    expect(buildUrl('', '/v1/search', { manufacturerIds: ['BMW', 'Kia'], modelIds: [], page: 2, q: undefined })).toBe(
      '/v1/search?manufacturerIds=BMW%2CKia&page=2',
    );
    expect(buildUrl('https://api.example.com', '/v1/me')).toBe('https://api.example.com/v1/me');
  });
});

describe('api client: 401 refresh rule (spec 4.1)', () => {
  it('refreshes once, stores the new tokens and replays the request with the new token', async () => {
    const { client, calls, authStore, refreshCalls, failures } = setup(rotatingServer());
    await expect(client.request('/v1/me', { schema: EchoSchema })).resolves.toEqual({ url: '/v1/me' });
    expect(refreshCalls()).toHaveLength(1);
    expect(refreshCalls()[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(refreshCalls()[0]?.authorization).toBeNull();
    expect(calls.map((call) => [call.url, call.authorization])).toEqual([
      ['/v1/me', 'Bearer access-1'],
      [REFRESH_PATH, null],
      ['/v1/me', 'Bearer access-2'],
    ]);
    expect(authStore.getAuthData()).toEqual(NEW);
    expect(failures).toEqual([]);
  });

  it('makes a single refresh for N concurrent 401s and replays each of them with the new token', async () => {
    const refreshAnswer = deferred<Response>();
    const { client, calls, refreshCalls } = setup(rotatingServer(() => refreshAnswer.promise));
    const paths = ['/v1/a', '/v1/b', '/v1/c', '/v1/d', '/v1/e'];
    const results = Promise.all(paths.map((path) => client.request(path, { schema: EchoSchema })));

    // Let every first attempt come back with 401 while the refresh is still open.
    await vi.waitFor(() => {
      expect(calls.filter((call) => call.authorization === 'Bearer access-1')).toHaveLength(paths.length);
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(refreshCalls()).toHaveLength(1);

    refreshAnswer.resolve(jsonResponse(200, { authenticated: true, ...NEW }));
    await expect(results).resolves.toEqual(paths.map((url) => ({ url })));
    expect(refreshCalls()).toHaveLength(1);
    const replays = calls.filter((call) => call.authorization === 'Bearer access-2').map((call) => call.url);
    expect(replays.sort()).toEqual(paths);
  });

  it('replays without a second refresh when the tokens were renewed while the request was under way', async () => {
    const slowAnswer = deferred<Response>();
    let firstSlowCall = true;
    const { client, refreshCalls, calls } = setup((call) => {
      if (call.url === '/v1/slow' && firstSlowCall) {
        firstSlowCall = false;
        return slowAnswer.promise;
      }
      return rotatingServer()(call);
    });
    const slow = client.request('/v1/slow', { schema: EchoSchema });
    await client.request('/v1/fast', { schema: EchoSchema }); // 401 -> refresh -> replay
    expect(refreshCalls()).toHaveLength(1);

    // The slow request was sent with the old token and fails only now, after the refresh has finished.
    slowAnswer.resolve(jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'Token expired' }));
    await expect(slow).resolves.toEqual({ url: '/v1/slow' });
    expect(refreshCalls()).toHaveLength(1);
    expect(calls.at(-1)).toMatchObject({ url: '/v1/slow', authorization: 'Bearer access-2' });
  });

  it('clears auth data and calls onAuthFailure once when the refresh is refused', async () => {
    const { client, authStore, failures, storage, refreshCalls } = setup(
      rotatingServer(() =>
        jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'Refresh token reused' }),
      ),
    );
    const results = await Promise.allSettled([client.request('/v1/a'), client.request('/v1/b')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    expect(refreshCalls()).toHaveLength(1);
    expect(authStore.getAuthData()).toBeNull();
    expect(storage.getItem(AUTH_DATA_KEY)).toBeNull();
    expect(failures).toEqual(['session-expired']);
  });

  it('treats a refresh answer with authenticated false as a failure', async () => {
    const { client, authStore, failures } = setup(rotatingServer(() => jsonResponse(200, { authenticated: false })));
    await expect(client.request('/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(authStore.getAuthData()).toBeNull();
    expect(failures).toEqual(['session-expired']);
  });

  it('treats a network failure of the refresh call as a failure', async () => {
    const { client, authStore, failures } = setup(
      rotatingServer(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(client.request('/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(authStore.getAuthData()).toBeNull();
    expect(failures).toEqual(['session-expired']);
  });

  it('does not loop: a replayed request that fails with 401 again is not refreshed a second time', async () => {
    const { client, calls, refreshCalls, failures } = setup((call) =>
      call.url === REFRESH_PATH
        ? jsonResponse(200, { authenticated: true, ...NEW })
        : jsonResponse(401, { status: 401, code: 'UNAUTHENTICATED', message: 'No' }),
    );
    await expect(client.request('/v1/me')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(refreshCalls()).toHaveLength(1);
    expect(calls.map((call) => call.url)).toEqual(['/v1/me', REFRESH_PATH, '/v1/me']);
    expect(failures).toEqual([]);
  });

  it('does not refresh without stored auth data', async () => {
    const { client, refreshCalls, failures } = setup(rotatingServer(), null);
    await expect(client.request('/v1/me')).rejects.toMatchObject({ status: 401 });
    expect(refreshCalls()).toHaveLength(0);
    expect(failures).toEqual([]);
  });

  it('leaves 401 alone for calls that opt out (logout)', async () => {
    const { client, refreshCalls, failures, authStore } = setup(rotatingServer());
    await expect(client.request('/v1/auth/logout', { method: 'POST', handleAuthErrors: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(refreshCalls()).toHaveLength(0);
    expect(failures).toEqual([]);
    expect(authStore.getAuthData()).toEqual(OLD);
  });
});

describe('api client: 403', () => {
  it('calls onAuthFailure with forbidden and rejects without refreshing', async () => {
    const { client, refreshCalls, failures } = setup(() =>
      jsonResponse(403, { status: 403, code: 'FORBIDDEN', message: 'Forbidden' }),
    );
    await expect(client.request('/v1/order/7')).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(refreshCalls()).toHaveLength(0);
    expect(failures).toEqual(['forbidden']);
  });

  it('stays quiet on 403 for calls that opt out', async () => {
    const { client, failures } = setup(() => jsonResponse(403, { status: 403, code: 'FORBIDDEN', message: 'No' }));
    await expect(client.request('/v1/x', { handleAuthErrors: false })).rejects.toMatchObject({ status: 403 });
    expect(failures).toEqual([]);
  });
});

describe('api client: blobs', () => {
  it('returns the body as a Blob', async () => {
    const { client } = setup(() => new Response(new Blob(['%PDF-1.7']), { status: 200 }));
    const blob = await client.requestBlob('/v1/order/1/contract');
    await expect(blob.text()).resolves.toBe('%PDF-1.7');
  });
});
