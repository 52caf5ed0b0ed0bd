import { useMutation, useQueryClient } from '@tanstack/react-query';

import { TenantDetailSchema, type TenantDetail } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/**
 * `POST /v1/provider/tenants/{id}/deactivate|reactivate`: a deactivated employer takes no new
 * registrations or orders; existing leases continue.
 */
export function setTenantEnabled({ tenantId, enabled }: { tenantId: string; enabled: boolean }): Promise<TenantDetail> {
  const action = enabled ? 'reactivate' : 'deactivate';
  return apiClient.request(`/v1/provider/tenants/${encodeURIComponent(tenantId)}/${action}`, {
    method: 'POST',
    schema: TenantDetailSchema,
  });
}

export function useSetTenantEnabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTenantEnabled,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
