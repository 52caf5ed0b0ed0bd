import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';

/** `DELETE /v1/order/{orderId}`: 204; 409 once the contract is signed. */
export async function deleteOrder(orderId: number): Promise<void> {
  await apiClient.request(`/v1/order/${String(orderId)}`, { method: 'DELETE' });
}

/** Deletes and reloads every order view (spec 8: the list reloads). */
export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
