import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceSummary } from '@leasing/contract';

import { formatAmount, formatDate, formatInteger } from '../../../lib/format';
import { formatMonth } from '../months';
import { InvoiceStatusBadge, InvoiceTypeBadge } from './invoice-badges';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/**
 * One page of invoices and credit notes; the number opens the document. The employer's own list leaves
 * out the employer column. On a phone the table scrolls sideways (it holds buttons, so no own focus).
 */
export function InvoiceTable({
  invoices,
  total,
  showEmployer,
  onOpen,
  dimmed = false,
}: {
  invoices: readonly InvoiceSummary[];
  total: number;
  showEmployer: boolean;
  onOpen: (invoice: InvoiceSummary) => void;
  /** While the next page loads, the old one stays in place, faded. */
  dimmed?: boolean;
}) {
  const { t } = useTranslation('billing');
  return (
    <Table.ScrollContainer minWidth={showEmployer ? 1000 : 860}>
      <Table striped highlightOnHover data-testid="invoices-table" style={{ opacity: dimmed ? 0.6 : 1 }}>
        <Table.Caption>{t('invoices.caption', { count: total, formatted: formatInteger(total) })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoices.columns.number')}</Table.Th>
            <Table.Th scope="col">{t('invoices.columns.type')}</Table.Th>
            {showEmployer ? <Table.Th scope="col">{t('invoices.columns.employer')}</Table.Th> : null}
            <Table.Th scope="col">{t('invoices.columns.month')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.columns.net')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.columns.vat')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.columns.gross')}
            </Table.Th>
            <Table.Th scope="col">{t('invoices.columns.status')}</Table.Th>
            <Table.Th scope="col">{t('invoices.columns.mailed')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((invoice) => (
            <Table.Tr key={invoice.id} data-testid="invoice-row">
              <Table.Th scope="row" style={NO_WRAP}>
                <Anchor
                  component="button"
                  type="button"
                  fw={600}
                  ff="monospace"
                  onClick={() => onOpen(invoice)}
                  aria-label={t('invoices.open', { number: invoice.number })}
                >
                  {invoice.number}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatDate(invoice.issueDate)}
                </Text>
              </Table.Th>
              <Table.Td>
                <InvoiceTypeBadge type={invoice.type} />
              </Table.Td>
              {showEmployer ? <Table.Td>{invoice.tenantName}</Table.Td> : null}
              <Table.Td style={NO_WRAP}>{formatMonth(invoice.month)}</Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {formatAmount(invoice.netEur)}
              </Table.Td>
              <Table.Td ta="right" style={NO_WRAP}>
                {formatAmount(invoice.vatEur)}
              </Table.Td>
              <Table.Td ta="right" style={NO_WRAP} fw={600}>
                {formatAmount(invoice.grossEur)}
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={invoice.status} />
              </Table.Td>
              <Table.Td style={NO_WRAP}>
                {invoice.mailedAt ? formatDate(invoice.mailedAt) : t('invoices.notMailed')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
