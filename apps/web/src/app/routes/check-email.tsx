import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../../components/use-page-title';

/** /check-email: shown after registration (spec 2.1). */
export function Component() {
  const { t } = useTranslation();
  usePageTitle(t('checkEmail.title'));
  return (
    <Stack gap="md">
      <Title order={1} fz={26}>
        {t('checkEmail.title')}
      </Title>
      <Text>{t('checkEmail.text')}</Text>
      <Anchor component={Link} to="/login">
        {t('common.toLogin')}
      </Anchor>
    </Stack>
  );
}
