import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { adminActions, stepRequestFor, type AdminAction } from '../../admin/admin-actions';
import { DeclineModal } from '../../admin/components/decline-modal';
import { HandoverModal } from '../../admin/components/handover-modal';
import { ReturnForm } from '../../lease-end/return-form';
import { useSetDeliveryWindow } from '../api/set-delivery-window';
import { useOrderStepAction } from '../api/order-step-action';
import { actionRowOf, stageOf, takesDeliveryWindow } from './order-stage';

function DeliveryWindowForm({ order }: { order: Order }) {
  const { t } = useTranslation('provider');
  const notify = useNotify();
  const save = useSetDeliveryWindow();
  const [from, setFrom] = useState(order.deliveryWindow?.from ?? '');
  const [to, setTo] = useState(order.deliveryWindow?.to ?? '');
  const invalid = !from || !to || from > to;
  const onSave = () =>
    save.mutate(
      { orderId: order.id, body: { from, to } },
      {
        onSuccess: () => notify.success(t('pipeline.windowSaved')),
        onError: (error) =>
          notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater')),
      },
    );
  return (
    <Stack gap="xs" data-testid="delivery-window-form">
      <Title order={4} size="h6">
        {t('pipeline.window')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('pipeline.windowHint')}
      </Text>
      <Group align="flex-end" gap="sm">
        <DayField label={t('pipeline.windowFrom')} value={from} onChange={setFrom} />
        <DayField
          label={t('pipeline.windowTo')}
          value={to}
          onChange={setTo}
          error={from && to && from > to ? t('validation.dateOrder') : undefined}
        />
        <Button onClick={onSave} disabled={invalid} loading={save.isPending}>
          {t('orderDrawer.saveWindow')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * What the back office does with the order now, by its current step: order the car from the
 * manufacturer or decline (after the employer's approval, once the employee's week to cancel is over),
 * the delivery window (from the approval to the handover), the handover with its date, and the return
 * of a running lease. The server checks the same and answers 409 when the order has moved on.
 */
export function OrderStepActions({ order }: { order: Order }) {
  const { t } = useTranslation('provider');
  const { t: tAdmin } = useTranslation('admin');
  const notify = useNotify();
  const stepAction = useOrderStepAction();
  const [declining, setDeclining] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  const stage = stageOf(order);
  const row = actionRowOf(order);
  const actions = adminActions('PROVIDER_ADMIN', row);
  // The car is ordered only once the employee may no longer cancel (ADR 0053); the server says the same.
  const waitsForCancellation = stage === 'ORDERING' && order.cancellation?.open === true;

  const run = (action: AdminAction, extra: { reason?: string; handoverDate?: string } = {}) => {
    const request = stepRequestFor(action, row, extra);
    if (!request) return;
    stepAction.mutate(request, {
      onSuccess: () => notify.success(tAdmin(`actions.done.${action}`, { orderId: order.id })),
      onError: (error) =>
        notify.error(
          isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : tAdmin('actions.retryLater'),
          { title: tAdmin('actions.error') },
        ),
    });
  };

  return (
    <Stack gap="sm" data-testid="order-step-actions">
      <Title order={3} size="h5">
        {t('orderDrawer.now')}
      </Title>
      <Text size="sm" data-testid="order-stage">
        {t(`orderDrawer.stages.${stage}`, {
          step: t(`steps.${order.status}`),
          date: formatDate(order.handoverDate),
        })}
      </Text>
      {waitsForCancellation && order.cancellation ? (
        <Alert variant="light" color="yellow" data-testid="waits-for-cancellation">
          {t('orderDrawer.waitsForCancellation', { date: formatDate(order.cancellation.lastDay) })}
        </Alert>
      ) : null}
      {actions.length > 0 ? (
        <Group gap="xs">
          {actions.includes('ordered') ? (
            <Button loading={stepAction.isPending} disabled={waitsForCancellation} onClick={() => run('ordered')}>
              {tAdmin('actions.ordered')}
            </Button>
          ) : null}
          {actions.includes('handover') ? (
            <Button disabled={stepAction.isPending} onClick={() => setHandingOver(true)}>
              {tAdmin('actions.handover')}
            </Button>
          ) : null}
          {actions.includes('decline') ? (
            <Button color="red" variant="outline" disabled={stepAction.isPending} onClick={() => setDeclining(true)}>
              {tAdmin('actions.decline')}
            </Button>
          ) : null}
        </Group>
      ) : null}
      {takesDeliveryWindow(stage) ? (
        // Keyed by the saved window, so the form starts from it again after it changed elsewhere.
        <DeliveryWindowForm
          key={`${order.deliveryWindow?.from ?? ''}-${order.deliveryWindow?.to ?? ''}`}
          order={order}
        />
      ) : order.deliveryWindow ? (
        <Text size="sm" c="dimmed">
          {t('pipeline.windowValue', {
            from: formatDate(order.deliveryWindow.from),
            to: formatDate(order.deliveryWindow.to),
          })}
        </Text>
      ) : null}
      {/* Kept mounted when the return ends the lease, so the settlement it answered stays in view. */}
      {stage === 'ACTIVE' || stage === 'ENDED' ? (
        <ReturnForm key={`return-${String(order.id)}`} orderId={order.id} ended={stage === 'ENDED'} />
      ) : null}
      <DeclineModal
        orderId={declining ? order.id : null}
        onClose={() => setDeclining(false)}
        onSubmit={(reason) => {
          run('decline', { reason });
          setDeclining(false);
        }}
      />
      <HandoverModal
        orderId={handingOver ? order.id : null}
        onClose={() => setHandingOver(false)}
        onSubmit={(handoverDate) => {
          run('handover', { handoverDate });
          setHandingOver(false);
        }}
      />
    </Stack>
  );
}
