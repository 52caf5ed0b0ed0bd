import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Order } from '@leasing/contract';

import { formatDate } from '../../../lib/format';
import { OrderImage } from './order-image';
import { LeaseEndBanner } from '../../lease-end/lease-end-banner';

/** USER_STEPS_FINISHED: the employee's part is done; the rest is reported by e-mail. */
export function FinishedStep({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md" align="flex-start" data-testid="step-finished">
      <Title order={2}>{t('finished.title')}</Title>
      <OrderImage vehicle={order.vehicle} variant="hero" />
      <Text>{t('finished.text')}</Text>
      <Text>{t('finished.mail')}</Text>
      <Button component={Link} to="/profile/orders">
        {t('finished.toOrders')}
      </Button>
    </Stack>
  );
}

/** TENANT_ADMIN_CLICK_CONFIRM, ADMIN_CONFIRM and LEASING_ACTIVE before the handover: an admin acts next. */
export function WaitingStep({
  stepType,
}: {
  stepType: 'TENANT_ADMIN_CLICK_CONFIRM' | 'ADMIN_CONFIRM' | 'LEASING_ACTIVE';
}) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md" align="flex-start" data-testid="step-waiting">
      <Title order={2}>{t('waiting.title')}</Title>
      <Text>{t(`waiting.${stepType}`)}</Text>
      <Anchor component={Link} to="/profile/orders">
        {t('common.toOrders')}
      </Anchor>
    </Stack>
  );
}

/** LEASING_ACTIVE: waiting for the handover while its record is open, "Leasing aktiv" once completed. */
export function LeasingActiveStep({ order, completed }: { order: Order; completed: boolean }) {
  const { t } = useTranslation('orders');
  if (!completed) return <WaitingStep stepType="LEASING_ACTIVE" />;
  return (
    <Stack gap="md" align="flex-start" data-testid="step-leasing-active">
      <Title order={2}>{t('active.title')}</Title>
      <OrderImage vehicle={order.vehicle} variant="hero" />
      <Text>
        {order.handoverDate ? t('active.text', { date: formatDate(order.handoverDate) }) : t('active.textNoDate')}
      </Text>
      <LeaseEndBanner orderId={order.id} />
    </Stack>
  );
}

/** DECLINED_BY_TENANT, DECLINED_BY_ADMIN, EXPIRED: the order ended, with the reason when one was given. */
export function ClosedStep({
  order,
  stepType,
}: {
  order: Order;
  stepType: 'DECLINED_BY_TENANT' | 'DECLINED_BY_ADMIN' | 'EXPIRED';
}) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md" align="flex-start" data-testid="step-closed">
      <Title order={2}>{t(`closed.${stepType}.title`)}</Title>
      <Text>{t(`closed.${stepType}.text`)}</Text>
      {order.declineReason ? (
        <Text data-testid="decline-reason">{t('closed.reason', { reason: order.declineReason })}</Text>
      ) : null}
      <Button component={Link} to={`/vehicle/${order.vehicle.id}`} variant="light">
        {t('closed.orderAgain')}
      </Button>
    </Stack>
  );
}

/** BREAKING_CHANGE: the personal data or the offer changed after ordering (spec 4.5). */
export function BreakingChangeStep({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md" align="flex-start" data-testid="step-breaking-change">
      <Title order={2}>{t('breakingChange.title')}</Title>
      <Alert color="red" variant="light" role="alert">
        {t('breakingChange.text')}
      </Alert>
      <Group>
        <Button component={Link} to={`/vehicle/${order.vehicle.id}`}>
          {t('breakingChange.restart')}
        </Button>
        <Button component={Link} to="/faq" variant="default">
          {t('breakingChange.support')}
        </Button>
      </Group>
    </Stack>
  );
}

/** CANCELLED_BY_EMPLOYEE: the employee cancelled within the week to cancel (ADR 0053). */
export function CancelledStep({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const at = order.cancellation?.cancelledAt;
  return (
    <Stack gap="md" align="flex-start" data-testid="step-cancelled">
      <Title order={2}>{t('cancellation.cancelledTitle')}</Title>
      <Text>{t('cancellation.cancelledText', { date: at ? formatDate(at) : '' })}</Text>
      {order.cancellation?.reason ? (
        <Text data-testid="cancellation-reason">
          {t('cancellation.reasonGiven', { reason: order.cancellation.reason })}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('cancellation.cancelledDocuments')}
      </Text>
      <Button component={Link} to={`/vehicle/${order.vehicle.id}`} variant="light">
        {t('cancellation.orderAgain')}
      </Button>
    </Stack>
  );
}

/** The hide-sign build switch: identity, signature and finished screens are not offered yet. */
export function HiddenSignStep() {
  const { t } = useTranslation('orders');
  return (
    <Stack gap="md" align="flex-start" data-testid="step-sign-hidden">
      <Title order={2}>{t('hiddenSign.title')}</Title>
      <Text>{t('hiddenSign.text')}</Text>
    </Stack>
  );
}

/** A step type without a screen. */
export function UnknownStep() {
  const { t } = useTranslation('orders');
  return (
    <Alert color="yellow" variant="light" role="alert" data-testid="step-unknown">
      {t('workflow.componentNotFound')}
    </Alert>
  );
}
