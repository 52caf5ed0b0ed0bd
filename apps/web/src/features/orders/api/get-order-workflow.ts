import { queryOptions, useQuery } from '@tanstack/react-query';

import { OrderSchema, type Order } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/** `GET /v1/order/{orderId}/workflow`: the order with step definitions and status records. */
export function getOrderWorkflow(orderId: number, signal?: AbortSignal): Promise<Order> {
  return apiClient.request(`/v1/order/${String(orderId)}/workflow`, { schema: OrderSchema, signal });
}

export function orderWorkflowQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: [...ordersQueryKey, 'workflow', orderId],
    queryFn: ({ signal }) => getOrderWorkflow(orderId, signal),
    staleTime: 0,
  });
}

export function useOrderWorkflow(orderId: number, enabled = true) {
  return useQuery({ ...orderWorkflowQueryOptions(orderId), enabled });
}
