import { Alert, Button, Card, Checkbox, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useCancelOrder, useWaiveCancellation } from '../api/cancellation';

type Dialog = 'cancel' | 'waive' | null;

/**
 * The week to cancel on the order page (ADR 0053): until when the signed order can be cancelled, the
 * cancellation, and the waiver for a faster delivery with its consequence spelled out. Nothing before
 * the signature, once the window is over, or after the cancellation (its step screen says so).
 */
export function CancellationCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancellation = order.cancellation;
  if (!cancellation || cancellation.cancelledAt) return null;
  if (cancellation.waivedAt) {
    return (
      <Text size="sm" c="dimmed" data-testid="cancellation-waived">
        {t('cancellation.waivedOn', { date: formatDate(cancellation.waivedAt) })}
      </Text>
    );
  }
  if (!cancellation.open) return null;
  const lastDay = formatDate(cancellation.lastDay);
  return (
    <Card withBorder padding="md" data-testid="cancellation-card">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('cancellation.title', { date: lastDay })}
        </Title>
        <Text size="sm">{t('cancellation.text', { date: lastDay })}</Text>
        <Group gap="sm">
          <Button variant="default" color="red" onClick={() => setDialog('cancel')}>
            {t('cancellation.cancel')}
          </Button>
          <Button variant="subtle" onClick={() => setDialog('waive')}>
            {t('cancellation.waive')}
          </Button>
        </Group>
      </Stack>
      <CancelDialog order={order} opened={dialog === 'cancel'} onClose={() => setDialog(null)} />
      <WaiveDialog order={order} lastDay={lastDay} opened={dialog === 'waive'} onClose={() => setDialog(null)} />
    </Card>
  );
}

function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

function CancelDialog({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const [reason, setReason] = useState('');
  const cancel = useCancelOrder();
  const trimmed = reason.trim();
  return (
    <Modal opened={opened} onClose={onClose} title={t('cancellation.cancelTitle', { orderId: order.id })} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          cancel.mutate({ orderId: order.id, body: trimmed ? { reason: trimmed } : {} }, { onSuccess: onClose });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('cancellation.cancelText')}</Text>
          <Textarea
            label={t('cancellation.reason')}
            description={t('cancellation.reasonDescription')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            rows={3}
            maxLength={1000}
            data-autofocus
          />
          {cancel.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(cancel.error, t('cancellation.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancellation.keep')}
            </Button>
            <Button type="submit" color="red.9" loading={cancel.isPending}>
              {t('cancellation.cancelSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function WaiveDialog({
  order,
  lastDay,
  opened,
  onClose,
}: {
  order: Order;
  lastDay: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const [agreed, setAgreed] = useState(false);
  const waive = useWaiveCancellation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('cancellation.waiveTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (agreed) waive.mutate(order.id, { onSuccess: onClose });
        }}
      >
        <Stack gap="md">
          <Text size="sm">{t('cancellation.waiveText', { date: lastDay })}</Text>
          <Checkbox
            checked={agreed}
            onChange={(event) => setAgreed(event.currentTarget.checked)}
            label={t('cancellation.waiveAgree', { date: lastDay })}
          />
          {waive.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(waive.error, t('cancellation.failed'))}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancellation.back')}
            </Button>
            <Button type="submit" disabled={!agreed} loading={waive.isPending}>
              {t('cancellation.waiveSubmit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
