import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { InvoiceRunAnswer, InvoiceSummary } from '@leasing/contract';

import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';
import { formatAmount } from '../../../lib/format';

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

function RunInvoices({
  title,
  invoices,
  testId,
  onOpen,
}: {
  title: string;
  invoices: readonly InvoiceSummary[];
  testId: string;
  onOpen: (invoice: InvoiceSummary) => void;
}) {
  const { t } = useTranslation('billing');
  if (invoices.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={3} size="h5">
        {title} ({invoices.length})
      </Title>
      <Table.ScrollContainer minWidth={300}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('invoices.columns.number')}</Table.Th>
              <Table.Th scope="col">{t('invoices.columns.employer')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('invoices.columns.gross')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((invoice) => (
              <Table.Tr key={invoice.id} data-testid="run-invoice">
                <Table.Th scope="row" style={NO_WRAP}>
                  <Anchor
                    component="button"
                    type="button"
                    ff="monospace"
                    onClick={() => onOpen(invoice)}
                    aria-label={t('invoices.open', { number: invoice.number })}
                  >
                    {invoice.number}
                  </Anchor>
                </Table.Th>
                <Table.Td>{invoice.tenantName}</Table.Td>
                <Table.Td ta="right" style={NO_WRAP}>
                  {formatAmount(invoice.grossEur)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What a run did: the invoices it created, those of the month issued before, and who was skipped and why. */
export function InvoiceRunResult({
  answer,
  monthName,
  onOpen,
}: {
  answer: InvoiceRunAnswer;
  monthName: string;
  onOpen: (invoice: InvoiceSummary) => void;
}) {
  const { t } = useTranslation('billing');
  const { created, existing, skipped } = answer;
  return (
    <Stack gap="md" data-testid="run-result">
      <Stack gap={2}>
        <Title order={3} size="h4">
          {t('run.resultTitle', { month: monthName })}
        </Title>
        <Text size="sm" data-testid="run-summary">
          {t('run.summary', { created: created.length, existing: existing.length, skipped: skipped.length })}
        </Text>
        {created.length + existing.length + skipped.length === 0 ? <Text size="sm">{t('run.nothing')}</Text> : null}
      </Stack>
      <RunInvoices title={t('run.created')} invoices={created} testId="run-created" onOpen={onOpen} />
      <RunInvoices title={t('run.existing')} invoices={existing} testId="run-existing" onOpen={onOpen} />
      {skipped.length > 0 ? (
        <Stack gap={4} data-testid="run-skipped">
          <Title order={3} size="h5">
            {t('run.skipped')} ({skipped.length})
          </Title>
          {/* Text only: on a phone the scroller itself takes the focus. */}
          <KeyboardScrollTable label={t('run.skipped')} minWidth={300}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('invoices.columns.employer')}</Table.Th>
                  <Table.Th scope="col">{t('run.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skipped.map((skip) => (
                  <Table.Tr key={skip.tenantId} data-testid="run-skip">
                    <Table.Th scope="row">{skip.tenantName}</Table.Th>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {t(`skipReasons.${skip.reason}`)}
                      </Text>
                      <Text size="sm">{skip.message}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollTable>
        </Stack>
      ) : null}
    </Stack>
  );
}
