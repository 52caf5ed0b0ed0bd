import { Anchor, Box, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import type { TenantTrend } from '@leasing/contract';

import { ChartFigure } from '../../../components/chart-figure';
import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';
import { LazyShareDonut, LazyTrendBarChart, LazyTrendLineChart } from '../../../components/lazy-charts';
import { Skeleton } from '../../../components/page-skeleton';
import { useTrend } from '../api/get-trend';
import { useEmployerFormat, type EmployerFormat } from '../use-employer-format';

const MONTHS_CHART_HEIGHT = 300;
const WAITING_CHART_HEIGHT = 240;
const DONUT_SIZE = 150;

/** `Jul 25`: a month on the chart's axis, in the language shown. */
function useShortMonth(): (month: string) => string {
  const { i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en-GB' : 'de-DE';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
    return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
  }, [locale]);
}

/**
 * The overview's charts (ADR 0063): the programme's last twelve months as the payroll exports have
 * them, the uptake, and the approvals waiting for HR by how long they have waited; each chart with
 * its figures as a table or a sentence.
 */
export function OverviewTrend() {
  const { t } = useTranslation('employer');
  const trend = useTrend();
  if (trend.isError) {
    return (
      <Text c="dimmed" data-testid="overview-trend-error">
        {t('trend.loadError')}
      </Text>
    );
  }
  if (!trend.data) return <Skeleton height={MONTHS_CHART_HEIGHT + 160} />;
  return (
    <Stack gap="lg" data-testid="overview-trend">
      <MonthsCard trend={trend.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UptakeCard uptake={trend.data.uptake} />
        <ApprovalsCard approvals={trend.data.openApprovals} />
      </SimpleGrid>
    </Stack>
  );
}

function MonthsCard({ trend }: { trend: TenantTrend }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const shortMonth = useShortMonth();
  const first = trend.months[0]?.month ?? '';
  const last = trend.months.at(-1)?.month ?? '';
  const series = [
    { name: 'gross', label: t('trend.series.gross'), color: 'ev.6' },
    { name: 'subsidy', label: t('trend.series.subsidy'), color: 'blue.6' },
    { name: 'saving', label: t('trend.series.saving'), color: 'orange.6' },
  ];
  const data = trend.months.flatMap(({ month, totals }) =>
    totals
      ? [
          {
            month: shortMonth(month),
            gross: totals.grossConversionEur,
            subsidy: totals.employerContributionEur,
            saving: totals.employerSavingEur,
          },
        ]
      : [],
  );
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} fz="lg">
            {t('trend.title', { count: trend.months.length })}
          </Title>
          <Text size="sm" c="dimmed">
            {t('trend.intro')}
          </Text>
        </Stack>
        {trend.complete ? null : (
          <Text size="sm" role="status" data-testid="overview-trend-pending">
            {t('trend.pending')}
          </Text>
        )}
        <ChartFigure
          testId="overview-trend-months"
          legend={series}
          summary={t('trend.summary', { from: format.month(first), to: format.month(last) })}
          height={MONTHS_CHART_HEIGHT}
          chart={
            <LazyTrendLineChart
              data={data}
              dataKey="month"
              series={series}
              height={MONTHS_CHART_HEIGHT}
              valueFormatter={(value) => format.amount(value)}
              yAxisWidth={88}
            />
          }
          table={<MonthsTable trend={trend} format={format} />}
        />
      </Stack>
    </Card>
  );
}

function MonthsTable({ trend, format }: { trend: TenantTrend; format: EmployerFormat }) {
  const { t } = useTranslation('employer');
  return (
    <KeyboardScrollTable label={t('trend.tableCaption')} minWidth={620}>
      <Table striped data-testid="overview-trend-table">
        <Table.Caption>{t('trend.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('trend.columns.month')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('trend.columns.leases')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('trend.series.gross')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('trend.series.subsidy')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('trend.series.saving')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {trend.months.map(({ month, totals }) => (
            <Table.Tr key={month}>
              <Table.Th scope="row" fw={400}>
                <Anchor component={Link} to={`/employer/payroll/${month}`} size="sm">
                  {format.month(month)}
                </Anchor>
              </Table.Th>
              {totals ? (
                <>
                  <Table.Td ta="right">{format.integer(totals.leases)}</Table.Td>
                  <Table.Td ta="right">{format.amount(totals.grossConversionEur)}</Table.Td>
                  <Table.Td ta="right">{format.amount(totals.employerContributionEur)}</Table.Td>
                  <Table.Td ta="right">
                    {format.amount(totals.employerSavingEur)}
                    {totals.employerSavingProvisional ? ` (${t('overview.savingProvisional')})` : ''}
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={4} c="dimmed">
                  {t('trend.computing')}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </KeyboardScrollTable>
  );
}

function UptakeCard({ uptake }: { uptake: TenantTrend['uptake'] }) {
  const { t, i18n } = useTranslation('employer');
  const format = useEmployerFormat();
  const locale = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en-GB' : 'de-DE';
  const share = uptake.people > 0 ? uptake.participants / uptake.people : 0;
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(share);
  return (
    <Card withBorder radius="md" padding="md" data-testid="overview-uptake">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('trend.uptakeTitle')}
        </Title>
        <Group gap="md" wrap="nowrap" align="center">
          {/* The sentence beside it says what the ring shows. */}
          <Box aria-hidden="true" w={DONUT_SIZE} h={DONUT_SIZE} style={{ flex: 'none' }}>
            <UptakeDonut
              participants={uptake.participants}
              others={Math.max(0, uptake.people - uptake.participants)}
              label={percent}
            />
          </Box>
          <Stack gap={4} miw={0}>
            <Text fw={600} data-testid="overview-uptake-text">
              {uptake.people > 0
                ? t('trend.uptakeText', {
                    participants: format.integer(uptake.participants),
                    people: format.integer(uptake.people),
                    share: percent,
                  })
                : t('trend.uptakeNone')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('trend.uptakeHint')}
            </Text>
          </Stack>
        </Group>
      </Stack>
    </Card>
  );
}

/** The ring of participants and everyone else; grey alone while nobody is in the programme. */
function UptakeDonut({ participants, others, label }: { participants: number; others: number; label: string }) {
  const { t } = useTranslation('employer');
  const data =
    participants + others === 0
      ? [{ name: t('trend.notParticipating'), value: 1, color: 'gray.4' }]
      : [
          { name: t('trend.participants'), value: participants, color: 'ev.6' },
          { name: t('trend.notParticipating'), value: others, color: 'gray.4' },
        ];
  return (
    <Suspense fallback={<Skeleton height={DONUT_SIZE} width={DONUT_SIZE} radius="50%" />}>
      <LazyShareDonut size={DONUT_SIZE} label={label} data={data} />
    </Suspense>
  );
}

function ApprovalsCard({ approvals }: { approvals: TenantTrend['openApprovals'] }) {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const data = approvals.byDaysWaiting.map((b) => ({ bucket: t(`trend.buckets.${b.bucket}`), orders: b.count }));
  return (
    <Card withBorder radius="md" padding="md" data-testid="overview-waiting">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg">
            {t('trend.approvalsTitle')}
          </Title>
          <Anchor component={Link} to="/admin/orders" size="sm">
            {t('overview.toApprovals')}
          </Anchor>
        </Group>
        <Text size="sm" data-testid="overview-waiting-text">
          {approvals.total > 0 ? t('trend.approvalsText', { count: approvals.total }) : t('trend.approvalsNone')}
        </Text>
        {approvals.total > 0 ? (
          <ChartFigure
            testId="overview-waiting-chart"
            summary={t('trend.approvalsSummary')}
            height={WAITING_CHART_HEIGHT}
            chart={
              <LazyTrendBarChart
                data={data}
                dataKey="bucket"
                series={[{ name: 'orders', label: t('trend.approvalsSeries'), color: 'blue.6' }]}
                height={WAITING_CHART_HEIGHT}
                valueFormatter={(value) => format.integer(value)}
              />
            }
            table={
              <Table striped data-testid="overview-waiting-table">
                <Table.Caption>{t('trend.approvalsTitle')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('trend.waited')}</Table.Th>
                    <Table.Th scope="col" ta="right">
                      {t('trend.approvalsSeries')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {approvals.byDaysWaiting.map((b) => (
                    <Table.Tr key={b.bucket}>
                      <Table.Th scope="row" fw={400}>
                        {t(`trend.buckets.${b.bucket}`)}
                      </Table.Th>
                      <Table.Td ta="right">{format.integer(b.count)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            }
          />
        ) : null}
      </Stack>
    </Card>
  );
}
