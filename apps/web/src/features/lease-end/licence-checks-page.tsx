import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { TableSkeleton } from '../../components/table-skeleton';
import { usePageTitle } from '../../components/use-page-title';
import { useLicenceChecks } from './api';
import { LicenceChecksTable } from './licence-checks-table';

/** /employer/licence-checks: HR's list of driving-licence checks (due dates, overdue in red). */
export function LicenceChecksPage() {
  const { t } = useTranslation('employer');
  usePageTitle(t('licenceChecks.title'));
  const checks = useLicenceChecks('tenant');
  return (
    <Stack gap="md">
      <Title order={1}>{t('licenceChecks.title')}</Title>
      <Text c="dimmed">{t('licenceChecks.intro')}</Text>
      {checks.isError ? <Text c="red">{t('licenceChecks.loadError')}</Text> : null}
      {checks.isPending ? <TableSkeleton rows={3} /> : null}
      {checks.data ? <LicenceChecksTable rows={checks.data} ns="employer" /> : null}
    </Stack>
  );
}
