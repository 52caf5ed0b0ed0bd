import { Badge, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import type { OrderTimelineEvent } from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useTimeline } from '../api/get-timeline';
import { LoadError } from './load-error';

/** A refusal or a failed attempt stands out from the steps that went on. */
const isSetback = (event: OrderTimelineEvent) => event.kind === 'ATTEMPT' || event.outcome === 'DECLINED';

function titleOf(event: OrderTimelineEvent, t: TFunction<'provider'>): string {
  if (event.kind === 'DELIVERY_WINDOW') return t('pipeline.windowChanged');
  const step = t(`steps.${event.stepType ?? 'CONFIRM_SUMMARY'}`);
  if (event.kind === 'ATTEMPT')
    return t('orderDrawer.attempt', {
      step,
      outcome: t(`orderDrawer.attemptOutcomes.${event.attempt?.status ?? 'FAILED'}`),
    });
  return `${step}: ${t(`outcomes.${event.outcome ?? 'CURRENT'}`)}`;
}

/** Who: the person who acted; an attempt is the employee's unless it ran out; else the platform. */
function actorOf(event: OrderTimelineEvent, t: TFunction<'provider'>): string {
  if (event.actor) return `${event.actor.name} (${event.actor.role})`;
  if (event.attempt && event.attempt.status !== 'EXPIRED') return t('pipeline.employee');
  return t('pipeline.system');
}

/**
 * The order's history from `GET /v1/provider/orders/{id}/timeline`: each step with who and when, the
 * delivery window's changes, and the licence checks and signatures that failed, were cancelled or ran
 * out (the employee may try again, so an order standing still at those steps shows why).
 */
export function OrderTimeline({ orderId }: { orderId: number }) {
  const { t } = useTranslation('provider');
  const timeline = useTimeline(orderId);
  const failed = timeline.data?.filter((event) => event.kind === 'ATTEMPT').length ?? 0;
  return (
    <Stack gap="xs">
      <Group gap="xs" justify="space-between">
        <Title order={3} size="h5">
          {t('pipeline.history')}
        </Title>
        {failed > 0 ? (
          <Badge color="orange" variant="light" data-testid="failed-attempts">
            {t('orderDrawer.failedAttempts', { count: failed })}
          </Badge>
        ) : null}
      </Group>
      {timeline.isError ? <LoadError onRetry={() => void timeline.refetch()} /> : null}
      {timeline.isPending ? <PageLoader minHeight={80} /> : null}
      {timeline.data ? (
        <Timeline bulletSize={14} lineWidth={2} data-testid="order-timeline">
          {timeline.data.map((event, index) => (
            <Timeline.Item
              key={`${event.at}-${String(index)}`}
              title={titleOf(event, t)}
              color={isSetback(event) ? 'red' : undefined}
              data-kind={event.kind}
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(event.at)} · {actorOf(event, t)}
              </Text>
              {event.attempt?.message ? <Text size="xs">{event.attempt.message}</Text> : null}
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
  );
}
