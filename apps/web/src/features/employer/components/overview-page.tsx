import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageLoader } from '../../../components/page-loader';
import { usePageTitle } from '../../../components/use-page-title';
import { useOverview } from '../api/get-overview';
import { useEmployerFormat } from '../use-employer-format';
import { LoadError } from './load-error';
import { OverviewTrend } from './overview-trend';

function Figure({ label, value, hint, testId }: { label: string; value: ReactNode; hint?: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700} lh={1.3}>
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed" mt={4}>
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** /employer: the programme at a glance, with this month's payroll totals and the employer's saving. */
export function OverviewPage() {
  const { t } = useTranslation('employer');
  const format = useEmployerFormat();
  const overview = useOverview();
  usePageTitle(t('overview.title'));

  let content;
  if (overview.isError) content = <LoadError onRetry={() => void overview.refetch()} />;
  else if (overview.isPending) content = <PageLoader />;
  else {
    const data = overview.data;
    const totals = data.totals;
    const month = format.month(data.month);
    content = (
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Figure
            testId="overview-participants"
            label={t('overview.participants')}
            value={format.integer(data.participants)}
            hint={
              <>
                {t('overview.invited', { count: data.invited })}
                {data.leaving > 0 ? ` · ${t('overview.leaving', { count: data.leaving })}` : null}
                <br />
                <Anchor component={Link} to="/employer/employees" size="sm">
                  {t('overview.toEmployees')}
                </Anchor>
              </>
            }
          />
          <Figure
            testId="overview-approvals"
            label={t('overview.openApprovals')}
            value={format.integer(data.openApprovals)}
            hint={
              <Anchor component={Link} to="/admin/orders" size="sm">
                {t('overview.toApprovals')}
              </Anchor>
            }
          />
          <Figure
            testId="overview-leases"
            label={t('overview.activeLeases')}
            value={format.integer(data.activeLeases)}
          />
          <Figure
            testId="overview-saving"
            label={t('overview.saving', { month })}
            value={format.amount(totals.employerSavingEur)}
            hint={
              t('overview.savingYear', { amount: format.amount(totals.employerSavingYearEur) }) +
              (totals.employerSavingProvisional ? ` (${t('overview.savingProvisional')})` : '')
            }
          />
        </SimpleGrid>
        <Card withBorder radius="md" padding="md" data-testid="overview-month">
          <Group justify="space-between" align="baseline" mb="sm" gap="xs">
            <Title order={2} fz="lg">
              {t('overview.monthTitle', { month })}
            </Title>
            <Anchor component={Link} to={`/employer/payroll/${data.month}`} size="sm">
              {t('overview.toPayroll')}
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
            <TotalLine label={t('overview.leasesInMonth')} value={format.integer(totals.leases)} />
            <TotalLine label={t('payroll.columns.grossConversion')} value={format.amount(totals.grossConversionEur)} />
            <TotalLine
              label={t('payroll.columns.employerContribution')}
              value={format.amount(totals.employerContributionEur)}
            />
            <TotalLine
              label={t('payroll.columns.benefitPrivateUse')}
              value={format.amount(totals.benefitPrivateUseEur)}
            />
            <TotalLine label={t('payroll.columns.benefitCommute')} value={format.amount(totals.benefitCommuteEur)} />
          </SimpleGrid>
          {totals.savingNotComputed > 0 ? (
            <Text size="sm" c="dimmed" mt="sm">
              {t('overview.savingNotComputed', { count: totals.savingNotComputed })}
            </Text>
          ) : null}
        </Card>
        <OverviewTrend />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('overview.title')}</Title>
        <Text c="dimmed">{t('overview.intro')}</Text>
      </Stack>
      {content}
    </Stack>
  );
}

function TotalLine({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}
