import { useMutation } from '@tanstack/react-query';

import { CreateOrderRequestSchema, CreateOrderResponseSchema, type CreateOrderRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/** `POST /v1/order`: `orderId` when created, or `errors` listing what is missing (spec 4.3). */
export function createOrder(body: CreateOrderRequest) {
  return apiClient.request('/v1/order', {
    method: 'POST',
    body: CreateOrderRequestSchema.parse(body),
    schema: CreateOrderResponseSchema,
  });
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
