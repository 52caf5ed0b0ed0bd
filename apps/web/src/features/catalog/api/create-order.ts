import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';

import { DeliveryOptionSchema, FieldErrorSchema } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/*
 * `POST /v1/order` (spec 7). The order module of the API and its contract schemas are not there yet;
 * these two schemas describe the agreed shape and move to `@leasing/contract` with the order endpoints.
 */
export const CreateOrderRequestSchema = z.object({
  leasePackageId: z.string(),
  color: z.string().min(1),
  delivery: DeliveryOptionSchema,
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

export const CreateOrderResponseSchema = z.object({
  // Absent when the answer lists errors instead.
  orderId: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((id) => (id === null || id === undefined ? null : String(id))),
  errors: z.array(FieldErrorSchema).optional(),
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

export function createOrder(body: CreateOrderRequest): Promise<CreateOrderResponse> {
  return apiClient.request('/v1/order', {
    method: 'POST',
    body: CreateOrderRequestSchema.parse(body),
    schema: CreateOrderResponseSchema,
  });
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
