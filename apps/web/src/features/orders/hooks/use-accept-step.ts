import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { useStepAction } from '../api/step-action';
import type { WorkflowStep } from '../workflow';

/**
 * Accepts the active step with the order id and its status record's id; the answer replaces the
 * workflow (the order "reloads"). A failure is the toast 'Error' (spec 4.5, 8).
 */
export function useAcceptStep(order: Pick<Order, 'id'>, step: WorkflowStep) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const action = useStepAction();
  const accept = (extra: { agreed?: boolean } = {}) => {
    if (step.id === null || step.record === null) return;
    action.mutate(
      { stepId: step.id, action: 'accept', body: { orderId: order.id, userStepId: step.record.id, ...extra } },
      { onError: () => notify.error(t('common.error')) },
    );
  };
  return { accept, pending: action.isPending };
}
