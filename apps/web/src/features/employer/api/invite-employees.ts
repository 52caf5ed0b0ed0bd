import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  BulkInviteRequestSchema,
  BulkInviteResultSchema,
  type BulkInviteResult,
  type BulkInviteRow,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/**
 * `POST /v1/tenant/invites` with a list: every row is checked on its own by the server, so the answer
 * counts the created and skipped (already the employer's) people and names each refused row (invalid,
 * or an address that cannot be invited) by its position (1-based).
 */
export function inviteEmployees(invites: BulkInviteRow[]): Promise<BulkInviteResult> {
  return apiClient.request('/v1/tenant/invites', {
    method: 'POST',
    body: BulkInviteRequestSchema.parse({ invites }),
    schema: BulkInviteResultSchema,
  });
}

export function useInviteEmployees() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteEmployees,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employerQueryKey }),
  });
}
