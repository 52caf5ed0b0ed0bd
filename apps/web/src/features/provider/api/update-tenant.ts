import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  TenantDetailSchema,
  UpdateTenantRequestSchema,
  type TenantDetail,
  type UpdateTenantRequest,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `PUT /v1/provider/tenants/{id}`: name, address and contact. */
export function updateTenant({
  tenantId,
  body,
}: {
  tenantId: string;
  body: UpdateTenantRequest;
}): Promise<TenantDetail> {
  return apiClient.request(`/v1/provider/tenants/${encodeURIComponent(tenantId)}`, {
    method: 'PUT',
    body: UpdateTenantRequestSchema.parse(body),
    schema: TenantDetailSchema,
  });
}

export function useUpdateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTenant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: providerQueryKey }),
  });
}
