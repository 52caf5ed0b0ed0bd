import { useCallback, useState } from 'react';

import {
  AuthResponseSchema,
  LoginResponseSchema,
  type AuthResponse,
  type LoginRequest,
  type LoginResponse,
  type MfaLoginRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** `POST /v1/auth/login`. Signing in is not a session call, so a 401/403 must not trigger refresh or redirect. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return apiClient.request('/v1/auth/login', {
    method: 'POST',
    body,
    schema: LoginResponseSchema,
    handleAuthErrors: false,
  });
}

/** `POST /v1/auth/mfa`: the second half of a login with a second factor. */
export function completeMfaLogin(body: MfaLoginRequest): Promise<AuthResponse> {
  return apiClient.request('/v1/auth/mfa', {
    method: 'POST',
    body,
    schema: AuthResponseSchema,
    handleAuthErrors: false,
  });
}

/**
 * The sign-in call with its pending state. Deliberately not a TanStack mutation: the sign-in screen has
 * no server state to cache, and leaving TanStack Query out of it keeps /login's first load under budget
 * (see apps/web/README.md). The shape mirrors `useMutation` so switching later is a one-line change.
 */
export function useLogin() {
  const [isPending, setIsPending] = useState(false);
  const mutateAsync = useCallback(async (body: LoginRequest): Promise<LoginResponse> => {
    setIsPending(true);
    try {
      return await login(body);
    } finally {
      setIsPending(false);
    }
  }, []);
  return { mutateAsync, isPending };
}
