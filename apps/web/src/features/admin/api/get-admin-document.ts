import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

/** `GET /v1/order/{orderId}/contract/{documentId}`: a stored order document (PDF). */
export function getAdminDocument({ orderId, documentId }: { orderId: number; documentId: string }): Promise<Blob> {
  return apiClient.requestBlob(`/v1/order/${String(orderId)}/contract/${encodeURIComponent(documentId)}`);
}

/** Fetched on the admin's click, so a mutation rather than a cached query. */
export function useAdminDocument() {
  return useMutation({ mutationFn: getAdminDocument });
}
