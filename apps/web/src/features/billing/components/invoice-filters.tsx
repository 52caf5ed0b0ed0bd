import { Button, Group, Select, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { InvoiceStatuses } from '@leasing/contract';

import { currentMonth, monthOptions } from '../months';

/** How far back the list's month filter reaches (a month from the address is offered as well). */
const FILTER_MONTHS = 36;

export type InvoiceFilterName = 'month' | 'status' | 'tenantId';
export type InvoiceFilterValues = Partial<Record<InvoiceFilterName, string | null>>;

/** Month and status of an invoice list (and, for the provider, its employer picker in `children`). */
export function InvoiceFilters({
  month,
  status,
  onChange,
  onReset,
  children,
}: {
  month: string | null;
  status: string | null;
  onChange: (changes: InvoiceFilterValues) => void;
  onReset: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('billing');
  return (
    <Stack gap="xs">
      <SimpleGrid cols={{ base: 1, sm: children ? 3 : 2 }} spacing="sm" maw={children ? 960 : 640}>
        <Select
          label={t('invoices.month')}
          placeholder={t('invoices.allMonths')}
          data={monthOptions(currentMonth(), FILTER_MONTHS, month)}
          value={month}
          onChange={(value) => onChange({ month: value })}
          clearable
        />
        {children}
        <Select
          label={t('invoices.status')}
          placeholder={t('invoices.allStatuses')}
          data={InvoiceStatuses.map((value) => ({ value, label: t(`statuses.${value}`) }))}
          value={status}
          onChange={(value) => onChange({ status: value })}
          clearable
        />
      </SimpleGrid>
      <Group>
        <Button variant="subtle" size="xs" onClick={onReset}>
          {t('invoices.reset')}
        </Button>
      </Group>
    </Stack>
  );
}
