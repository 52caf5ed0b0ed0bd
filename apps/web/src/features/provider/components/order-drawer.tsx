import { Alert, Badge, Button, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order, PipelineStatus, ProviderOrderRow } from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { useAdminOrder } from '../../admin/api/get-admin-order';
import { OrderDocuments, OrderFacts, OrderRate } from '../../admin/components/order-detail-parts';
import { stageOf, type OrderStage } from './order-stage';
import { OrderStepActions } from './order-step-actions';
import { OrderTimeline } from './order-timeline';

/** The pipeline's status of a stage (an ended lease is among the closed orders there). */
const PIPELINE_STATUS: Record<OrderStage, PipelineStatus> = {
  EMPLOYEE: 'EMPLOYEE_STEPS',
  EMPLOYER: 'EMPLOYER_APPROVAL',
  ORDERING: 'ORDERING',
  DELIVERY: 'DELIVERY',
  ACTIVE: 'ACTIVE',
  ENDED: 'CLOSED',
  CLOSED: 'CLOSED',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Who ordered which car and where it stands: from the order once loaded, from the list's row before. */
function Summary({ row, order }: { row: ProviderOrderRow; order: Order | undefined }) {
  const { t } = useTranslation('provider');
  const status = order ? PIPELINE_STATUS[stageOf(order)] : row.pipelineStatus;
  const step = order?.status ?? row.status;
  return (
    <Stack gap={4} data-testid="order-summary">
      <Text fw={600}>
        {row.employee.firstName} {row.employee.lastName} · {row.tenantName}
      </Text>
      <Text size="sm">
        {[row.vehicle.brand, row.vehicle.carModel, row.vehicle.trimLevel].filter(Boolean).join(' ')}
      </Text>
      <Group gap="xs">
        <Badge variant="light">{t(`statuses.${status}`)}</Badge>
        <Text size="sm" c="dimmed">
          {t(`steps.${step}`)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The back office's order drawer: what is to be done now (the current step's actions), the rate, who
 * and what was ordered, the documents and the history with the failed attempts. Full screen on a phone.
 * The order's detail (`GET /v1/order/{id}`, without salary data for admins) drives the actions, so they
 * follow the order even when it leaves the filtered list.
 */
export function OrderDrawer({ row, onClose }: { row: ProviderOrderRow | null; onClose: () => void }) {
  // The drawer's parts shared with HR's drawer speak the admin namespace: loaded with the page, so the
  // first opening shows no spinner. What loads later (the return form's texts) waits inside the drawer.
  const { t } = useTranslation(['provider', 'admin']);
  // Read on the first render, so the drawer does not open at one size and jump to the other.
  const phone = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const order = useAdminOrder(row?.id ?? null);
  const detail = order.data?.id === row?.id ? order.data : undefined;

  let body: ReactNode = null;
  if (row && detail) {
    body = (
      <>
        <OrderStepActions key={detail.id} order={detail} />
        <Section title={t('orderDrawer.rate')}>
          <OrderRate order={detail} />
        </Section>
        <Section title={t('orderDrawer.order')}>
          <OrderFacts order={detail} />
        </Section>
        <OrderDocuments order={detail} />
      </>
    );
  } else if (row && order.isError) {
    body = (
      <Alert variant="light" color="red" role="alert" title={t('orderDrawer.loadError')}>
        <Button variant="default" size="xs" mt="sm" onClick={() => void order.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (row) {
    body = <PageLoader minHeight={120} />;
  }

  return (
    <Drawer
      opened={row !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={row ? t('pipeline.drawerTitle', { orderId: row.id }) : ''}
    >
      {row ? (
        <Suspense fallback={<PageLoader minHeight={120} />}>
          <Stack gap="lg" data-testid="order-drawer">
            <Summary row={row} order={detail} />
            {body}
            <OrderTimeline orderId={row.id} />
          </Stack>
        </Suspense>
      ) : null}
    </Drawer>
  );
}
