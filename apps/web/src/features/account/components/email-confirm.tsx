import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthPageHeader } from './auth-page-header';
import { BackToLogin } from './back-to-login';

/**
 * /user/emailConfirm/:code (spec 2.1, 8): redeems the single-use code exactly once, also under React's
 * StrictMode, which runs effects twice in development; then to / on success, a warning on failure.
 */
export function EmailConfirm({ code }: { code: string }) {
  const { t } = useTranslation('account');
  const notify = useNotify();
  const navigate = useNavigate();
  const { mutateAsync } = useConfirmEmail();
  const [failed, setFailed] = useState(false);
  const requested = useRef<string | null>(null);

  useEffect(() => {
    if (requested.current === code) return;
    requested.current = code;
    mutateAsync(code).then(
      async () => {
        notify.success(t('emailConfirm.success'), { autoClose: TOAST_SHORT_MS });
        await navigate('/', { replace: true });
      },
      () => {
        notify.warning(t('emailConfirm.failed'), { autoClose: TOAST_SHORT_MS });
        setFailed(true);
      },
    );
  }, [code, mutateAsync, navigate, notify, t]);

  return (
    <Stack gap="lg">
      <AuthPageHeader title={t('emailConfirm.title')} />
      {failed ? (
        <>
          <Alert color="yellow" variant="light" title={t('emailConfirm.failed')}>
            {t('emailConfirm.failedHint')}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t('backToLogin')}
          </Button>
        </>
      ) : (
        <>
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{t('emailConfirm.inProgress')}</Text>
          </Group>
          <BackToLogin />
        </>
      )}
    </Stack>
  );
}
