import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../components/use-page-title';

/** German 404 page, for unknown paths and for "not found" route errors. */
export function NotFound() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack gap="md" align="flex-start" maw={640} py="xl">
      <Text fz={56} fw={800} c="ev" lh={1} aria-hidden="true">
        {t('notFound.code')}
      </Text>
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('notFound.text')}</Text>
      <Button component={Link} to="/">
        {t('common.backHome')}
      </Button>
    </Stack>
  );
}
