import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

import { useLicenceChecks } from './api';
import { LicenceChecksTable } from './licence-checks-table';

/** On the provider's dashboard: the driving-licence checks that are due or overdue, of every employer. */
export function ProviderLicenceChecks() {
  const { t } = useTranslation('provider');
  const { data } = useLicenceChecks('provider');
  const open = (data ?? []).filter((row) => row.status !== 'OK');
  if (open.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="provider-licence-checks">
      <Title order={2} size="h3">
        {t('licenceChecks.title')}
      </Title>
      <LicenceChecksTable rows={open} ns="provider" />
    </Stack>
  );
}
