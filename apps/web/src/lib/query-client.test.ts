import { describe, expect, it } from 'vitest';

import { createMemoryStorage } from '../test/memory-storage';
import { ApiError } from './api-client';
import { createAuthStore } from './auth-store';
import { createQueryClient, scopeCacheToSession, shouldRetry } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: 'INTERNAL', message: 'x' });

describe('query retry rule', () => {
  it('never retries a 4xx answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) expect(shouldRetry(0, apiError(status))).toBe(false);
  });

  it('retries 5xx and network failures twice', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(1, apiError(0))).toBe(true);
    expect(shouldRetry(2, apiError(500))).toBe(false);
    expect(shouldRetry(0, new TypeError('boom'))).toBe(true);
  });
});

describe('session-scoped cache', () => {
  it('keeps the cache on a token refresh and empties it when the session ends', () => {
    const store = createAuthStore(createMemoryStorage(), null);
    const client = createQueryClient();
    scopeCacheToSession(client, store);
    store.setAuthData({ accessToken: 'a1', refreshToken: 'r1' });
    client.setQueryData(['me'], { firstName: 'Max' });

    store.setAuthData({ accessToken: 'a2', refreshToken: 'r2' });
    expect(client.getQueryData(['me'])).toEqual({ firstName: 'Max' });

    store.clearAuthData();
    expect(client.getQueryData(['me'])).toBeUndefined();
  });
});
