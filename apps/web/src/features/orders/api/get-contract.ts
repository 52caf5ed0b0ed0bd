import { queryOptions, useQuery } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/** `GET /v1/order/{orderId}/contract`: the transfer contract as PDF (the signed one once it exists). */
export function getContract(orderId: number, signal?: AbortSignal): Promise<Blob> {
  return apiClient.requestBlob(`/v1/order/${String(orderId)}/contract`, { signal });
}

export function contractQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'contract', orderId],
    queryFn: ({ signal }) => getContract(orderId, signal),
    staleTime: 0,
    // A PDF of personal data: do not keep it around once nobody shows it.
    gcTime: 0,
  });
}

export function useContract(orderId: number) {
  return useQuery(contractQueryOptions(orderId));
}
