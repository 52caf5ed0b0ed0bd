import { LoginResponseSchema, SsoExchangeRequestSchema, type LoginResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** The API's start of a company sign-in: a browser navigation (302 to the identity provider). */
export function ssoStartUrl(email: string): string {
  return `/v1/auth/sso/start?${new URLSearchParams({ email: email.trim() }).toString()}`;
}

/**
 * `POST /v1/auth/sso/exchange`: the callback's one-time code for the answer of a login. Not a session
 * call: a 401/403 must not refresh or sign out.
 */
export function exchangeSsoCode(code: string): Promise<LoginResponse> {
  return apiClient.request('/v1/auth/sso/exchange', {
    method: 'POST',
    body: SsoExchangeRequestSchema.parse({ code }),
    schema: LoginResponseSchema,
    handleAuthErrors: false,
  });
}

/**
 * The page to return to after the company sign-in: the browser leaves the app for the identity
 * provider, so the callback path waits in this tab's session storage meanwhile.
 */
const RETURN_KEY = 'sso.callbackPath';

export function rememberSsoReturn(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(RETURN_KEY, path);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage switched off: the sign-in goes to the home page instead.
  }
}

export function takeSsoReturn(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return path;
  } catch {
    return null;
  }
}
