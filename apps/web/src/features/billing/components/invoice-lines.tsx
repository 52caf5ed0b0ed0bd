import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceDetail, InvoiceLine } from '@leasing/contract';

import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';
import { formatAmount, formatDate, numberFormat } from '../../../lib/format';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;
/** UN/ECE Rec. 20 codes the invoices use; any other is shown as its code. */
const UNITS = ['MON', 'DAY', 'C62'] as const;
type Unit = (typeof UNITS)[number];
const isUnit = (code: string): code is Unit => UNITS.some((unit) => unit === code);

function LineRow({ line }: { line: InvoiceLine }) {
  const { t } = useTranslation('billing');
  const quantity = numberFormat({ maximumFractionDigits: 4 }).format(line.quantity);
  return (
    <Table.Tr data-testid="invoice-line">
      <Table.Td>
        <Text size="sm">{line.description}</Text>
        {line.periodStart && line.periodEnd ? (
          <Text size="xs" c="dimmed">
            {t('detail.period', { from: formatDate(line.periodStart), to: formatDate(line.periodEnd) })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {quantity}
      </Table.Td>
      <Table.Td style={NO_WRAP}>
        {isUnit(line.unitCode) ? t(`units.${line.unitCode}`, { count: line.quantity }) : line.unitCode}
      </Table.Td>
      <Table.Td ta="right" style={NO_WRAP}>
        {formatAmount(line.netEur)}
      </Table.Td>
    </Table.Tr>
  );
}

/** The invoice's lines with its totals; figures only, so the scroller itself takes the focus on a phone. */
export function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation('billing');
  const total = (label: string, amount: number, testId: string, strong = false) => (
    <Table.Tr data-testid={testId}>
      <Table.Th scope="row" colSpan={3} ta="right">
        {label}
      </Table.Th>
      <Table.Td ta="right" style={NO_WRAP} fw={strong ? 700 : 400}>
        {formatAmount(amount)}
      </Table.Td>
    </Table.Tr>
  );
  return (
    <KeyboardScrollTable label={t('detail.lines')} minWidth={340}>
      <Table verticalSpacing="xs" data-testid="invoice-lines">
        <Table.Caption>{t('detail.lines')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('detail.columns.description')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('detail.columns.quantity')}
            </Table.Th>
            <Table.Th scope="col">{t('detail.columns.unit')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('detail.columns.net')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.lines.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>{t('detail.noLines')}</Table.Td>
            </Table.Tr>
          ) : (
            invoice.lines.map((line, index) => <LineRow key={`${String(line.orderId)}-${String(index)}`} line={line} />)
          )}
        </Table.Tbody>
        <Table.Tfoot>
          {total(t('detail.net'), invoice.netEur, 'invoice-net')}
          {total(t('detail.vat'), invoice.vatEur, 'invoice-vat')}
          {total(t('detail.gross'), invoice.grossEur, 'invoice-gross', true)}
        </Table.Tfoot>
      </Table>
    </KeyboardScrollTable>
  );
}
