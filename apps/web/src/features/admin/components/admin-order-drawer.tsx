import { Alert, Button, Drawer, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Order } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { formatDate, formatDateTime, formatKm, formatPrice } from '../../../lib/format';
import { useAdminContract } from '../api/get-admin-contract';
import { useAdminDocument } from '../api/get-admin-document';
import { useAdminOrder } from '../api/get-admin-order';
import { openPdf } from '../open-pdf';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fw={600} m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

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
  const notify = useNotify();
  const contract = useAdminContract();
  const document = useAdminDocument();
  const { addressDto } = order.orderUserInfo;
  const { vehicle, leasePackage } = order;
  const failed = () => notify.error(t('actions.documentError'), { title: t('actions.error') });

  return (
    <Stack gap="lg" data-testid="admin-order-detail">
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" m={0}>
        <Fact label={t('detail.employee')}>
          {order.employee.firstName} {order.employee.lastName}
        </Fact>
        <Fact label={t('detail.email')}>{order.employee.email}</Fact>
        {order.employee.employeeId ? <Fact label={t('detail.employeeId')}>{order.employee.employeeId}</Fact> : null}
        <Fact label={t('detail.tenant')}>{order.tenantName}</Fact>
        <Fact label={t('detail.address')}>
          {addressDto.street} {addressDto.streetNumber}, {addressDto.postcode} {addressDto.place}
        </Fact>
        <Fact label={t('detail.created')}>{formatDate(order.created)}</Fact>
        <Fact label={t('detail.vehicle')}>
          {[vehicle.brand, vehicle.carModel, vehicle.trimLevel].filter(Boolean).join(' ')}
        </Fact>
        <Fact label={t('detail.listPrice')}>{formatPrice(vehicle.listPrice)}</Fact>
        <Fact label={t('detail.color')}>{order.color}</Fact>
        <Fact label={t('detail.delivery')}>{t(`delivery.${order.delivery}`)}</Fact>
        <Fact label={t('detail.duration')}>{t('detail.durationValue', { count: leasePackage.durationMonths })}</Fact>
        <Fact label={t('detail.kmPerYear')}>{formatKm(leasePackage.kmPerYear)}</Fact>
        <Fact label={t('detail.tires')}>{t(`tires.${leasePackage.tires}`)}</Fact>
        <Fact label={t('detail.grossRate')}>{formatPrice(leasePackage.totalMonthlyGrossCostEur)}</Fact>
        {order.declineReason ? <Fact label={t('detail.declineReason')}>{order.declineReason}</Fact> : null}
        {order.handoverDate ? <Fact label={t('detail.handoverDate')}>{formatDate(order.handoverDate)}</Fact> : null}
        {order.employerApproval ? (
          <Fact label={t('approval.label')}>
            {t(`approval.${order.employerApproval.kind}`, { date: formatDateTime(order.employerApproval.at) })}
          </Fact>
        ) : null}
      </SimpleGrid>
      {order.employerApproval?.kind === 'AUTOMATIC' ? (
        <Text size="sm" data-testid="automatic-approval-reason">
          {t('approval.automaticReason', { version: order.employerApproval.policyVersion })}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('detail.noSalary')}
      </Text>

      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('detail.documents')}
        </Title>
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            loading={contract.isPending}
            onClick={() =>
              contract.mutate(order.id, {
                onSuccess: (blob) => openPdf(blob, `Ueberlassungsvertrag-${String(order.id)}.pdf`),
                onError: failed,
              })
            }
          >
            {t('detail.contract')}
          </Button>
          {order.documents.map((doc) => (
            <Button
              key={doc.id}
              variant="default"
              size="xs"
              loading={document.isPending && document.variables.documentId === doc.id}
              onClick={() =>
                document.mutate(
                  { orderId: order.id, documentId: doc.id },
                  { onSuccess: (blob) => openPdf(blob, doc.name), onError: failed },
                )
              }
            >
              {doc.name}
            </Button>
          ))}
        </Group>
        {order.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('detail.noDocuments')}
          </Text>
        ) : null}
      </Stack>

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
