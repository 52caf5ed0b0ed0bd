import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';

import { OrderSchema, type Order } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

const OrderListSchema = z.array(OrderSchema);

/** `GET /v1/order`: the employee's own orders with steps and status records. */
export function getOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiClient.request('/v1/order', { schema: OrderListSchema, signal });
}

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'list'],
    queryFn: ({ signal }) => getOrders(signal),
    // Admins change the status behind the employee's back: always ask again on a visit.
    staleTime: 0,
  });
}

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
