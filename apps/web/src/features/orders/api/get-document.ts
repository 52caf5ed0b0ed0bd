import { useMutation } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';

export interface DocumentRef {
  orderId: number;
  documentId: string;
}

/** `GET /v1/order/{orderId}/contract/{documentId}`: a stored order document (PDF). */
export function getDocument({ orderId, documentId }: DocumentRef): Promise<Blob> {
  return apiClient.requestBlob(`/v1/order/${String(orderId)}/contract/${encodeURIComponent(documentId)}`);
}

/** Fetched on the user's click (the document opens in a new tab), so a mutation rather than a query. */
export function useDocument() {
  return useMutation({ mutationFn: getDocument });
}
