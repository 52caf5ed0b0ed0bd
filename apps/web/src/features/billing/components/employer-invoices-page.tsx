import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { InvoiceStatuses, type InvoiceStatus } from '@leasing/contract';

import { usePageTitle } from '../../../components/use-page-title';
import { useListState } from '../../../lib/list-state';
import { isInvoiceMonth } from '../months';
import { InvoiceDrawer } from './invoice-drawer';
import { InvoiceFilters } from './invoice-filters';
import { InvoiceList } from './invoice-list';
import { OwnBillingCard } from './tenant-billing-view';

const PAGE_SIZE = 25;
const isStatus = (value: string | null): value is InvoiceStatus => InvoiceStatuses.some((s) => s === value);
const LIST_STATE = { sorts: ['newest'], filters: { month: isInvoiceMonth, status: InvoiceStatuses } } as const;

/** /employer/invoices: the employer's billing data (read only) and its own invoices with their files. */
export function EmployerInvoicesPage() {
  const { t } = useTranslation('billing');
  const { state, update } = useListState(LIST_STATE);
  const month = state.filters.month;
  const status = isStatus(state.filters.status) ? state.filters.status : null;
  const [openId, setOpenId] = useState<string | null>(null);
  usePageTitle(t('portal.title'));

  return (
    <Stack gap="xl">
      <Stack gap={4} maw={720}>
        <Title order={1}>{t('portal.title')}</Title>
        <Text c="dimmed">{t('portal.intro')}</Text>
      </Stack>
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('portal.listTitle')}
        </Title>
        <InvoiceFilters
          month={month}
          status={status}
          onChange={(changes) => update({ filters: changes })}
          onReset={() => update({ filters: { month: null, status: null } })}
        />
        <InvoiceList
          scope="tenant"
          query={{ ...(month ? { month } : {}), ...(status ? { status } : {}), page: state.page, pageSize: PAGE_SIZE }}
          filtered={Boolean(month ?? status)}
          emptyText={t('portal.empty')}
          onPage={(page) => update({ page })}
          onOpen={(invoice) => setOpenId(invoice.id)}
        />
      </Stack>
      <OwnBillingCard />
      <InvoiceDrawer scope="tenant" invoiceId={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
