import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { AuthPageHeader } from './auth-page-header';

/** /check-email (spec 2.1): after registering, the address has to be confirmed by the mailed link. */
export function CheckEmail() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg">
      <AuthPageHeader title={t('checkEmail.title')} />
      <Text>{t('checkEmail.text')}</Text>
      <Alert color="blue" variant="light">
        {t('checkEmail.hints')}
      </Alert>
      <Button component={Link} to="/login" variant="default" fullWidth>
        {t('backToLogin')}
      </Button>
    </Stack>
  );
}
