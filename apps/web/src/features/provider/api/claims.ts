import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  ClaimSchema,
  ClaimUpdateRequestSchema,
  ProviderClaimPageSchema,
  type Claim,
  type ClaimUpdateRequest,
  type ProviderClaimPage,
  type ProviderClaimsQuery,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

const claimsKey = [...providerQueryKey, 'claims'] as const;

/** `GET /v1/provider/claims`: the damage reports of every lease, filtered, searched and paged on the server. */
export function getProviderClaims(query: ProviderClaimsQuery, signal?: AbortSignal): Promise<ProviderClaimPage> {
  return apiClient.request('/v1/provider/claims', { query: { ...query }, schema: ProviderClaimPageSchema, signal });
}

export function providerClaimsQueryOptions(query: ProviderClaimsQuery) {
  return queryOptions({
    queryKey: [...claimsKey, query],
    queryFn: ({ signal }) => getProviderClaims(query, signal),
    // The next page keeps the table in place while it loads.
    placeholderData: keepPreviousData,
  });
}

export function useProviderClaims(query: ProviderClaimsQuery) {
  return useQuery(providerClaimsQueryOptions(query));
}

/**
 * `PATCH /v1/provider/claims/{claimId}`: the next state, a note to the employee, the excess (decided
 * once; 409 with the reason in German otherwise). The queue reloads either way.
 */
export function updateClaim({ claimId, body }: { claimId: string; body: ClaimUpdateRequest }): Promise<Claim> {
  return apiClient.request(`/v1/provider/claims/${encodeURIComponent(claimId)}`, {
    method: 'PATCH',
    body: ClaimUpdateRequestSchema.parse(body),
    schema: ClaimSchema,
  });
}

export function useUpdateClaim() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClaim,
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsKey }),
  });
}
