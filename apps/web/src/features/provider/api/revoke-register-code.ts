import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `DELETE /v1/provider/tenants/{id}/register-codes/{code}` (204): the code stops working at once. */
export async function revokeRegisterCode({ tenantId, code }: { tenantId: string; code: string }): Promise<void> {
  await apiClient.request(
    `/v1/provider/tenants/${encodeURIComponent(tenantId)}/register-codes/${encodeURIComponent(code)}`,
    { method: 'DELETE' },
  );
}

export function useRevokeRegisterCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRegisterCode,
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
