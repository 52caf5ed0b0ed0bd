import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { OrderTimelineEventSchema, type OrderTimelineEvent } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { providerQueryKey } from './keys';

/** `GET /v1/provider/orders/{id}/timeline`: every step change and delivery-window change. */
export function getTimeline(orderId: number, signal?: AbortSignal): Promise<OrderTimelineEvent[]> {
  return apiClient.request(`/v1/provider/orders/${String(orderId)}/timeline`, {
    schema: z.array(OrderTimelineEventSchema),
    signal,
  });
}

export function timelineQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...providerQueryKey, 'orders', orderId, 'timeline'],
    queryFn: ({ signal }) => getTimeline(orderId, signal),
  });
}

export function useTimeline(orderId: number | null) {
  return useQuery({ ...timelineQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
