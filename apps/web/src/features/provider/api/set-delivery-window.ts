import { useMutation, useQueryClient } from '@tanstack/react-query';

import { DeliveryWindowRequestSchema, OrderSchema, type DeliveryWindowRequest, type Order } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { adminQueryKey } from '../../admin/api/keys';
import { providerQueryKey } from './keys';

/**
 * `PUT /v1/provider/orders/{id}/delivery-window`: the employee sees the window on the order and gets a
 * mail when it changes. 409 for orders before the signature or after the handover.
 */
export function setDeliveryWindow({ orderId, body }: { orderId: number; body: DeliveryWindowRequest }): Promise<Order> {
  return apiClient.request(`/v1/provider/orders/${String(orderId)}/delivery-window`, {
    method: 'PUT',
    body: DeliveryWindowRequestSchema.parse(body),
    schema: OrderSchema,
  });
}

export function useSetDeliveryWindow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDeliveryWindow,
    // The pipeline's row and the order's detail in the drawer both show the window.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: providerQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminQueryKey }),
      ]),
  });
}
