import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { TenantSorts, TenantStates, type ProviderTenantsPage, type ProviderTenantsQuery } from '@leasing/contract';

import { ListPager, ListSearchInput } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { formatInteger } from '../../../lib/format';
import { useListState } from '../../../lib/list-state';
import { useTenants } from '../api/get-tenants';
import { LoadError } from './load-error';
import { TenantFormModal } from './tenant-form-modal';

const PAGE_SIZE = 25;
type TenantState = (typeof TenantStates)[number];
const isState = (value: string | null): value is TenantState => TenantStates.some((s) => s === value);
/** Search, state filter, sort and page live in the address (see lib/list-state). */
const LIST_STATE = { sorts: TenantSorts, filters: { status: TenantStates } } as const;

/** One page of employers; the caption counts all that match. */
function TenantsTable({ tenants, total }: { tenants: ProviderTenantsPage['items']; total: number }) {
  const { t } = useTranslation('provider');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover data-testid="tenants-table">
        <Table.Caption>{t('tenants.caption', { count: total, formatted: formatInteger(total) })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tenants.name')}</Table.Th>
            <Table.Th ta="right">{t('tenants.employees')}</Table.Th>
            <Table.Th ta="right">{t('tenants.activeOrders')}</Table.Th>
            <Table.Th ta="right">{t('tenants.codes')}</Table.Th>
            <Table.Th>{t('tenants.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tenants.map((tenant) => (
            <Table.Tr key={tenant.id} data-testid="tenant-row">
              <Table.Th scope="row">
                <Anchor component={Link} to={`/provider/tenants/${tenant.id}`} fw={600}>
                  {tenant.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[tenant.postcode, tenant.place].filter(Boolean).join(' ')}
                </Text>
              </Table.Th>
              <Table.Td ta="right">{formatInteger(tenant.employees)}</Table.Td>
              <Table.Td ta="right">{formatInteger(tenant.activeOrders)}</Table.Td>
              <Table.Td ta="right">{formatInteger(tenant.activeCodes)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={tenant.enabled ? 'ev' : 'gray'}>
                  {tenant.enabled ? t('tenants.enabled') : t('tenants.disabled')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /provider/tenants: the employers with their head counts, paged and searched on the server; creates new ones. */
export function TenantsPage() {
  const { t } = useTranslation('provider');
  const { state, update } = useListState(LIST_STATE);
  const status = isState(state.filters.status) ? state.filters.status : null;
  const query: ProviderTenantsQuery = {
    ...(state.q ? { q: state.q } : {}),
    ...(status ? { status } : {}),
    ...(state.sort !== 'name' ? { sort: state.sort } : {}),
    page: state.page,
    pageSize: PAGE_SIZE,
  };
  const tenants = useTenants(query);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  usePageTitle(t('tenants.title'));

  let content;
  if (tenants.isError) content = <LoadError onRetry={() => void tenants.refetch()} />;
  else if (tenants.isPending) content = <TableSkeleton />;
  else if (tenants.data.total === 0 && !state.q && !status) content = <Text>{t('tenants.empty')}</Text>;
  else
    content = (
      <Stack gap="sm">
        <Group align="flex-end" gap="sm">
          <ListSearchInput label={t('tenants.search')} value={state.q} onSearch={(q) => update({ q })} />
          <Select
            label={t('tenants.statusFilter')}
            data={[
              { value: '', label: t('tenants.allStates') },
              { value: 'ENABLED', label: t('tenants.enabled') },
              { value: 'DISABLED', label: t('tenants.disabled') },
            ]}
            value={status ?? ''}
            onChange={(value) => update({ filters: { status: isState(value) ? value : null } })}
            allowDeselect={false}
            w={180}
          />
          <Select
            label={t('tenants.sort')}
            data={[
              { value: 'name', label: t('tenants.sortName') },
              { value: 'newest', label: t('tenants.sortNewest') },
            ]}
            value={state.sort}
            onChange={(value) => update({ sort: value === 'newest' ? 'newest' : 'name' })}
            allowDeselect={false}
            w={180}
          />
        </Group>
        <TenantsTable tenants={tenants.data.items} total={tenants.data.total} />
        {tenants.data.items.length === 0 ? <Text data-testid="tenants-no-match">{t('tenants.noMatch')}</Text> : null}
        <ListPager
          total={tenants.data.total}
          pageSize={PAGE_SIZE}
          page={state.page}
          onPage={(page) => update({ page })}
          label={t('tenants.pages')}
        />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1}>{t('tenants.title')}</Title>
          <Text c="dimmed">{t('tenants.intro')}</Text>
        </Stack>
        <Button onClick={() => setCreating(true)}>{t('tenants.create')}</Button>
      </Group>
      {content}
      <TenantFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(created) => void navigate(`/provider/tenants/${created.id}`)}
      />
    </Stack>
  );
}
