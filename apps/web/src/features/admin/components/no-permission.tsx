import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../../../components/use-page-title';

/** Shown to signed-in users without an admin role. */
export function NoPermission() {
  const { t } = useTranslation('admin');
  usePageTitle(t('forbidden.title'));
  return (
    <Stack gap="md" align="flex-start" data-testid="no-permission">
      <Title order={1}>{t('forbidden.title')}</Title>
      <Text>{t('forbidden.text')}</Text>
      <Button component={Link} to="/">
        {t('forbidden.back')}
      </Button>
    </Stack>
  );
}
