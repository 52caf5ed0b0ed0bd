import { useMutation } from '@tanstack/react-query';

import { AcceptedResponseSchema, InviteRequestSchema, type InviteRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/**
 * `POST /v1/admin/invites` (tenant admins only): 202 `{accepted: true}` for every valid request, also
 * for an address that already has an account, so the answer never reveals accounts. 400 with field
 * errors, 429 when rate-limited.
 */
export function inviteEmployee(body: InviteRequest): Promise<{ accepted: true }> {
  return apiClient.request('/v1/admin/invites', {
    method: 'POST',
    body: InviteRequestSchema.parse(body),
    schema: AcceptedResponseSchema,
  });
}

export function useInviteEmployee() {
  return useMutation({ mutationFn: inviteEmployee });
}
