import { Alert, Button, Drawer, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ProviderOrderRow } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTimeline } from '../api/get-timeline';
import { useSetDeliveryWindow } from '../api/set-delivery-window';
import { LoadError } from './load-error';
import { ReturnForm } from '../../lease-end/return-form';

/** Only orders on their way (approved by the employer, not yet handed over) get a delivery window. */
const WINDOW_STATUSES = new Set(['EMPLOYER_APPROVAL', 'ORDERING', 'DELIVERY']);

function DeliveryWindowForm({ order }: { order: ProviderOrderRow }) {
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
    <Stack gap="xs">
      <Title order={3} size="h4">
        {t('pipeline.window')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('pipeline.windowHint')}
      </Text>
      <Group align="flex-end">
        <DayField label={t('pipeline.windowFrom')} value={from} onChange={setFrom} />
        <DayField
          label={t('pipeline.windowTo')}
          value={to}
          onChange={setTo}
          error={from && to && from > to ? t('validation.dateOrder') : undefined}
        />
        <Button onClick={onSave} disabled={invalid} loading={save.isPending}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** An order's history (who changed which step when) and its expected delivery window. */
export function OrderTimelineDrawer({ order, onClose }: { order: ProviderOrderRow | null; onClose: () => void }) {
  const { t } = useTranslation('provider');
  const timeline = useTimeline(order?.id ?? null);
  return (
    <Drawer
      opened={order !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={order ? t('pipeline.drawerTitle', { orderId: order.id }) : ''}
    >
      {order ? (
        <Stack gap="lg">
          <Text>
            {order.employee.firstName} {order.employee.lastName} · {order.tenantName} ·{' '}
            {[order.vehicle.brand, order.vehicle.carModel, order.vehicle.trimLevel].filter(Boolean).join(' ')}
          </Text>
          {WINDOW_STATUSES.has(order.pipelineStatus) ? (
            <DeliveryWindowForm key={order.id} order={order} />
          ) : order.deliveryWindow ? (
            <Alert variant="light">
              {t('pipeline.windowValue', {
                from: formatDate(order.deliveryWindow.from),
                to: formatDate(order.deliveryWindow.to),
              })}
            </Alert>
          ) : null}
          {/* Kept mounted when the return ends the lease, so the settlement it answered stays in view. */}
          {order.pipelineStatus === 'ACTIVE' || order.status === 'LEASE_ENDED' ? (
            <ReturnForm key={`return-${String(order.id)}`} orderId={order.id} ended={order.status === 'LEASE_ENDED'} />
          ) : null}
          <Stack gap="xs">
            <Title order={3} size="h4">
              {t('pipeline.history')}
            </Title>
            {timeline.isError ? <LoadError onRetry={() => void timeline.refetch()} /> : null}
            {timeline.isPending ? <PageLoader /> : null}
            {timeline.data ? (
              <Timeline bulletSize={14} lineWidth={2} data-testid="order-timeline">
                {timeline.data.map((event, index) => (
                  <Timeline.Item
                    key={`${event.at}-${String(index)}`}
                    title={
                      event.kind === 'DELIVERY_WINDOW'
                        ? t('pipeline.windowChanged')
                        : `${t(`steps.${event.stepType ?? 'CONFIRM_SUMMARY'}`)}: ${t(`outcomes.${event.outcome ?? 'CURRENT'}`)}`
                    }
                  >
                    <Text size="xs" c="dimmed">
                      {formatDateTime(event.at)} ·{' '}
                      {event.actor ? `${event.actor.name} (${event.actor.role})` : t('pipeline.system')}
                    </Text>
                    {event.deliveryWindow ? (
                      <Text size="xs">
                        {t('pipeline.windowValue', {
                          from: formatDate(event.deliveryWindow.from),
                          to: formatDate(event.deliveryWindow.to),
                        })}
                      </Text>
                    ) : null}
                  </Timeline.Item>
                ))}
              </Timeline>
            ) : null}
          </Stack>
        </Stack>
      ) : null}
    </Drawer>
  );
}
