import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { TerminationQuoteSchema, type TerminationQuote } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { employerQueryKey } from './keys';

/** `GET /v1/tenant/orders/{orderId}/termination-quote?date=`: ending a running lease on `date`. */
export function getTerminationQuote(orderId: number, date: string, signal?: AbortSignal): Promise<TerminationQuote> {
  return apiClient.request(
    `/v1/tenant/orders/${String(orderId)}/termination-quote?date=${encodeURIComponent(date)}&reason=LEAVING`,
    { schema: TerminationQuoteSchema, signal },
  );
}

export function useTerminationQuote(orderId: number | null, date: string, enabled: boolean) {
  return useQuery({
    queryKey: [...employerQueryKey, 'termination-quote', orderId, date],
    queryFn: ({ signal }) => getTerminationQuote(orderId ?? 0, date, signal),
    enabled: enabled && orderId !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
