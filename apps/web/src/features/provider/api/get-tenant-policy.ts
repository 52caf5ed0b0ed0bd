import { queryOptions, useQuery } from '@tanstack/react-query';

import { TenantPolicyResponseSchema, type TenantPolicyResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/tenants/{id}/policy`: the employer's programme policy in force (read only). */
export function getTenantPolicy(tenantId: string, signal?: AbortSignal): Promise<TenantPolicyResponse> {
  return apiClient.request(`/v1/provider/tenants/${encodeURIComponent(tenantId)}/policy`, {
    schema: TenantPolicyResponseSchema,
    signal,
  });
}

export function tenantPolicyQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'tenants', tenantId, 'policy'],
    queryFn: ({ signal }) => getTenantPolicy(tenantId, signal),
  });
}

export function useTenantPolicy(tenantId: string) {
  return useQuery(tenantPolicyQueryOptions(tenantId));
}
