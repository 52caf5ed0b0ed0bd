import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TaxResult } from '@leasing/contract';

import { formatAmount, numberFormat } from '../lib/format';
import { employerSubsidy, payslipRows } from './payslip-rows';
import { KeyboardScrollTable } from './keyboard-scroll-table';
import classes from './payslip-table.module.css';

const DIFFERENCE: Intl.NumberFormatOptions = {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
};

export interface PayslipTableProps {
  tax: TaxResult;
  /** Test ids: `<prefix>-table` on the table, `<prefix>-row-<key>` on each row. */
  testIdPrefix: string;
  /** A fourth column with after − before (the vehicle page). */
  showDifference?: boolean;
  /** Leave out lines that are zero on both payslips (the order summary). */
  omitZeroRows?: boolean;
}

/**
 * The payslip before and after the salary conversion (spec 2.4, 2.6, 3 "Tax result"), shown on the
 * vehicle page and in the order summary. Every figure is the API's: the converted gross amount is the
 * gross rate less the employer subsidy, and the subsidy has its own row when there is one.
 */
export function PayslipTable({ tax, testIdPrefix, showDifference = false, omitZeroRows = false }: PayslipTableProps) {
  const { t } = useTranslation();
  const rows = payslipRows(tax, { omitZeroRows });
  const subsidised = employerSubsidy(tax) > 0;
  const label = (key: (typeof rows)[number]['key']) =>
    key === 'conversion' && subsidised ? t('payslipTable.rows.conversionLessSubsidy') : t(`payslipTable.rows.${key}`);
  const caption = t('payslipTable.caption');
  return (
    <KeyboardScrollTable label={caption} minWidth={showDifference ? 520 : 420}>
      <Table striped highlightOnHover={showDifference} verticalSpacing={6} data-testid={`${testIdPrefix}-table`}>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('payslipTable.item')}</Table.Th>
            <Table.Th scope="col" className={classes.num}>
              {t('payslipTable.before')}
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              {t('payslipTable.after')}
            </Table.Th>
            {showDifference ? (
              <Table.Th scope="col" className={classes.num}>
                {t('payslipTable.difference')}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={`${testIdPrefix}-row-${row.key}`}>
              <Table.Th scope="row" fw={row.emphasis ? 700 : 400}>
                {label(row.key)}
              </Table.Th>
              <Table.Td className={classes.num} fw={row.emphasis ? 700 : undefined}>
                {formatAmount(row.before)}
              </Table.Td>
              <Table.Td className={classes.num} fw={row.emphasis ? 700 : undefined}>
                {formatAmount(row.after)}
              </Table.Td>
              {showDifference ? (
                <Table.Td className={classes.num}>{numberFormat(DIFFERENCE).format(row.after - row.before)}</Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </KeyboardScrollTable>
  );
}
