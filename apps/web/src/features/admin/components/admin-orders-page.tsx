import { Alert, Button, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { AdminOrderViews, type AdminOrderSummary, type AdminOrderView, type AdminOrdersQuery } from '@leasing/contract';

import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatDate, formatInteger, formatPrice, numberFormat } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { useAdminDocument } from '../api/get-admin-document';
import { useAdminOrders } from '../api/get-admin-orders';
import { useAdminStepAction } from '../api/admin-step-action';
import { adminActions, statusKey, stepRequestFor, type AdminAction } from '../admin-actions';
import { openPdf } from '../open-pdf';
import { AdminOrderDrawer } from './admin-order-drawer';
import { DeclineModal } from './decline-modal';
import { InviteModal } from './invite-modal';

const PAGE_SIZE = 25;
// The page opens on the orders waiting for the admin; "all" is the other view. The address names
// `view=all` only (defaults are left out).
const LIST_STATE = { sorts: ['newest'], filters: { view: AdminOrderViews } } as const;
/**
 * The page is HR's: the provider's one order list is the back office's pipeline, to which the route
 * sends a provider admin. The server's views and the row actions are read for this role.
 */
const ROLE = 'TENANT_ADMIN';

interface RowProps {
  row: AdminOrderSummary;
  busy: boolean;
  onAction: (action: AdminAction, row: AdminOrderSummary) => void;
  onDetails: (orderId: number) => void;
  onDocument: (row: AdminOrderSummary) => void;
  documentBusy: boolean;
}

function OrderRow({ row, busy, onAction, onDetails, onDocument, documentBusy }: RowProps) {
  const { t } = useTranslation('admin');
  const actions = adminActions(ROLE, row);
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
        {row.cancellableUntil ? (
          <Text size="xs" c="dimmed" data-testid="cancellable-until">
            {t('cancellableUntil', { date: formatDate(row.cancellableUntil) })}
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

/** /admin/orders for HR ("Freigaben"): the employer's orders, the approvals due now and the invitations. */
export function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  const notify = useNotify();
  const { state, update } = useListState(LIST_STATE);
  const filter: AdminOrderView = state.filters.view === 'all' ? 'all' : 'open';
  const query: AdminOrdersQuery = {
    view: filter,
    ...(state.q ? { q: state.q } : {}),
    ...(state.page > 1 ? { page: state.page } : {}),
    pageSize: PAGE_SIZE,
  };
  const orders = useAdminOrders(query);
  const stepAction = useAdminStepAction();
  const documentCall = useAdminDocument();
  const [declining, setDeclining] = useState<AdminOrderSummary | null>(null);
  const [details, setDetails] = useState<number | null>(null);
  const [inviting, setInviting] = useState(false);
  usePageTitle(t('title'));

  const run = (action: AdminAction, row: AdminOrderSummary, extra: { reason?: string } = {}) => {
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

  const visible = orders.data?.items ?? [];
  const counts = orders.data?.counts;
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
    let empty = filter === 'open' ? t('empty.open') : t('empty.all');
    if (state.q) empty = t('empty.noMatch');
    content = <Text data-testid="admin-empty">{empty}</Text>;
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
  const countOf = (n: number | undefined) => ({ count: n ?? 0, formatted: n === undefined ? '…' : formatInteger(n) });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </Stack>
        <Button onClick={() => setInviting(true)}>{t('invite.open')}</Button>
      </Group>
      <Group justify="space-between" align="flex-end" gap="md">
        <Tabs
          value={filter}
          onChange={(value) => update({ filters: { view: value === 'all' ? 'all' : null } })}
          variant="pills"
          radius="xl"
        >
          <Tabs.List aria-label={t('filter.label')}>
            <Tabs.Tab value="open">{t('filter.open', countOf(counts?.open))}</Tabs.Tab>
            <Tabs.Tab value="all">{t('filter.all', countOf(counts?.all))}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <ListSearchInput
          label={t('filter.search')}
          placeholder={t('filter.searchPlaceholder')}
          value={state.q}
          onSearch={(q) => update({ q })}
        />
      </Group>
      {content}
      <ListPager
        total={orders.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        page={state.page}
        onPage={(page) => update({ page })}
        label={t('filter.pager')}
      />
      <DeclineModal
        orderId={declining?.id ?? null}
        onClose={() => setDeclining(null)}
        onSubmit={(reason) => {
          if (declining) run('decline', declining, { reason });
          setDeclining(null);
        }}
      />
      <AdminOrderDrawer orderId={details} onClose={() => setDetails(null)} />
      <InviteModal opened={inviting} onClose={() => setInviting(false)} />
    </Stack>
  );
}
