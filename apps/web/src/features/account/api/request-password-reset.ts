import { useMutation } from '@tanstack/react-query';

import { AcceptedResponseSchema } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/**
 * `POST /v1/confirm/password/reset/mail/{emailAddress}`: always 202, whether an account exists or not,
 * so the screen answers identically every time.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.request(`/v1/confirm/password/reset/mail/${encodeURIComponent(email)}`, {
    method: 'POST',
    schema: AcceptedResponseSchema,
    handleAuthErrors: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
