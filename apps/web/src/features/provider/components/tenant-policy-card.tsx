import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import type { TenantPolicyResponse } from '@leasing/contract';

import { formatAmount, formatDate, numberFormat } from '../../../lib/format';
import { useTenantPolicy } from '../api/get-tenant-policy';
import { LoadError } from './load-error';

/** The employer's programme policy in force, read only: its HR admins set it under /employer/policy. */
export function TenantPolicyCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation('provider');
  const policy = useTenantPolicy(tenantId);
  return (
    <Stack gap="xs" data-testid="tenant-policy">
      <Title order={2} size="h3">
        {t('policy.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('policy.readOnly')}
      </Text>
      {policy.isError ? <LoadError onRetry={() => void policy.refetch()} /> : null}
      {policy.isPending ? <Loader size="sm" aria-label={t('policy.title')} /> : null}
      {policy.data ? <PolicyTable policy={policy.data} /> : null}
    </Stack>
  );
}

function PolicyTable({ policy }: { policy: TenantPolicyResponse }) {
  const { t } = useTranslation('provider');
  const limit = (eur: number | null) => (eur === null ? t('policy.noLimit') : formatAmount(eur));
  const subsidy =
    policy.employerSubsidy.kind === 'FIXED_EUR'
      ? t('policy.subsidyFixed', { amount: formatAmount(policy.employerSubsidy.value) })
      : policy.employerSubsidy.kind === 'PERCENT_OF_RATE'
        ? t('policy.subsidyPercent', {
            percent: numberFormat({ maximumFractionDigits: 2 }).format(policy.employerSubsidy.value),
          })
        : t('policy.subsidyNone');
  const rows: [string, string][] = [
    [t('policy.subsidy'), subsidy],
    [t('policy.maxListPrice'), limit(policy.maxListPriceEur)],
    [t('policy.maxMonthlyGrossRate'), limit(policy.maxMonthlyGrossRateEur)],
    [
      t('policy.allowedBrands'),
      policy.allowedBrands.length > 0 ? policy.allowedBrands.join(', ') : t('policy.allBrands'),
    ],
    [t('policy.minGross'), formatAmount(policy.minGrossAfterConversionEur)],
    [t('policy.deductionStart'), t(`policy.deductionStarts.${policy.deductionStart}`)],
    [t('policy.approval'), t(`policy.approvals.${policy.approval}`)],
  ];
  // Fixed columns whose long German words may break: on a phone the table stays as wide as the screen.
  return (
    <Table maw={720} layout="fixed" style={{ overflowWrap: 'anywhere' }}>
      <Table.Caption>
        {policy.version === 0
          ? t('policy.defaults')
          : t('policy.version', { version: policy.version, date: formatDate(policy.updatedAt) })}
      </Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="45%">
              {label}
            </Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
