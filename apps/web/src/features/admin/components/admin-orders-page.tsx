import { Alert, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { AdminOrderSummary } from '@leasing/contract';

import { TableSkeleton } from '../../../components/table-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatPrice, numberFormat } from '../../../lib/format';
import { useAdminDocument } from '../api/get-admin-document';
import { useAdminOrders } from '../api/get-admin-orders';
import { useAdminStepAction } from '../api/admin-step-action';
import { adminActions, isOpenFor, statusKey, stepRequestFor, type AdminAction, type AdminRole } from '../admin-actions';
import { openPdf } from '../open-pdf';
import { AdminOrderDrawer } from './admin-order-drawer';
import { DeclineModal } from './decline-modal';
import { HandoverModal } from './handover-modal';
import { InviteModal } from './invite-modal';

type Filter = 'open' | 'all';

interface RowProps {
  row: AdminOrderSummary;
  role: AdminRole;
  busy: boolean;
  onAction: (action: AdminAction, row: AdminOrderSummary) => void;
  onDetails: (orderId: number) => void;
  onDocument: (row: AdminOrderSummary) => void;
  documentBusy: boolean;
}

function OrderRow({ row, role, busy, onAction, onDetails, onDocument, documentBusy }: RowProps) {
  const { t } = useTranslation('admin');
  const actions = adminActions(role, row);
  const vehicle = [row.vehicle.brand, row.vehicle.carModel, row.vehicle.trimLevel].filter(Boolean).join(' ');
  return (
    <Table.Tr data-testid="admin-order-row" data-order-id={row.id}>
      <Table.Th scope="row">
        <Text fw={700}>{t('table.orderValue', { orderId: row.id })}</Text>
        <Text size="xs" c="dimmed">
          {t('table.createdValue', { date: formatDate(row.created) })}
        </Text>
      </Table.Th>
      <Table.Td>
        <Text size="sm" fw={600}>
          {row.employee.firstName} {row.employee.lastName}
        </Text>
        <Text size="xs" c="dimmed">
          {row.employee.email}
        </Text>
        {row.employee.employeeId ? (
          <Text size="xs" c="dimmed">
            {t('table.employeeId', { id: row.employee.employeeId })}
          </Text>
        ) : null}
        {role === 'PROVIDER_ADMIN' ? (
          <Text size="xs" c="dimmed">
            {row.tenantName}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{vehicle}</Text>
        <Text size="xs" c="dimmed">
          {row.color}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">
          {t('table.packageValue', { months: row.durationMonths, km: numberFormat().format(row.kmPerYear) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`delivery.${row.delivery}`)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPrice(row.monthlyGrossRate)}</Table.Td>
      <Table.Td data-testid="admin-order-status">
        <Text size="sm">{t(`status.${statusKey(row)}`)}</Text>
        {row.employerApproval?.kind === 'AUTOMATIC' ? (
          <Text size="xs" c="dimmed" data-testid="automatic-approval">
            {t('approval.automaticBadge', { version: row.employerApproval.policyVersion })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {row.latestDocument ? (
          <Button variant="subtle" size="compact-xs" loading={documentBusy} onClick={() => onDocument(row)}>
            {row.latestDocument.name}
          </Button>
        ) : (
          t('table.noDocument')
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="wrap">
          {actions.includes('approve') ? (
            <Button size="xs" loading={busy} onClick={() => onAction('approve', row)}>
              {t('actions.approve')}
            </Button>
          ) : null}
          {actions.includes('ordered') ? (
            <Button size="xs" loading={busy} onClick={() => onAction('ordered', row)}>
              {t('actions.ordered')}
            </Button>
          ) : null}
          {actions.includes('handover') ? (
            <Button size="xs" disabled={busy} onClick={() => onAction('handover', row)}>
              {t('actions.handover')}
            </Button>
          ) : null}
          {actions.includes('decline') ? (
            <Button size="xs" color="red" variant="outline" disabled={busy} onClick={() => onAction('decline', row)}>
              {t('actions.decline')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            onClick={() => onDetails(row.id)}
            aria-label={t('actions.detailsOf', { orderId: row.id })}
          >
            {t('actions.details')}
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin/orders for tenant and provider admins: the orders they may see and the actions due now. */
export function AdminOrdersPage({ role }: { role: AdminRole }) {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const orders = useAdminOrders();
  const stepAction = useAdminStepAction();
  const documentCall = useAdminDocument();
  const [filter, setFilter] = useState<Filter>('open');
  const [declining, setDeclining] = useState<AdminOrderSummary | null>(null);
  const [handingOver, setHandingOver] = useState<AdminOrderSummary | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const [inviting, setInviting] = useState(false);
  usePageTitle(t(`title.${role}`));

  const run = (action: AdminAction, row: AdminOrderSummary, extra: { reason?: string; handoverDate?: string } = {}) => {
    const request = stepRequestFor(action, row, extra);
    if (!request) return;
    stepAction.mutate(request, {
      onSuccess: () => notify.success(t(`actions.done.${action}`, { orderId: row.id })),
      onError: (error) =>
        notify.error(
          isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : t('actions.retryLater'),
          {
            title: t('actions.error'),
          },
        ),
    });
  };

  const onAction = (action: AdminAction, row: AdminOrderSummary) => {
    if (action === 'decline') setDeclining(row);
    else if (action === 'handover') setHandingOver(row);
    else run(action, row);
  };

  const onDocument = (row: AdminOrderSummary) => {
    const doc = row.latestDocument;
    if (!doc) return;
    documentCall.mutate(
      { orderId: row.id, documentId: doc.id },
      {
        onSuccess: (blob) => openPdf(blob, doc.name),
        onError: () => notify.error(t('actions.documentError'), { title: t('actions.error') }),
      },
    );
  };

  const rows = orders.data ?? [];
  const openRows = rows.filter((row) => isOpenFor(role, row));
  const visible = filter === 'open' ? openRows : rows;
  const busyId = stepAction.isPending ? stepAction.variables.body.orderId : null;
  const documentBusyId = documentCall.isPending ? documentCall.variables.orderId : null;

  let content;
  if (orders.isError) {
    content = (
      <Alert variant="light" color="red" role="alert" title={t('loadError')}>
        <Button variant="default" size="xs" mt="sm" onClick={() => void orders.refetch()}>
          {t('retry')}
        </Button>
      </Alert>
    );
  } else if (orders.isPending) {
    content = <TableSkeleton />;
  } else if (visible.length === 0) {
    content = <Text data-testid="admin-empty">{filter === 'open' ? t('empty.open') : t('empty.all')}</Text>;
  } else {
    content = (
      <Table.ScrollContainer minWidth={1000}>
        <Table verticalSpacing="sm" striped highlightOnHover data-testid="admin-orders">
          <Table.Caption>{t('table.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('table.order')}</Table.Th>
              <Table.Th scope="col">{t('table.employee')}</Table.Th>
              <Table.Th scope="col">{t('table.vehicle')}</Table.Th>
              <Table.Th scope="col">{t('table.package')}</Table.Th>
              <Table.Th scope="col">{t('table.rate')}</Table.Th>
              <Table.Th scope="col">{t('table.status')}</Table.Th>
              <Table.Th scope="col">{t('table.document')}</Table.Th>
              <Table.Th scope="col">{t('table.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {visible.map((row) => (
              <OrderRow
                key={row.id}
                row={row}
                role={role}
                busy={busyId === row.id}
                onAction={onAction}
                onDetails={setDetails}
                onDocument={onDocument}
                documentBusy={documentBusyId === row.id}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t(`title.${role}`)}</Title>
          <Text c="dimmed">{t(`intro.${role}`)}</Text>
        </Stack>
        {role === 'TENANT_ADMIN' ? <Button onClick={() => setInviting(true)}>{t('invite.open')}</Button> : null}
      </Group>
      <Tabs
        value={filter}
        onChange={(value) => setFilter(value === 'all' ? 'all' : 'open')}
        variant="pills"
        radius="xl"
      >
        <Tabs.List aria-label={t('filter.label')}>
          <Tabs.Tab value="open">{t('filter.open', { count: openRows.length })}</Tabs.Tab>
          <Tabs.Tab value="all">{t('filter.all', { count: rows.length })}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {content}
      <DeclineModal
        orderId={declining?.id ?? null}
        onClose={() => setDeclining(null)}
        onSubmit={(reason) => {
          if (declining) run('decline', declining, { reason });
          setDeclining(null);
        }}
      />
      <HandoverModal
        orderId={handingOver?.id ?? null}
        onClose={() => setHandingOver(null)}
        onSubmit={(handoverDate) => {
          if (handingOver) run('handover', handingOver, { handoverDate });
          setHandingOver(null);
        }}
      />
      <AdminOrderDrawer orderId={details} onClose={() => setDetails(null)} />
      {role === 'TENANT_ADMIN' ? <InviteModal opened={inviting} onClose={() => setInviting(false)} /> : null}
    </Stack>
  );
}
