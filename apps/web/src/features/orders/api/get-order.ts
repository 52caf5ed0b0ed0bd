import { queryOptions, useQuery } from '@tanstack/react-query';

import { OrderSchema, type Order } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/** `GET /v1/order/{orderId}`: one order with its frozen snapshot (the preview). */
export function getOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiClient.request(`/v1/order/${String(orderId)}`, { schema: OrderSchema, signal });
}

export function orderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'detail', orderId],
    queryFn: ({ signal }) => getOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useOrder(orderId: number, enabled = true) {
  return useQuery({ ...orderQueryOptions(orderId), enabled });
}
