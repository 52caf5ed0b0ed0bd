import { Badge, Button, Drawer, Group, Pagination, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { WebhookDelivery, WebhookEndpoint } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { formatDateTime } from '../../../lib/format';
import { useResendWebhookDelivery, useWebhookDeliveries } from '../api/webhooks';
import { errorText } from './error-text';

const STATUS_COLORS = { PENDING: 'yellow', DELIVERED: 'green', FAILED: 'red' } as const;

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation('integrations');
  const resend = useResendWebhookDelivery();
  const notify = useNotify();
  const last = delivery.attempts.at(-1);
  return (
    <Stack gap={4} component="li" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm" ff="monospace">
          {delivery.type}
        </Text>
        <Badge color={STATUS_COLORS[delivery.status]} variant="light">
          {t(`webhooks.deliveryStatus.${delivery.status}`)}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {formatDateTime(delivery.createdAt)} · {delivery.messageId}
      </Text>
      <Text size="sm">
        {t('webhooks.attempts', { count: delivery.attempts.length })}
        {delivery.lastStatusCode !== null && ` · ${t('webhooks.answerCode', { code: delivery.lastStatusCode })}`}
        {last?.error && ` · ${last.error}`}
        {delivery.nextAttemptAt && ` · ${t('webhooks.nextAttempt', { date: formatDateTime(delivery.nextAttemptAt) })}`}
      </Text>
      <Group>
        <Button
          size="compact-xs"
          variant="light"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { endpointId, deliveryId: delivery.id },
              {
                onSuccess: () => notify.success(t('webhooks.resent')),
                onError: (error) => notify.error(errorText(error, t('error.generic'))),
              },
            )
          }
        >
          {t('webhooks.resend')}
        </Button>
      </Group>
    </Stack>
  );
}

/** The endpoint's delivery log, newest first: status, answer code, attempts; "Erneut senden". */
export function WebhookDeliveries({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('integrations');
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null, page);
  const pages = deliveries.data ? Math.max(1, Math.ceil(deliveries.data.total / deliveries.data.pageSize)) : 1;
  return (
    <Drawer
      opened={endpoint !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      position="right"
      size="lg"
      title={t('webhooks.logTitle')}
    >
      {endpoint && (
        <Stack gap="sm">
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {endpoint.url}
          </Text>
          {deliveries.isError && <Text c="red">{t('error.load')}</Text>}
          {deliveries.data && deliveries.data.items.length === 0 && <Text size="sm">{t('webhooks.noDeliveries')}</Text>}
          {deliveries.data && deliveries.data.items.length > 0 && (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('webhooks.logTitle')}>
              {deliveries.data.items.map((delivery) => (
                <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
              ))}
            </Stack>
          )}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
        </Stack>
      )}
    </Drawer>
  );
}
