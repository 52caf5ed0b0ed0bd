import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** `GET /v1/order/{orderId}/contract`: the order's contract (the signed one once it exists), as PDF. */
export function getAdminContract(orderId: number): Promise<Blob> {
  return apiClient.requestBlob(`/v1/order/${String(orderId)}/contract`);
}

/** Fetched on the admin's click, so a mutation rather than a cached query. */
export function useAdminContract() {
  return useMutation({ mutationFn: getAdminContract });
}
