import { useMutation } from '@tanstack/react-query';

import type { CreateOrderRequest } from '@leasing/contract';

type OrderAttempt = CreateOrderRequest & { idempotencyKey: string };

/**
 * The order mutation of the vehicle page. The request and the orders contract it checks against load
 * with the click, not with the page: most visits end without an order.
 */
export function useCreateOrder() {
  return useMutation({
    mutationFn: async (attempt: OrderAttempt) => (await import('./create-order-request')).createOrder(attempt),
  });
}
