import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { InvoiceStatuses, type InvoiceStatus } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { useListState } from '../../../lib/list-state';
import { TenantPicker } from '../../provider/components/tenant-picker';
import { useBillingProfile } from '../api/provider-billing';
import { isInvoiceMonth } from '../months';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceList } from './invoice-list';
import { InvoiceRunCard } from './invoice-run-card';

const PAGE_SIZE = 25;
const isId = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
const isStatus = (value: string | null): value is InvoiceStatus => InvoiceStatuses.some((s) => s === value);

/** The list's filters and page live in the address (lib/list-state); it has one order, the server's. */
const LIST_STATE = {
  sorts: ['newest'],
  filters: { month: isInvoiceMonth, tenantId: isId, status: InvoiceStatuses },
} as const;
const NO_FILTERS = { month: null, tenantId: null, status: null };

/** Says so when no issuer details are saved yet: no invoice can be issued without them. */
function ProfileHint() {
  const { t } = useTranslation('billing');
  const profile = useBillingProfile();
  if (profile.data !== null) return null;
  return (
    <Alert color="yellow" variant="light" data-testid="no-billing-profile">
      <Text size="sm">{t('invoices.noProfile')}</Text>
      <Button component={Link} to="/provider/invoices/profile" variant="default" size="xs" mt="xs">
        {t('invoices.noProfileAction')}
      </Button>
    </Alert>
  );
}

/**
 * /provider/invoices: the monthly invoice run, the DATEV export, and the invoices and credit notes of
 * every employer, filtered and paged on the server, each opened in a drawer.
 */
export function InvoicesPage() {
  const { t } = useTranslation('billing');
  const { state, update } = useListState(LIST_STATE);
  const { month, tenantId } = state.filters;
  const status = isStatus(state.filters.status) ? state.filters.status : null;
  const [openId, setOpenId] = useState<string | null>(null);
  usePageTitle(t('invoices.title'));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4} maw={720}>
          <Title order={1}>{t('invoices.title')}</Title>
          <Text c="dimmed">{t('invoices.intro')}</Text>
        </Stack>
        <Button component={Link} to="/provider/invoices/profile" variant="default">
          {t('invoices.profile')}
        </Button>
      </Group>
      <ProfileHint />
      <InvoiceRunCard
        onOpen={(invoice) => setOpenId(invoice.id)}
        onRan={(ran) => update({ filters: { month: ran } })}
      />
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('invoices.listTitle')}
        </Title>
        <InvoiceFilters
          month={month}
          status={status}
          onChange={(changes) => update({ filters: changes })}
          onReset={() => update({ filters: NO_FILTERS })}
        >
          <TenantPicker
            label={t('invoices.employer')}
            placeholder={t('invoices.allEmployers')}
            value={tenantId}
            onChange={(next) => update({ filters: { tenantId: next } })}
          />
        </InvoiceFilters>
        <InvoiceList
          scope="provider"
          query={{
            ...(month ? { month } : {}),
            ...(tenantId ? { tenantId } : {}),
            ...(status ? { status } : {}),
            page: state.page,
            pageSize: PAGE_SIZE,
          }}
          filtered={Boolean(month ?? tenantId ?? status)}
          emptyText={t('invoices.empty')}
          onPage={(page) => update({ page })}
          onOpen={(invoice) => setOpenId(invoice.id)}
        />
      </Stack>
      <InvoiceDrawer scope="provider" invoiceId={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
