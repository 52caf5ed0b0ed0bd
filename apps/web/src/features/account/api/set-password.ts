import { useMutation } from '@tanstack/react-query';

import { AuthResponseSchema, type AuthResponse, type PasswordResetRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/**
 * `PUT /v1/confirm/password/reset`: sets a password with a reset, invite or welcome code and answers a
 * fresh session (`CODE_INVALID` for a used, expired or unknown code).
 */
export function setPassword(body: PasswordResetRequest): Promise<AuthResponse> {
  return apiClient.request('/v1/confirm/password/reset', {
    method: 'PUT',
    body,
    schema: AuthResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
