import { Button, Group, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CLAIM_STATUSES, type Claim, type ClaimStatus, type ProviderClaim } from '@leasing/contract';

import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { formatAmount, formatDate, formatInteger } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { ClaimStatusBadge } from '../../orders/components/claim-parts';
import { useProviderClaims } from '../api/claims';
import { ClaimDrawer } from './claim-drawer';
import { LoadError } from './load-error';

const PAGE_SIZE = 25;
const ALL = 'ALL';

/** The queue's state in the address; newest reports first. */
const LIST_STATE = { sorts: ['newest'], filters: { status: CLAIM_STATUSES } } as const;

/** /provider/claims: every damage, accident and theft report, worked through its states (ADR 0056). */
export function ClaimsPage() {
  const { t } = useTranslation('provider');
  const { t: to } = useTranslation('orders');
  const { state, update } = useListState(LIST_STATE);
  const status = state.filters.status as ClaimStatus | null;
  const [selected, setSelected] = useState<ProviderClaim | null>(null);
  usePageTitle(t('claims.title'));
  const claims = useProviderClaims({
    ...(status ? { status } : {}),
    ...(state.q ? { q: state.q } : {}),
    page: state.page,
    pageSize: PAGE_SIZE,
  });
  // The drawer shows what the update answered; the queue reloads on its own.
  const onUpdated = (claim: Claim) => setSelected((current) => (current ? { ...current, ...claim } : current));

  let content;
  if (claims.isError) content = <LoadError onRetry={() => void claims.refetch()} />;
  else if (claims.isPending) content = <TableSkeleton />;
  else if (claims.data.items.length === 0) content = <Text>{t('claims.empty')}</Text>;
  else {
    const { items, total } = claims.data;
    content = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed" data-testid="claims-total">
          {t('claims.total', { count: total, formatted: formatInteger(total) })}
        </Text>
        <Table.ScrollContainer minWidth={960}>
          <Table striped highlightOnHover>
            <Table.Caption>{t('claims.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('claims.number')}</Table.Th>
                <Table.Th>{t('claims.reported')}</Table.Th>
                <Table.Th>{t('claims.person')}</Table.Th>
                <Table.Th>{t('claims.employer')}</Table.Th>
                <Table.Th>{t('claims.car')}</Table.Th>
                <Table.Th>{t('claims.kind')}</Table.Th>
                <Table.Th>{t('claims.status')}</Table.Th>
                <Table.Th ta="right">{t('claims.excess')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.id} data-testid="claim-queue-row">
                  <Table.Th scope="row">
                    <Text fw={700} size="sm">
                      {row.number}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('claims.orderValue', { orderId: row.orderId })}
                    </Text>
                  </Table.Th>
                  <Table.Td>{formatDate(row.reportedAt)}</Table.Td>
                  <Table.Td>{row.personName}</Table.Td>
                  <Table.Td>{row.tenantName}</Table.Td>
                  <Table.Td>{row.car}</Table.Td>
                  <Table.Td>{to(`claims.kind.${row.kind}`)}</Table.Td>
                  <Table.Td>
                    <ClaimStatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td ta="right">{row.excessEur === null ? '–' : formatAmount(row.excessEur)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setSelected(row)}
                      aria-label={t('claims.openLabel', { number: row.number })}
                    >
                      {t('claims.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <ListPager
          total={total}
          pageSize={PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
          label={t('claims.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        {/* One long German word: it breaks (hyphenated where the browser can) rather than widen a phone's page. */}
        <Title order={1} style={{ hyphens: 'auto', overflowWrap: 'anywhere' }}>
          {t('claims.title')}
        </Title>
        <Text c="dimmed">{t('claims.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <ListSearchInput
          label={t('claims.search')}
          placeholder={t('claims.searchPlaceholder')}
          value={state.q}
          onSearch={(q) => update({ q })}
        />
        <Select
          label={t('claims.status')}
          data={[
            { value: ALL, label: t('claims.all') },
            ...CLAIM_STATUSES.map((value) => ({ value, label: to(`claims.status.${value}`) })),
          ]}
          value={status ?? ALL}
          onChange={(value) => update({ filters: { status: value === ALL ? null : value } })}
          allowDeselect={false}
        />
      </SimpleGrid>
      <Group>
        <Button variant="subtle" size="xs" onClick={() => update({ q: '', filters: { status: null } })}>
          {t('claims.reset')}
        </Button>
      </Group>
      {content}
      <ClaimDrawer claim={selected} onClose={() => setSelected(null)} onUpdated={onUpdated} />
    </Stack>
  );
}
