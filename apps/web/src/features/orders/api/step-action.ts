import { useMutation, useQueryClient } from '@tanstack/react-query';

import { OrderSchema, StepActionRequestSchema, type Order, type StepActionRequest } from '@leasing/contract';

import { apiClient } from '../../../lib/api-client';
import { ordersQueryKey } from './keys';
import { orderWorkflowQueryOptions } from './get-order-workflow';

export type StepActionKind = 'accept' | 'decline' | 'execute';

export interface StepActionInput {
  stepId: number;
  action: StepActionKind;
  body: StepActionRequest;
}

/**
 * `PUT /v1/order/{orderId}/step/{stepId}/accept|decline|execute` with the order id and the current
 * status record's id: the updated order. 409 when the step is no longer current.
 */
export function stepAction({ stepId, action, body }: StepActionInput): Promise<Order> {
  const request = StepActionRequestSchema.parse(body);
  return apiClient.request(`/v1/order/${String(request.orderId)}/step/${String(stepId)}/${action}`, {
    method: 'PUT',
    body: request,
    schema: OrderSchema,
  });
}

/** Acts on a step; the answer replaces the workflow view and the other order views reload. */
export function useStepAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stepAction,
    onSuccess: (order) => {
      queryClient.setQueryData(orderWorkflowQueryOptions(order.id).queryKey, order);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}
