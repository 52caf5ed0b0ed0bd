import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  OPEN_PIPELINE_STATUSES,
  ORDER_OUTCOMES,
  type OpenPipelineStatus,
  type OrderOutcome,
  type ProviderTrend,
} from '@leasing/contract';

import { ChartFigure } from '../../../components/chart-figure';
import { KeyboardScrollTable } from '../../../components/keyboard-scroll-table';
import { LazyTrendBarChart } from '../../../components/lazy-charts';
import { Skeleton } from '../../../components/page-skeleton';
import { formatDate, formatInteger } from '../../../lib/format';
import { useDashboardTrend } from '../api/get-dashboard-trend';

const CHART_HEIGHT = 280;

const OUTCOME_COLORS: Record<OrderOutcome, string> = {
  LEASE: 'ev.6',
  OPEN: 'blue.6',
  DECLINED: 'red.6',
  CANCELLED: 'gray.6',
};

const STATUS_COLORS: Record<OpenPipelineStatus, string> = {
  EMPLOYEE_STEPS: 'gray.6',
  EMPLOYER_APPROVAL: 'orange.6',
  ORDERING: 'blue.6',
  DELIVERY: 'ev.6',
};

const count = (value: number) => formatInteger(value);

/** `Jul 25`: a month on the chart's axis, in the language shown. */
function useShortMonth(): (month: string) => string {
  const { i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en-GB' : 'de-DE';
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { month: 'short', year: '2-digit', timeZone: 'UTC' });
    return (month: string) => format.format(new Date(`${month}-01T00:00:00Z`));
  }, [locale]);
}

function Section({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The dashboard's charts (ADR 0063): orders per month by where they ended up, the deliveries due per
 * week, and the open orders by the days in their current step; each with its figures as a table.
 */
export function DashboardTrend() {
  const { t } = useTranslation('provider');
  const trend = useDashboardTrend();
  if (trend.isError) {
    return (
      <Text c="dimmed" data-testid="dashboard-trend-error">
        {t('trend.loadError')}
      </Text>
    );
  }
  if (!trend.data) return <Skeleton height={CHART_HEIGHT + 120} />;
  return (
    <Stack gap="lg" data-testid="dashboard-trend">
      <OrdersByMonth trend={trend.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DeliveriesByWeek deliveries={trend.data.deliveries} />
        <OpenByDays rows={trend.data.openByDaysInStep} />
      </SimpleGrid>
    </Stack>
  );
}

function OrdersByMonth({ trend }: { trend: ProviderTrend }) {
  const { t, i18n } = useTranslation('provider');
  const shortMonth = useShortMonth();
  const locale = (i18n.resolvedLanguage ?? i18n.language).startsWith('en') ? 'en-GB' : 'de-DE';
  const longMonth = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const monthName = (month: string) => longMonth.format(new Date(`${month}-01T00:00:00Z`));
  const series = ORDER_OUTCOMES.map((outcome) => ({
    name: outcome,
    label: t(`trend.outcomes.${outcome}`),
    color: OUTCOME_COLORS[outcome],
  }));
  const data = trend.ordersByMonth.map(({ month, counts }) => ({ month: shortMonth(month), ...counts }));
  const first = trend.ordersByMonth[0]?.month ?? '';
  const last = trend.ordersByMonth.at(-1)?.month ?? '';
  return (
    <Section title={t('trend.ordersTitle')} intro={t('trend.ordersIntro')} testId="dashboard-orders-by-month">
      <ChartFigure
        testId="dashboard-orders-chart"
        legend={series}
        summary={t('trend.ordersSummary', { from: monthName(first), to: monthName(last) })}
        height={CHART_HEIGHT}
        chart={
          <LazyTrendBarChart
            data={data}
            dataKey="month"
            series={series}
            height={CHART_HEIGHT}
            valueFormatter={count}
            stacked
          />
        }
        table={
          <KeyboardScrollTable label={t('trend.ordersTitle')} minWidth={560}>
            <Table striped data-testid="dashboard-orders-table">
              <Table.Caption>{t('trend.ordersTitle')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('trend.month')}</Table.Th>
                  {ORDER_OUTCOMES.map((outcome) => (
                    <Table.Th key={outcome} scope="col" ta="right">
                      {t(`trend.outcomes.${outcome}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trend.ordersByMonth.map(({ month, counts }) => (
                  <Table.Tr key={month}>
                    <Table.Th scope="row" fw={400}>
                      {monthName(month)}
                    </Table.Th>
                    {ORDER_OUTCOMES.map((outcome) => (
                      <Table.Td key={outcome} ta="right">
                        {count(counts[outcome])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollTable>
        }
      />
    </Section>
  );
}

function DeliveriesByWeek({ deliveries }: { deliveries: ProviderTrend['deliveries'] }) {
  const { t } = useTranslation('provider');
  const weekLabel = (isoWeek: number) => t('trend.week', { week: isoWeek });
  const data = deliveries.weeks.map((w) => ({ week: weekLabel(w.isoWeek), deliveries: w.count }));
  return (
    <Section title={t('trend.deliveriesTitle')} intro={t('trend.deliveriesIntro')} testId="dashboard-deliveries">
      <Text size="sm" data-testid="dashboard-deliveries-text">
        {t('trend.deliveriesText', {
          overdue: count(deliveries.overdue),
          later: count(deliveries.later),
          without: count(deliveries.withoutWindow),
        })}
      </Text>
      <ChartFigure
        testId="dashboard-deliveries-chart"
        summary={t('trend.deliveriesSummary', {
          from: formatDate(deliveries.weeks[0]?.weekStart),
          weeks: deliveries.weeks.length,
        })}
        height={CHART_HEIGHT}
        chart={
          <LazyTrendBarChart
            data={data}
            dataKey="week"
            series={[{ name: 'deliveries', label: t('trend.deliveriesSeries'), color: 'ev.6' }]}
            height={CHART_HEIGHT}
            valueFormatter={count}
          />
        }
        table={
          <Table striped data-testid="dashboard-deliveries-table">
            <Table.Caption>{t('trend.deliveriesTitle')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('trend.weekColumn')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('trend.deliveriesSeries')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.weeks.map((w) => (
                <Table.Tr key={w.weekStart}>
                  <Table.Th scope="row" fw={400}>
                    {t('trend.weekFrom', { week: w.isoWeek, date: formatDate(w.weekStart) })}
                  </Table.Th>
                  <Table.Td ta="right">{count(w.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
    </Section>
  );
}

function OpenByDays({ rows }: { rows: ProviderTrend['openByDaysInStep'] }) {
  const { t } = useTranslation('provider');
  const series = OPEN_PIPELINE_STATUSES.map((status) => ({
    name: status,
    label: t(`statuses.${status}`),
    color: STATUS_COLORS[status],
  }));
  const data = rows.map(({ bucket, counts }) => ({ bucket: t(`trend.buckets.${bucket}`), ...counts }));
  return (
    <Section title={t('trend.openTitle')} intro={t('trend.openIntro')} testId="dashboard-open-by-days">
      <ChartFigure
        testId="dashboard-open-chart"
        legend={series}
        summary={t('trend.openSummary')}
        height={CHART_HEIGHT}
        chart={
          <LazyTrendBarChart
            data={data}
            dataKey="bucket"
            series={series}
            height={CHART_HEIGHT}
            valueFormatter={count}
            stacked
          />
        }
        table={
          <KeyboardScrollTable label={t('trend.openTitle')} minWidth={560}>
            <Table striped data-testid="dashboard-open-table">
              <Table.Caption>{t('trend.openTitle')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('trend.inStep')}</Table.Th>
                  {OPEN_PIPELINE_STATUSES.map((status) => (
                    <Table.Th key={status} scope="col" ta="right">
                      {t(`statuses.${status}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map(({ bucket, counts }) => (
                  <Table.Tr key={bucket}>
                    <Table.Th scope="row" fw={400}>
                      {t(`trend.buckets.${bucket}`)}
                    </Table.Th>
                    {OPEN_PIPELINE_STATUSES.map((status) => (
                      <Table.Td key={status} ta="right">
                        {count(counts[status])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </KeyboardScrollTable>
        }
      />
    </Section>
  );
}
