import { isRunningLease, type Order } from '@leasing/contract';

import type { AdminRow } from '../../admin/admin-actions';

/**
 * Where an order stands for the back office, read from the order itself (not from the pipeline's row),
 * so the drawer stays right when an action moves the order out of a filtered list. The same split as
 * the pipeline's statuses (`pipelineStatusOf` in the API), with the ended lease apart: its return is
 * recorded, its settlement stays in view.
 */
export type OrderStage = 'EMPLOYEE' | 'EMPLOYER' | 'ORDERING' | 'DELIVERY' | 'ACTIVE' | 'ENDED' | 'CLOSED';

export function stageOf(order: Pick<Order, 'status' | 'handoverDate'>): OrderStage {
  if (isRunningLease(order)) return 'ACTIVE';
  switch (order.status) {
    case 'CONFIRM_SUMMARY':
    case 'PREVIEW_CONTRACT':
    case 'NECT_DRIVERS_LICENCE':
    case 'NECT_SIGN':
      return 'EMPLOYEE';
    case 'TENANT_ADMIN_CLICK_CONFIRM':
      return 'EMPLOYER';
    case 'ADMIN_CONFIRM':
      return 'ORDERING';
    case 'LEASING_ACTIVE':
      return 'DELIVERY';
    case 'LEASE_ENDED':
      return 'ENDED';
    default:
      return 'CLOSED';
  }
}

/** The API sets a delivery window from the employer's approval up to the handover (409 otherwise). */
export function takesDeliveryWindow(stage: OrderStage): boolean {
  return stage === 'EMPLOYER' || stage === 'ORDERING' || stage === 'DELIVERY';
}

/**
 * The order as the step actions read it (`adminActions`, `stepRequestFor`): its current step and that
 * step's open status record, or nulls when no record is open (a completed handover, a final state).
 */
export function actionRowOf(order: Pick<Order, 'id' | 'status' | 'steps' | 'userSteps'>): AdminRow {
  const current = order.steps.find((step) => step.stepType === order.status);
  const open = current
    ? order.userSteps.find((record) => record.stepId === current.id && record.status === null)
    : undefined;
  return {
    id: order.id,
    status: order.status,
    currentStepId: open ? open.stepId : null,
    currentUserStepId: open ? open.id : null,
  };
}
