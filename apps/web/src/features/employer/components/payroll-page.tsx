import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { PayrollRow } from '@leasing/contract';

import { MonthField } from '../../../components/date-fields';
import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { DownloadProgressView } from '../../../components/transfer-progress';
import type { TransferProgress } from '../../../lib/download-with-progress';
import { useDownloadPayroll, type PayrollFileFormat } from '../api/download-payroll';
import { usePayroll } from '../api/get-payroll';
import { isMonth, shiftMonth } from '../months';
import { settlementTotalEur } from '../payroll-settlement';
import { useEmployerFormat } from '../use-employer-format';
import { LoadError } from './load-error';
import { PauseNote } from './pause-note';
import { PayrollStatusBadge, SettlementCell } from './payroll-settlement-cell';
import { PayrollSettingsForm } from './payroll-settings-form';

const CHANGE_COLORS: Record<NonNullable<PayrollRow['change']>, string> = {
  NEW: 'ev',
  CHANGED: 'blue',
  ENDED: 'orange',
};

/** Previous and next month buttons around the month picker ("März 2026"). */
function MonthSwitch({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation('employer');
  return (
    <Group gap={6} align="flex-end" wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(shiftMonth(month, -1))}
        aria-label={t('payroll.previousMonth')}
      >
        ‹
      </ActionIcon>
      <MonthField
        label={t('payroll.month')}
        value={month}
        onChange={(value) => {
          if (isMonth(value)) onChange(value);
        }}
        w={170}
      />
      <ActionIcon
        variant="default"
        size="lg"
        onClick={() => onChange(shiftMonth(month, 1))}
        aria-label={t('payroll.nextMonth')}
      >
        ›
      </ActionIcon>
    </Group>
  );
}

/** The running download: its bytes of the file's size as a bar, or a busy sign while the size is unknown. */
function DownloadProgress({ progress }: { progress: TransferProgress }) {
  const { t } = useTranslation('employer');
  return (
    <DownloadProgressView
      progress={progress}
      label={t('payroll.downloadProgress.label')}
      text={(wording) => t(`payroll.downloadProgress.${wording.key}`, wording)}
      testId="payroll-download-progress"
    />
  );
}

/** /employer/payroll/:month: what the payroll office books this month, as table and as files. */
export function PayrollPage({ month }: { month: string }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const navigate = useNavigate();
  const notify = useNotify();
  const payroll = usePayroll(month);
  const download = useDownloadPayroll();
  const monthName = format.month(month);
  usePageTitle(t('payroll.title', { month: monthName }));

  const startDownload = (fileFormat: PayrollFileFormat) => {
    download.mutate(
      { month, format: fileFormat },
      { onError: () => notify.error(t('payroll.downloadError'), { title: t('payroll.downloadErrorTitle') }) },
    );
  };
  const downloading = download.isPending ? download.variables.format : null;

  let content;
  if (payroll.isError) content = <LoadError onRetry={() => void payroll.refetch()} />;
  else if (payroll.isPending) content = <TableSkeleton />;
  else {
    const { rows, totals } = payroll.data;
    const settlementTotal = settlementTotalEur(rows);
    content =
      rows.length === 0 ? (
        <Text data-testid="payroll-empty">{t('payroll.empty', { month: monthName })}</Text>
      ) : (
        <Stack gap="xs">
          <KeyboardScrollTable label={t('payroll.caption', { month: monthName })} minWidth={900}>
            <Table
              verticalSpacing="sm"
              striped
              highlightOnHover
              data-testid="payroll-table"
              style={{ opacity: payroll.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Caption>{t('payroll.caption', { month: monthName })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('payroll.columns.employeeId')}</Table.Th>
                  <Table.Th scope="col">{t('payroll.columns.name')}</Table.Th>
                  <Table.Th scope="col">{t('payroll.columns.order')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('payroll.columns.grossConversion')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('payroll.columns.benefitPrivateUse')}
                  </Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('payroll.columns.benefitCommute')}
                  </Table.Th>
                  <Table.Th scope="col">{t('payroll.columns.change')}</Table.Th>
                  <Table.Th scope="col">{t('payroll.columns.status')}</Table.Th>
                  {settlementTotal !== null ? (
                    <Table.Th scope="col" ta="right">
                      {t('payroll.columns.settlement')}
                    </Table.Th>
                  ) : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.orderId} data-testid="payroll-row">
                    <Table.Td>{row.employeeId ?? '–'}</Table.Td>
                    <Table.Th scope="row">{row.name}</Table.Th>
                    <Table.Td>{t('payroll.orderValue', { orderId: row.orderId })}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format.amount(row.grossConversionEur)}
                      {row.employerContributionEur > 0 ? (
                        <Text size="xs" c="dimmed">
                          {t('payroll.subsidy', { amount: format.amount(row.employerContributionEur) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format.amount(row.benefitPrivateUseEur)}
                      <Text size="xs" c="dimmed">
                        {row.benefitRule}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {format.amount(row.benefitCommuteEur)}
                      <Text size="xs" c="dimmed">
                        {t(`payroll.commuting.${row.commutingMethod}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.change ? (
                        <Badge color={CHANGE_COLORS[row.change]} variant="light">
                          {t(`payroll.change.${row.change}`)}
                        </Badge>
                      ) : (
                        '–'
                      )}
                      {row.endDate ? (
                        <Text size="xs" c="dimmed">
                          {t('payroll.endDate', { date: format.date(row.endDate) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      {/* A paused row shows its absence and who pays instead of the bare status. */}
                      {row.pause ? <PauseNote row={row} /> : <PayrollStatusBadge row={row} />}
                    </Table.Td>
                    {settlementTotal !== null ? (
                      <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                        <SettlementCell row={row} />
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr data-testid="payroll-totals">
                  <Table.Th scope="row" colSpan={3}>
                    {t('payroll.totals', { count: totals.leases })}
                  </Table.Th>
                  <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {format.amount(totals.grossConversionEur)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {format.amount(totals.benefitPrivateUseEur)}
                  </Table.Td>
                  <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {format.amount(totals.benefitCommuteEur)}
                  </Table.Td>
                  <Table.Td />
                  <Table.Td />
                  {settlementTotal !== null ? (
                    <Table.Td
                      ta="right"
                      fw={700}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="payroll-settlement-total"
                    >
                      {format.amount(settlementTotal)}
                      <Text size="xs" c="dimmed" fw={400}>
                        {settlementTotal >= 0 ? t('payroll.settlementTotalOwed') : t('payroll.settlementTotalRefund')}
                      </Text>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </KeyboardScrollTable>
          <Text size="sm" data-testid="payroll-saving">
            {t('payroll.saving', {
              amount: format.amount(totals.employerSavingEur),
              year: format.amount(totals.employerSavingYearEur),
            })}
            {totals.savingNotComputed > 0
              ? ` ${t('overview.savingNotComputed', { count: totals.savingNotComputed })}`
              : ''}
            {totals.employerSavingProvisional
              ? ` ${t('payroll.savingProvisional', totals.employerSavingProvisional)}`
              : ''}
          </Text>
        </Stack>
      );
  }

  return (
    <Stack gap="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('payroll.title', { month: monthName })}</Title>
          <Text c="dimmed">{t('payroll.intro')}</Text>
        </Stack>
        <Group justify="space-between" align="flex-end" gap="md">
          <MonthSwitch month={month} onChange={(next) => void navigate(`/employer/payroll/${next}`)} />
          <Stack gap={6} align="flex-end">
            <Group gap="sm">
              <Button
                variant="default"
                loading={downloading === 'csv'}
                disabled={downloading !== null && downloading !== 'csv'}
                onClick={() => startDownload('csv')}
              >
                {t('payroll.downloadCsv')}
              </Button>
              <Button
                variant="default"
                loading={downloading === 'datev'}
                disabled={downloading !== null && downloading !== 'datev'}
                onClick={() => startDownload('datev')}
              >
                {t('payroll.downloadDatev')}
              </Button>
            </Group>
            {download.progress ? <DownloadProgress progress={download.progress} /> : null}
          </Stack>
        </Group>
        {content}
      </Stack>
      <PayrollSettingsForm />
    </Stack>
  );
}
