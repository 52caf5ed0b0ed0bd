import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  TenantPolicyResponseSchema,
  TenantPolicySchema,
  type TenantPolicy,
  type TenantPolicyResponse,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { policyQueryOptions } from './get-policy';

/** `PUT /v1/tenant/policy`: saves a new version of the rules (running orders keep theirs). */
export function savePolicy(body: TenantPolicy): Promise<TenantPolicyResponse> {
  return apiClient.request('/v1/tenant/policy', {
    method: 'PUT',
    body: TenantPolicySchema.parse(body),
    schema: TenantPolicyResponseSchema,
  });
}

export function useSavePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePolicy,
    onSuccess: (saved) => queryClient.setQueryData(policyQueryOptions().queryKey, saved),
  });
}
