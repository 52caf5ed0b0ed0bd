import { useTranslation } from 'react-i18next';

import type { TaxResult } from '@leasing/contract';

import { employerSubsidy, payslipRows, type PayslipRow } from '../../../components/payslip-rows';
import { ResponsiveTable, type ResponsiveColumn } from '../../../components/responsive-table';
import { formatAmount, numberFormat } from '../../../lib/format';

const DIFFERENCE: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
};

export interface PayslipComparisonTableProps {
  tax: TaxResult;
  /** Test ids: `<prefix>-table` on the table, `<prefix>-row-<key>` on each row. */
  testIdPrefix: string;
  /** A fourth column with after − before (the vehicle page). */
  showDifference?: boolean;
  /** Leave out lines that are zero on both payslips (the order summary). */
  omitZeroRows?: boolean;
}

/** The sums the reader looks for first (gross, taxable gross, take-home pay, net rate) in bold. */
const emphasised = (row: PayslipRow, text: string) => (row.emphasis ? <strong>{text}</strong> : text);

/**
 * The payslip before and after the salary conversion (spec 2.4, 2.6, 3 "Tax result"), on the vehicle
 * page and in the order summary: a table on a wide screen; on a phone one line per payslip item with
 * Vorher, Nachher (and Differenz) side by side under the item's name, so no column lies off the screen
 * (issue #48). Every figure is the API's: the converted gross amount is the gross rate less the employer
 * subsidy, and the subsidy has its own row when there is one (components/payslip-rows.ts).
 */
export function PayslipComparisonTable({
  tax,
  testIdPrefix,
  showDifference = false,
  omitZeroRows = false,
}: PayslipComparisonTableProps) {
  const { t } = useTranslation();
  const rows = payslipRows(tax, { omitZeroRows });
  const subsidised = employerSubsidy(tax) > 0;
  const label = (key: PayslipRow['key']) =>
    key === 'conversion' && subsidised ? t('payslipTable.rows.conversionLessSubsidy') : t(`payslipTable.rows.${key}`);
  const difference = numberFormat(DIFFERENCE);
  const columns: ResponsiveColumn<PayslipRow>[] = [
    { key: 'item', header: t('payslipTable.item'), rowHeader: true, cell: (row) => emphasised(row, label(row.key)) },
    {
      key: 'before',
      header: t('payslipTable.before'),
      numeric: true,
      cell: (row) => emphasised(row, formatAmount(row.before)),
    },
    {
      key: 'after',
      header: t('payslipTable.after'),
      numeric: true,
      cell: (row) => emphasised(row, formatAmount(row.after)),
    },
    ...(showDifference
      ? [
          {
            key: 'difference',
            header: t('payslipTable.difference'),
            numeric: true,
            cell: (row: PayslipRow) => difference.format(row.after - row.before),
          },
        ]
      : []),
  ];
  return (
    <ResponsiveTable
      caption={t('payslipTable.caption')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      rowAttributes={(row) => ({ 'data-testid': `${testIdPrefix}-row-${row.key}` })}
      testId={`${testIdPrefix}-table`}
      phoneLayout="figures"
      minWidth={showDifference ? 520 : 420}
      focusableScroller
      striped
      highlightOnHover={showDifference}
      verticalSpacing={6}
    />
  );
}
