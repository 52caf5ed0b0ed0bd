import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { PageSkeleton } from '../../../components/page-skeleton';
import { usePageTitle } from '../../../components/use-page-title';
import { formatInteger, numberFormat } from '../../../lib/format';
import { useDashboard } from '../api/get-dashboard';
import { DashboardTrend } from './dashboard-trend';
import { LoadError } from './load-error';
import { ProviderLicenceChecks } from '../../lease-end/provider-licence-checks';

/** /provider: the pipeline at a glance. */
export function DashboardPage() {
  const { t } = useTranslation('provider');
  const board = useDashboard();
  usePageTitle(t('dashboard.title'));
  if (board.isError) return <LoadError onRetry={() => void board.refetch()} />;
  if (board.isPending) return <PageSkeleton />;
  const data = board.data;
  const [year, month] = data.month.split('-');
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('dashboard.title')}</Title>
        <Text c="dimmed">{t('dashboard.intro')}</Text>
      </Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="md">
        <Card withBorder data-testid="dashboard-handovers">
          <Text size="sm" c="dimmed">
            {t('dashboard.handovers', { month: `${month ?? ''}/${year ?? ''}` })}
          </Text>
          <Text fz={28} fw={700}>
            {formatInteger(data.handoversThisMonth)}
          </Text>
        </Card>
        {data.byStatus.map((entry) => (
          <Card key={entry.status} withBorder>
            <Text size="sm" c="dimmed">
              {t(`statuses.${entry.status}`)}
            </Text>
            <Text fz={28} fw={700}>
              {formatInteger(entry.count)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('dashboard.perEmployer')}
          </Title>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.employer')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.orders')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.byTenant.map((entry) => (
                <Table.Tr key={entry.tenantId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/provider/tenants/${entry.tenantId}`}>
                      {entry.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(entry.count)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
        <Stack gap="xs">
          <Title order={2} size="h3">
            {t('dashboard.medianDays')}
          </Title>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.step')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.median')}</Table.Th>
                <Table.Th ta="right">{t('dashboard.samples')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.medianDaysPerStep.map((entry) => (
                <Table.Tr key={entry.stepType}>
                  <Table.Td>{t(`steps.${entry.stepType}`)}</Table.Td>
                  <Table.Td ta="right">
                    {entry.medianDays === null
                      ? '–'
                      : t('dashboard.days', {
                          days: numberFormat({ maximumFractionDigits: 1 }).format(entry.medianDays),
                        })}
                  </Table.Td>
                  <Table.Td ta="right">{formatInteger(entry.samples)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      </SimpleGrid>
      <DashboardTrend />
      <ProviderLicenceChecks />
    </Stack>
  );
}
