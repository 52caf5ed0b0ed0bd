import { afterEach, describe, expect, it, vi } from 'vitest';

import { createApiClient } from './api-client';
import { takeFirstRequest } from './first-requests';

const session = { accessToken: 'token-1', refreshToken: 'refresh-1' };
const authStore = { getAuthData: () => session, setAuthData: vi.fn(), clearAuthData: vi.fn() };
const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe('answers asked for by the head script', () => {
  afterEach(() => {
    window.leasingFirstRequests = undefined;
  });

  it('are taken over once, for the same address and token, instead of asking again', async () => {
    window.leasingFirstRequests = {
      '/v1/me': { token: 'token-1', response: Promise.resolve(answer({ firstName: 'Max' })) },
    };
    const fetch = vi.fn(() => Promise.resolve(answer({ firstName: 'Neu' })));
    const client = createApiClient({ fetch, authStore, takeEarlyAnswer: takeFirstRequest });

    await expect(client.request('/v1/me')).resolves.toEqual({ firstName: 'Max' });
    expect(fetch).not.toHaveBeenCalled();
    // A refetch asks the server.
    await expect(client.request('/v1/me')).resolves.toEqual({ firstName: 'Neu' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not used for another address, another method or a renewed session', async () => {
    const early = () => ({ token: 'token-1', response: Promise.resolve(answer({ early: true })) });
    window.leasingFirstRequests = { '/v1/search': early(), '/v1/user/info': early() };
    const fetch = vi.fn(() => Promise.resolve(answer({ early: false })));
    const client = createApiClient({ fetch, authStore, takeEarlyAnswer: takeFirstRequest });

    await expect(client.request('/v1/search', { query: { manufacturerIds: 'Tesla' } })).resolves.toEqual({
      early: false,
    });
    await expect(client.request('/v1/user/info', { method: 'PUT', body: {} })).resolves.toEqual({ early: false });
    expect(takeFirstRequest('/v1/search', 'token-2')).toBeUndefined();
    // Asked for with another token, it is dropped, not kept for later.
    expect(takeFirstRequest('/v1/search', 'token-1')).toBeUndefined();
  });

  it('lets a refused early answer take the usual way: the session is renewed and the request sent again', async () => {
    window.leasingFirstRequests = {
      '/v1/me': { token: 'token-1', response: Promise.resolve(new Response('{}', { status: 401 })) },
    };
    let current = session;
    const store = {
      getAuthData: () => current,
      setAuthData: (next: typeof session) => {
        current = next;
      },
      clearAuthData: vi.fn(),
    };
    const fetch = vi.fn((url: string) =>
      Promise.resolve(
        url.endsWith('/refreshToken')
          ? answer({ authenticated: true, accessToken: 'token-2', refreshToken: 'refresh-2' })
          : answer({ firstName: 'Max' }),
      ),
    );
    const client = createApiClient({ fetch, authStore: store, takeEarlyAnswer: takeFirstRequest });

    await expect(client.request('/v1/me')).resolves.toEqual({ firstName: 'Max' });
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/v1/auth/refreshToken', '/v1/me']);
    expect(current.accessToken).toBe('token-2');
  });
});
