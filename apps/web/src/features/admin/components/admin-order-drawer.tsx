import { Alert, Drawer, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { formatDateTime } from '../../../lib/format';
import { useAdminOrder } from '../api/get-admin-order';
import { OrderDocuments, OrderFacts, OrderRate } from './order-detail-parts';

/** The status records in time order, named by their step. */
function History({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const records = [...order.userSteps].sort((a, b) => Date.parse(a.modified) - Date.parse(b.modified));
  return (
    <Table striped data-testid="admin-history">
      <Table.Caption>{t('detail.historyCaption')}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('detail.when')}</Table.Th>
          <Table.Th scope="col">{t('detail.step')}</Table.Th>
          <Table.Th scope="col">{t('detail.result')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {records.map((record) => (
          <Table.Tr key={record.id}>
            <Table.Td>{formatDateTime(record.modified)}</Table.Td>
            <Table.Td>
              {order.steps.find((step) => step.id === record.stepId)?.stepName ?? String(record.stepId)}
            </Table.Td>
            <Table.Td>{t(`detail.results.${record.status ?? 'OPEN'}`)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function OrderDetail({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="lg" data-testid="admin-order-detail">
      <OrderFacts order={order} />
      {order.employerApproval?.kind === 'AUTOMATIC' ? (
        <Text size="sm" data-testid="automatic-approval-reason">
          {t('approval.automaticReason', { version: order.employerApproval.policyVersion })}
        </Text>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.rate')}
        </Title>
        <OrderRate order={order} />
      </Stack>
      <Text size="sm" c="dimmed">
        {t('detail.noSalary')}
      </Text>
      <OrderDocuments order={order} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.history')}
        </Title>
        <History order={order} />
      </Stack>
    </Stack>
  );
}

/** The order behind a row, without salary data (the API leaves it out for admins). */
export function AdminOrderDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const order = useAdminOrder(orderId);
  let body: ReactNode;
  if (order.data) body = <OrderDetail order={order.data} />;
  else if (order.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {t('detail.loadError')}
      </Alert>
    );
  } else {
    body = (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text>{t('detail.loading')}</Text>
      </Group>
    );
  }
  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={<Text fw={700}>{t('detail.title', { orderId })}</Text>}
    >
      {orderId !== null ? body : null}
    </Drawer>
  );
}
