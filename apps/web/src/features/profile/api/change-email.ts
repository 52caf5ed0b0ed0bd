import { useMutation } from '@tanstack/react-query';

import { AcceptedResponseSchema, type EmailChangeRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/**
 * `PUT /v1/user/email/{emailAddress}`: starts an address change. The new address receives a confirmation
 * link and the change takes effect only then, so the profile keeps showing the current address. The
 * current password goes in the body (step-up).
 */
export async function changeEmail({ email, password }: { email: string } & EmailChangeRequest): Promise<void> {
  await apiClient.request(`/v1/user/email/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body: { password } satisfies EmailChangeRequest,
    schema: AcceptedResponseSchema,
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}
