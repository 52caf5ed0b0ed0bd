import { queryOptions, useQuery } from '@tanstack/react-query';

import { TenantPolicyResponseSchema, type TenantPolicyResponse } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `GET /v1/tenant/policy`: the programme's rules in force with their version (0 = the defaults). */
export function getPolicy(signal?: AbortSignal): Promise<TenantPolicyResponse> {
  return apiClient.request('/v1/tenant/policy', { schema: TenantPolicyResponseSchema, signal });
}

export function policyQueryOptions() {
  return queryOptions({
    queryKey: [...employerQueryKey, 'policy'],
    queryFn: ({ signal }) => getPolicy(signal),
  });
}

export function usePolicy() {
  return useQuery(policyQueryOptions());
}
