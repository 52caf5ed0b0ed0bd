import { Alert, Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PACKAGE_CHANGE_STATUSES, type PackageChangeStatus, type ProviderPackageChange } from '@leasing/contract';

import { ListPager } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { formatAmount, formatDate, formatInteger, formatKm } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { currentMonth, formatMonth, shiftMonth } from '../../billing/months';
import { PackageChangeStatusBadge, kmChange, rateChange } from '../../orders/components/package-change-parts';
import { useDecidePackageChange, useProviderPackageChanges } from '../api/package-changes';
import { ConfirmButton } from './confirm-button';
import { LoadError } from './load-error';
import { DeclineModal } from './package-change-decline-modal';
import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';

const PAGE_SIZE = 25;
const ALL = 'ALL';
const FILTERS = ['REQUESTED', 'APPROVED', 'DECLINED', ALL] as const satisfies readonly (PackageChangeStatus | 'ALL')[];

/**
 * The queue's state in the address. It opens on the open requests, which the address leaves out;
 * `status=ALL` shows every request.
 */
const LIST_STATE = { sorts: ['oldest'], filters: { status: FILTERS } } as const;

const isStatus = (value: string | null): value is PackageChangeStatus =>
  PACKAGE_CHANGE_STATUSES.some((status) => status === value);

interface RowProps {
  row: ProviderPackageChange;
  busy: boolean;
  /** The month an approval now starts the new rate in (the month after today, German time). */
  month: string;
  onApprove: (row: ProviderPackageChange) => void;
  onDecline: (row: ProviderPackageChange) => void;
}

function ChangeRow({ row, busy, month, onApprove, onDecline }: RowProps) {
  const { t } = useTranslation('provider');
  return (
    <Table.Tr data-testid="package-change-row">
      <Table.Th scope="row">
        <Text size="sm" fw={700}>
          {formatDate(row.requestedAt)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('packageChanges.orderValue', { orderId: row.orderId })}
        </Text>
      </Table.Th>
      <Table.Td>{row.personName}</Table.Td>
      <Table.Td>{row.tenantName}</Table.Td>
      <Table.Td>{row.car}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{kmChange(row.from, row.to)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{rateChange(row.from, row.to)}</Table.Td>
      <Table.Td>
        <PackageChangeStatusBadge change={row} />
      </Table.Td>
      <Table.Td>
        {row.status === 'REQUESTED' ? (
          <Group gap="xs" wrap="nowrap">
            <ConfirmButton
              size="xs"
              loading={busy}
              aria-label={t('packageChanges.approveLabel', { name: row.personName })}
              question={t('packageChanges.approveQuestion', {
                name: row.personName,
                km: formatKm(row.to.kmPerYear),
                fromKm: formatKm(row.from.kmPerYear),
                rate: formatAmount(row.to.monthlyGrossRateEur),
                fromRate: formatAmount(row.from.monthlyGrossRateEur),
                month,
              })}
              onConfirm={() => onApprove(row)}
            >
              {t('packageChanges.approve')}
            </ConfirmButton>
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              aria-label={t('packageChanges.declineLabel', { name: row.personName })}
              onClick={() => onDecline(row)}
            >
              {t('packageChanges.decline')}
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /provider/package-changes: the requests for a larger kilometre package (ADR 0058), oldest first,
 * approved (from the month after today) or declined with a reason, row by row.
 */
export function PackageChangesPage() {
  const { t } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const { state, update } = useListState(LIST_STATE);
  const filter = state.filters.status ?? 'REQUESTED';
  const status = isStatus(filter) ? filter : null;
  const [declining, setDeclining] = useState<ProviderPackageChange | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  usePageTitle(t('packageChanges.title'));
  const changes = useProviderPackageChanges({
    ...(status ? { status } : {}),
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  const decide = useDecidePackageChange();
  const month = formatMonth(shiftMonth(currentMonth(), 1));

  const approve = (row: ProviderPackageChange) => {
    setRefusal(null);
    decide.mutate(
      { changeId: row.id, body: { decision: 'APPROVE' } },
      {
        onSuccess: (decided) =>
          notify.success(
            t('packageChanges.approved', {
              name: decided.personName,
              month: decided.effectiveMonth ? formatMonth(decided.effectiveMonth) : month,
            }),
          ),
        onError: (error) =>
          setRefusal(
            isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : t('common.retryLater'),
          ),
      },
    );
  };
  const busyId = decide.isPending ? decide.variables.changeId : null;

  let content;
  if (changes.isError) content = <LoadError onRetry={() => void changes.refetch()} />;
  else if (changes.isPending) content = <TableSkeleton />;
  else if (changes.data.items.length === 0) content = <Text>{t('packageChanges.empty')}</Text>;
  else {
    const { items, total } = changes.data;
    content = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="package-changes-total">
          {t('packageChanges.total', { count: total, formatted: formatInteger(total) })}
        </Text>
        <KeyboardScrollTable label={t('packageChanges.caption')} minWidth={1040}>
          <Table striped highlightOnHover>
            <Table.Caption>{t('packageChanges.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('packageChanges.requested')}</Table.Th>
                <Table.Th>{t('packageChanges.person')}</Table.Th>
                <Table.Th>{t('packageChanges.employer')}</Table.Th>
                <Table.Th>{t('packageChanges.car')}</Table.Th>
                <Table.Th>{t('packageChanges.km')}</Table.Th>
                <Table.Th>{t('packageChanges.rate')}</Table.Th>
                <Table.Th>{t('packageChanges.status')}</Table.Th>
                {/* Visible: a visually hidden header is positioned absolutely and widened a phone's page past the scroller. */}
                <Table.Th>{t('packageChanges.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <ChangeRow
                  key={row.id}
                  row={row}
                  busy={busyId === row.id}
                  month={month}
                  onApprove={approve}
                  onDecline={(next) => {
                    setRefusal(null);
                    setDeclining(next);
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </KeyboardScrollTable>
        <ListPager
          total={total}
          pageSize={PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
          label={t('packageChanges.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('packageChanges.title')}</Title>
        <Text c="dimmed">{t('packageChanges.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <Select
          label={t('packageChanges.status')}
          data={FILTERS.map((value) => ({ value, label: t(`packageChanges.filter.${value}`) }))}
          value={filter}
          onChange={(value) => update({ filters: { status: value === 'REQUESTED' ? null : value } })}
          allowDeselect={false}
        />
      </SimpleGrid>
      {refusal ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={tc('common.close')}
          onClose={() => setRefusal(null)}
          data-testid="package-change-refusal"
        >
          {refusal}
        </Alert>
      ) : null}
      {content}
      <DeclineModal change={declining} onClose={() => setDeclining(null)} />
    </Stack>
  );
}
