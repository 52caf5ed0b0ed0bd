import { queryOptions, useQuery } from '@tanstack/react-query';

import { TenantDetailSchema, type TenantDetail } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/tenants/{id}`: the employer with its register codes and HR admins. */
export function getTenant(tenantId: string, signal?: AbortSignal): Promise<TenantDetail> {
  return apiClient.request(`/v1/provider/tenants/${encodeURIComponent(tenantId)}`, {
    schema: TenantDetailSchema,
    signal,
  });
}

export function tenantQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'tenants', tenantId],
    queryFn: ({ signal }) => getTenant(tenantId, signal),
  });
}

export function useTenant(tenantId: string) {
  return useQuery(tenantQueryOptions(tenantId));
}
