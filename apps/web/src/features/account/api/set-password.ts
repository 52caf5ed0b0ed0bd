import { useMutation } from '@tanstack/react-query';

import { PasswordSetResponseSchema, type PasswordResetRequest, type PasswordSetResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/**
 * `PUT /v1/confirm/password/reset`: sets a password with a reset, invite or welcome code and answers a
 * fresh session (`CODE_INVALID` for a used, expired or unknown code); an admin without a second
 * factor also gets the code that starts its enrolment.
 */
export function setPassword(body: PasswordResetRequest): Promise<PasswordSetResponse> {
  return apiClient.request('/v1/confirm/password/reset', {
    method: 'PUT',
    body,
    schema: PasswordSetResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
