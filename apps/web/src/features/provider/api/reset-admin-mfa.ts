import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/**
 * `POST /v1/provider/tenants/{id}/admins/{userId}/mfa/reset` (204): the HR admin's second factor and
 * sessions end; they enrol again with a code mailed to them.
 */
export async function resetAdminMfa({ tenantId, userId }: { tenantId: string; userId: string }): Promise<void> {
  await apiClient.request(
    `/v1/provider/tenants/${encodeURIComponent(tenantId)}/admins/${encodeURIComponent(userId)}/mfa/reset`,
    { method: 'POST' },
  );
}

export function useResetAdminMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAdminMfa,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
