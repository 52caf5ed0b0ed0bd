import { CreateOrderRequestSchema, CreateOrderResponseSchema, type CreateOrderRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';

/**
 * `POST /v1/order`: `orderId` when created, or `errors` listing what is missing (spec 4.3). The key
 * names one order attempt: sent again (a double click, a retry after a lost answer) it returns the
 * same order instead of a second one.
 */
export function createOrder({ idempotencyKey, ...body }: CreateOrderRequest & { idempotencyKey: string }) {
  return apiClient.request('/v1/order', {
    method: 'POST',
    body: CreateOrderRequestSchema.parse(body),
    schema: CreateOrderResponseSchema,
    idempotencyKey,
  });
}
