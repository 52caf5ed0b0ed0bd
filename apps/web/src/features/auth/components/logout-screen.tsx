import { Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { clearAuthData, getAuthData } from '../../../lib/auth-store';
import { logout } from '../api/logout';

/** Spec 2.1 /logout: revoke the refresh token (best effort), clear the session, toast, go to /. */
export function LogoutScreen() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  // StrictMode runs effects twice in development; sign out once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const refreshToken = getAuthData()?.refreshToken;
    const revoke = refreshToken ? logout(refreshToken).catch(() => undefined) : Promise.resolve();
    void revoke.then(async () => {
      // Clearing auth data also empties the server-state cache (lib/query-client.ts).
      clearAuthData();
      notify.success(t('logout.success'), { autoClose: TOAST_SHORT_MS });
      await navigate('/', { replace: true });
    });
  }, [navigate, notify, t]);

  return (
    <Stack align="center" gap="md" py="xl" role="status">
      <Loader type="dots" />
      <Text>{t('logout.inProgress')}</Text>
    </Stack>
  );
}
