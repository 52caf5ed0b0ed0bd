import { QueryClient } from '@tanstack/react-query';

import { isApiError } from './api-client';
import { authStore, type AuthStore } from './auth-store';

const MAX_RETRIES = 2;

/** A 4xx answer will not change by asking again; network failures and 5xx may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Orders, signatures and profile saves must not be sent twice behind the user's back.
        retry: false,
      },
    },
  });
}

/**
 * Empties the cache whenever the session ends (sign-out, failed refresh, start of a new sign-in), so
 * nobody sees the previous user's data. A token refresh replaces auth data without passing through
 * "signed out" and keeps the cache.
 */
export function scopeCacheToSession(client: QueryClient, store: Pick<AuthStore, 'getAuthData' | 'subscribe'>) {
  return store.subscribe(() => {
    if (store.getAuthData() === null) client.clear();
  });
}

/** The app's cache, shared by every layout that provides TanStack Query. */
export const queryClient: QueryClient = createQueryClient();
scopeCacheToSession(queryClient, authStore);
