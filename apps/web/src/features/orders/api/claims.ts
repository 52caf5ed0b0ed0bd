import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { ClaimReportRequestSchema, ClaimSchema, type Claim, type ClaimReportRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { encodeMultipart } from '../../../lib/multipart';
import { ordersQueryKey } from './keys';

const ClaimListSchema = z.array(ClaimSchema);
const claimsPath = (orderId: number) => `/v1/order/${String(orderId)}/claims`;
export const claimsKey = (orderId: number) => [...ordersQueryKey, 'claims', orderId];

/** `GET /v1/order/{orderId}/claims`: the order's damage, accident and theft reports, newest first. */
export function getClaims(orderId: number, signal?: AbortSignal): Promise<Claim[]> {
  return apiClient.request(claimsPath(orderId), { schema: ClaimListSchema, signal });
}

export function useClaims(orderId: number, enabled: boolean) {
  return useQuery({
    queryKey: claimsKey(orderId),
    queryFn: ({ signal }) => getClaims(orderId, signal),
    enabled,
    retry: false,
  });
}

/**
 * `POST /v1/order/{orderId}/claims` as multipart/form-data: the report as JSON in the field `claim`,
 * the photos in the field `photos` (the server takes up to ten, JPEG, PNG or WebP up to 10 MB each).
 */
export async function reportClaim(orderId: number, report: ClaimReportRequest, photos: readonly File[]) {
  const form = new FormData();
  form.append('claim', JSON.stringify(ClaimReportRequestSchema.parse(report)));
  for (const photo of photos) form.append('photos', photo, photo.name);
  return apiClient.request(claimsPath(orderId), {
    method: 'POST',
    raw: await encodeMultipart(form),
    schema: ClaimSchema,
  });
}

/** Reports a claim; the order's list reloads either way. */
export function useReportClaim(orderId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ report, photos }: { report: ClaimReportRequest; photos: readonly File[] }) =>
      reportClaim(orderId, report, photos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimsKey(orderId) }),
  });
}

export interface ClaimPhotoRef {
  orderId: number;
  claimId: string;
  photoId: string;
}

/**
 * `GET /v1/order/{orderId}/claims/{claimId}/photos/{photoId}`: one photo as WebP. It needs the bearer
 * token, so it comes through the API client as a blob, never as a plain image address.
 */
export function getClaimPhoto({ orderId, claimId, photoId }: ClaimPhotoRef, signal?: AbortSignal): Promise<Blob> {
  return apiClient.requestBlob(
    `${claimsPath(orderId)}/${encodeURIComponent(claimId)}/photos/${encodeURIComponent(photoId)}`,
    { signal },
  );
}

export function useClaimPhoto(ref: ClaimPhotoRef) {
  return useQuery({
    queryKey: [...claimsKey(ref.orderId), ref.claimId, 'photo', ref.photoId],
    queryFn: ({ signal }) => getClaimPhoto(ref, signal),
    // A stored photo never changes.
    staleTime: Infinity,
    retry: false,
  });
}
