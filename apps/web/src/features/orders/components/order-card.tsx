import { Badge, Button, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { Order } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { formatDate } from '../../../lib/format';
import { useDocument } from '../api/get-document';
import { vehicleTitle } from '../order-figures';
import { openPdf } from '../open-window';
import {
  canContinueOrDelete,
  isLeasingActive,
  latestDocument,
  userVisibleSteps,
  type StepDisplayState,
} from '../workflow';
import { OrderImage } from './order-image';
import classes from './orders.module.css';

const BADGE_COLORS: Record<StepDisplayState, string> = {
  finished: 'ev',
  'finished-successful': 'ev',
  current: 'blue',
  declined: 'red',
  'finished-unsuccessful': 'red',
  neutral: 'gray',
};

/** The user-visible steps of an order as one compact line (spec 2.5). */
function StatusLine({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  return (
    <ol className={classes.statusLine} aria-label={t('list.statusLabel')} data-testid="order-steps">
      {userVisibleSteps(order).map((step) => (
        <li key={step.id ?? step.stepType}>
          <Badge
            color={BADGE_COLORS[step.display]}
            variant={step.display === 'neutral' ? 'outline' : 'light'}
            size="sm"
            tt="none"
            data-state={step.display}
            title={t(`workflow.display.${step.display}`)}
          >
            {t(`workflow.steps.${step.stepType}`)}
            <VisuallyHidden component="span">{`: ${t(`workflow.display.${step.display}`)}`}</VisuallyHidden>
          </Badge>
        </li>
      ))}
    </ol>
  );
}

/**
 * On a phone, in place of the row of every step (StatusLine, folded away there): where the order
 * stands, "Schritt 3 von 8". Nothing for an order whose step is not one of the listed ones.
 */
function StepProgress({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const steps = userVisibleSteps(order);
  const position = steps.findIndex((step) => step.stepType === order.status);
  if (position < 0) return null;
  return (
    <Text size="xs" c="dimmed" className={classes.stepProgress} data-testid="order-progress">
      {t('list.progress', { current: position + 1, total: steps.length })}
    </Text>
  );
}

export interface OrderCardProps {
  order: Order;
  /** A deletion is running somewhere in the list: continue and delete wait (spec 4.5). */
  deleting: boolean;
  onDelete: (order: Order) => void;
}

/** One order of /profile/orders (spec 2.5). */
export function OrderCard({ order, deleting, onDelete }: OrderCardProps) {
  const { t } = useTranslation('orders');
  const notify = useNotify();
  const openDocument = useDocument();
  const document = latestDocument(order.documents);
  const open = canContinueOrDelete(order, false);
  const enabled = canContinueOrDelete(order, deleting);
  const step = t(`workflow.steps.${order.status}`);
  const finalStatus = order.steps.find((s) => s.stepType === order.status)?.final ?? false;
  const status = isLeasingActive(order)
    ? t('active.title')
    : finalStatus
      ? step
      : t('workflow.activeStep', { name: step });

  const showDocument = () => {
    if (!document) return;
    openDocument.mutate(
      { orderId: order.id, documentId: document.id },
      {
        onSuccess: (blob) => openPdf(blob, document.name),
        onError: (error) => notify.error(error.message || t('list.documentError')),
      },
    );
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="article"
      className={classes.orderCard}
      data-testid="order-card"
      aria-labelledby={`order-${String(order.id)}`}
    >
      <Card.Section className={classes.orderCardPicture}>
        <OrderImage vehicle={order.vehicle} variant="card" />
      </Card.Section>
      <Stack gap="sm" className={classes.orderCardBody}>
        <Stack gap={2}>
          <Title order={2} size="h4" id={`order-${String(order.id)}`}>
            {t('common.orderTitle', { orderId: order.id })}
          </Title>
          <Text fw={600}>{vehicleTitle(order.vehicle)}</Text>
          <Text size="sm" c="dimmed">
            {t('common.orderedOn', { date: formatDate(order.created) })}
          </Text>
        </Stack>
        <Text size="sm" data-testid="order-status">
          {status}
        </Text>
        <StepProgress order={order} />
        <StatusLine order={order} />
      </Stack>
      <Group gap="xs" className={classes.orderCardActions}>
        {document ? (
          <Button
            variant="light"
            size="xs"
            onClick={showDocument}
            loading={openDocument.isPending}
            data-testid="latest-document"
            aria-label={t('list.latestDocument', { name: document.name })}
            title={document.name}
            // Document names are long file names: wrap them instead of clipping (phones, 390 px).
            h="auto"
            maw="100%"
            py={4}
            styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
          >
            {document.name}
          </Button>
        ) : null}
        <Button component={Link} to={`/order/${String(order.id)}/preview`} variant="default" size="xs">
          {t('list.preview')}
        </Button>
        {open ? (
          <>
            {enabled ? (
              <Button component={Link} to={`/order/${String(order.id)}/workflow`} size="xs">
                {t('list.continue')}
              </Button>
            ) : (
              <Button size="xs" disabled>
                {t('list.continue')}
              </Button>
            )}
            <Button color="red" variant="outline" size="xs" disabled={!enabled} onClick={() => onDelete(order)}>
              {t('list.delete')}
            </Button>
          </>
        ) : null}
      </Group>
    </Card>
  );
}
