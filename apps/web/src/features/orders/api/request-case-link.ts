import { useMutation } from '@tanstack/react-query';

import { LinkResponseSchema } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** The two provider cases: the driving licence check (`ident`) and the qualified signature (`sign`). */
export type CaseKind = 'ident' | 'sign';

export interface CaseRef {
  orderId: number;
  stepId: number;
  kind: CaseKind;
}

/**
 * `PUT /v1/order/{orderId}/step/{stepId}/nect-ident|nect-sign`: the link to the provider's page. While
 * a case is open the same link comes back; after a failed or cancelled case a new one starts.
 */
export async function requestCaseLink({ orderId, stepId, kind }: CaseRef): Promise<string> {
  const answer = await apiClient.request(`/v1/order/${String(orderId)}/step/${String(stepId)}/nect-${kind}`, {
    method: 'PUT',
    schema: LinkResponseSchema,
  });
  return answer.link;
}

export function useRequestCaseLink() {
  return useMutation({ mutationFn: requestCaseLink });
}
