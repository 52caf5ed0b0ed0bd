import { useSyncExternalStore } from 'react';

import { AuthDataSchema, type AuthData } from '@leasing/contract';

/** Browser storage key of the tokens (spec 3 "Auth data"). */
export const AUTH_DATA_KEY = 'authData';

type Listener = () => void;

export interface AuthStore {
  getAuthData: () => AuthData | null;
  setAuthData: (authData: AuthData) => void;
  clearAuthData: () => void;
  /** Calls `listener` after every change, including changes made in another tab. Returns the unsubscribe function. */
  subscribe: (listener: Listener) => () => void;
}

/**
 * A tiny store over `localStorage`. The parsed value is cached per raw string so that
 * `useSyncExternalStore` sees a stable snapshot; malformed content counts as "signed out".
 */
export function createAuthStore(storage: Storage, target: Window | null): AuthStore {
  const listeners = new Set<Listener>();
  let cachedRaw: string | null = null;
  let cachedValue: AuthData | null = null;

  const notify = (): void => {
    for (const listener of listeners) listener();
  };

  const readRaw = (): string | null => {
    try {
      return storage.getItem(AUTH_DATA_KEY);
    } catch {
      return null;
    }
  };

  const parse = (raw: string | null): AuthData | null => {
    if (raw === null) return null;
    try {
      const result = AuthDataSchema.safeParse(JSON.parse(raw));
      return result.success ? { accessToken: result.data.accessToken, refreshToken: result.data.refreshToken } : null;
    } catch {
      return null;
    }
  };

  // Another tab signing in or out changes our session too.
  target?.addEventListener('storage', (event) => {
    if (event.key === AUTH_DATA_KEY || event.key === null) notify();
  });

  return {
    getAuthData: () => {
      const raw = readRaw();
      if (raw !== cachedRaw) {
        cachedRaw = raw;
        cachedValue = parse(raw);
      }
      return cachedValue;
    },
    setAuthData: (authData) => {
      storage.setItem(
        AUTH_DATA_KEY,
        JSON.stringify({ accessToken: authData.accessToken, refreshToken: authData.refreshToken }),
      );
      notify();
    },
    clearAuthData: () => {
      try {
        storage.removeItem(AUTH_DATA_KEY);
      } finally {
        notify();
      }
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * The app's store over `window.localStorage`. Through `globalThis`, so that the build-time render of the
 * sign-in page (Node, no window) can load this module: reading there finds no session (readRaw).
 */
export const authStore: AuthStore = createAuthStore(globalThis.localStorage, globalThis.window ?? null);

export const getAuthData = (): AuthData | null => authStore.getAuthData();
export const setAuthData = (authData: AuthData): void => authStore.setAuthData(authData);
export const clearAuthData = (): void => authStore.clearAuthData();
export const subscribeAuthData = (listener: Listener): (() => void) => authStore.subscribe(listener);

/** Current auth data; re-renders when it changes (sign-in, sign-out, refresh, other tabs). */
export function useAuthData(store: AuthStore = authStore): AuthData | null {
  return useSyncExternalStore(store.subscribe, store.getAuthData, store.getAuthData);
}
