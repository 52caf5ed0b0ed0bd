import { CheckResponseSchema } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import type { CaseRef } from './request-case-link';

/**
 * `GET /v1/order/{orderId}/step/{stepId}/nect-ident-check|nect-sign-check`: whether the provider case
 * succeeded. Polled every 3 s by `useCaseDone` (a plain fetcher: the poller owns the timing).
 */
export function checkCase({ orderId, stepId, kind }: CaseRef, signal?: AbortSignal): Promise<boolean> {
  return apiClient.request(`/v1/order/${String(orderId)}/step/${String(stepId)}/nect-${kind}-check`, {
    schema: CheckResponseSchema,
    signal,
  });
}
