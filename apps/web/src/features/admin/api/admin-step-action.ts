import { useMutation, useQueryClient } from '@tanstack/react-query';

import { OrderSchema, StepActionRequestSchema, type Order } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import type { AdminStepRequest } from '../admin-actions';
import { adminQueryKey } from './keys';

/**
 * `PUT /v1/order/{orderId}/step/{stepId}/accept|decline` as an admin: approve, decline with a reason,
 * "ordered from the manufacturer", handover with its date. 409 when someone else was faster.
 */
export function adminStepAction({ stepId, action, body }: AdminStepRequest): Promise<Order> {
  const request = StepActionRequestSchema.parse(body);
  return apiClient.request(`/v1/order/${String(request.orderId)}/step/${String(stepId)}/${action}`, {
    method: 'PUT',
    body: request,
    schema: OrderSchema,
  });
}

export function useAdminStepAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminStepAction,
    // Success or conflict: either way the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
