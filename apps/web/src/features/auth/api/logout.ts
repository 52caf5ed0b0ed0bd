import { apiClient } from '../../../lib/api-client';

/** Give up on the server side after this long; signing out locally must not hang on a slow network. */
const LOGOUT_TIMEOUT_MS = 5000;

/**
 * `POST /v1/auth/logout` revokes the refresh token on the server. Best effort: the caller clears the
 * local session whatever happens here.
 */
export async function logout(refreshToken: string): Promise<void> {
  await apiClient.request('/v1/auth/logout', {
    method: 'POST',
    body: { refreshToken },
    handleAuthErrors: false,
    signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
  });
}
