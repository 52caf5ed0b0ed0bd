import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TaxResult } from '@leasing/contract';

import { formatAmount } from '../../../lib/format';
import { taxRows } from '../payslip-comparison';
import classes from './vehicle-page.module.css';

const differenceFormat = new Intl.NumberFormat('de-DE', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** The payslip before and after the conversion (spec 2.4, 3 "Tax result"), every field of both blocks. */
export function TaxTable({ tax }: { tax: TaxResult }) {
  const { t } = useTranslation('catalog');
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped highlightOnHover verticalSpacing={6} data-testid="tax-table">
        <Table.Caption>{t('tax.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tax.item')}</Table.Th>
            <Table.Th scope="col" className={classes.num}>
              {t('tax.before')}
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              {t('tax.after')}
            </Table.Th>
            <Table.Th scope="col" className={classes.num}>
              {t('tax.difference')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {taxRows(tax).map((row) => (
            <Table.Tr key={row.key} data-testid={`tax-row-${row.key}`}>
              <Table.Th scope="row" fw={row.emphasis ? 700 : 400}>
                {t(`tax.rows.${row.key}`)}
              </Table.Th>
              <Table.Td className={classes.num} fw={row.emphasis ? 700 : undefined}>
                {formatAmount(row.before)}
              </Table.Td>
              <Table.Td className={classes.num} fw={row.emphasis ? 700 : undefined}>
                {formatAmount(row.after)}
              </Table.Td>
              <Table.Td className={classes.num}>{differenceFormat.format(row.after - row.before)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
