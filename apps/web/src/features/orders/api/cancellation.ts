import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  CancelOrderRequestSchema,
  OrderSchema,
  WaiveCancellationRequestSchema,
  type CancelOrderRequest,
  type Order,
} from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { orderWorkflowQueryOptions } from './get-order-workflow';
import { ordersQueryKey } from './keys';

/** `POST /v1/order/{orderId}/cancel`: the cancelled order; 409 after the window (ADR 0053). */
export function cancelOrder({ orderId, body }: { orderId: number; body: CancelOrderRequest }): Promise<Order> {
  return apiClient.request(`/v1/order/${String(orderId)}/cancel`, {
    method: 'POST',
    body: CancelOrderRequestSchema.parse(body),
    schema: OrderSchema,
  });
}

/** `POST /v1/order/{orderId}/waive-cancellation`: the employee's explicit yes to giving up the window. */
export function waiveCancellation(orderId: number): Promise<Order> {
  return apiClient.request(`/v1/order/${String(orderId)}/waive-cancellation`, {
    method: 'POST',
    body: WaiveCancellationRequestSchema.parse({ acknowledged: true }),
    schema: OrderSchema,
  });
}

function useOrderChange<T>(change: (input: T) => Promise<Order>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (order) => {
      queryClient.setQueryData(orderWorkflowQueryOptions(order.id).queryKey, order);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

export const useCancelOrder = () => useOrderChange(cancelOrder);
export const useWaiveCancellation = () => useOrderChange(waiveCancellation);
