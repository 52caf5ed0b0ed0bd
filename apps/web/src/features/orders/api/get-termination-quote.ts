import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { TerminationQuoteSchema, type TerminationQuote } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/** What the employee may ask: leaving the employer, or giving the car back early. */
export type OwnTerminationReason = 'LEAVING' | 'EARLY_RETURN';

/** `GET /v1/order/{orderId}/termination-quote?date=&reason=`: ending the employee's own running lease on `date`. */
export function getOwnTerminationQuote(
  orderId: number,
  date: string,
  reason: OwnTerminationReason,
  signal?: AbortSignal,
): Promise<TerminationQuote> {
  const query = new URLSearchParams({ date, reason });
  return apiClient.request(`/v1/order/${String(orderId)}/termination-quote?${query.toString()}`, {
    schema: TerminationQuoteSchema,
    signal,
  });
}

/** Asked once a whole date is entered; the last answer stays while the next one loads. */
export function useOwnTerminationQuote(orderId: number, date: string | null, reason: OwnTerminationReason) {
  return useQuery({
    queryKey: [...ordersQueryKey, 'termination-quote', orderId, date, reason],
    queryFn: ({ signal }) => getOwnTerminationQuote(orderId, date ?? '', reason, signal),
    enabled: date !== null,
    placeholderData: keepPreviousData,
  });
}
