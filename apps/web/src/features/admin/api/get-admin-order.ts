import { queryOptions, useQuery } from '@tanstack/react-query';

import { OrderSchema, type Order } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

/** `GET /v1/order/{orderId}` as an admin: the order without salary data and tax result. */
export function getAdminOrder(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiClient.request(`/v1/order/${String(orderId)}`, { schema: OrderSchema, signal });
}

export function adminOrderQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...adminQueryKey, 'order', orderId],
    queryFn: ({ signal }) => getAdminOrder(orderId, signal),
    staleTime: 0,
  });
}

export function useAdminOrder(orderId: number | null) {
  return useQuery({ ...adminOrderQueryOptions(orderId ?? 0), enabled: orderId !== null });
}
