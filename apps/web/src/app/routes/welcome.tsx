import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../../components/use-page-title';

/** /welcome (spec 2.1): greeting with the way into the salary profile, or skip to the start page. */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('welcome.title'));
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>{t('welcome.title')}</Title>
      <Text fz="lg">{t('welcome.text')}</Text>
      <Group>
        <Button component={Link} to="/profile/salary" size="md">
          {t('welcome.enterSalary')}
        </Button>
        <Button component={Link} to="/" variant="default" size="md">
          {t('welcome.skip')}
        </Button>
      </Group>
    </Stack>
  );
}
