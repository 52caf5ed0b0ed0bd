import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceSummary } from '@leasing/contract';

import { ListPager } from '../../../components/list-controls';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useInvoices, type InvoiceQuery } from '../api/invoices';
import type { BillingScope } from '../api/keys';
import { InvoiceTable } from './invoice-table';
import { LoadError } from './load-error';

/** The invoices of `query`, one page from the server, with the pager; `filtered` tells an empty page from none at all. */
export function InvoiceList({
  scope,
  query,
  filtered,
  emptyText,
  onPage,
  onOpen,
}: {
  scope: BillingScope;
  query: InvoiceQuery & { page: number; pageSize: number };
  filtered: boolean;
  emptyText: string;
  onPage: (page: number) => void;
  onOpen: (invoice: InvoiceSummary) => void;
}) {
  const { t } = useTranslation('billing');
  const invoices = useInvoices(scope, query);
  if (invoices.isError) return <LoadError onRetry={() => void invoices.refetch()} />;
  if (invoices.isPending) return <TableSkeleton />;
  const { items, total } = invoices.data;
  if (total === 0 && !filtered) return <Text data-testid="invoices-empty">{emptyText}</Text>;
  return (
    <Stack gap="sm">
      <InvoiceTable
        invoices={items}
        total={total}
        showEmployer={scope === 'provider'}
        onOpen={onOpen}
        dimmed={invoices.isPlaceholderData}
      />
      {items.length === 0 ? <Text data-testid="invoices-no-match">{t('invoices.noMatch')}</Text> : null}
      <ListPager
        total={total}
        pageSize={query.pageSize}
        page={query.page}
        onPage={onPage}
        label={t('invoices.pages')}
      />
    </Stack>
  );
}
