import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod/mini';

import { LoginRequestSchema, SSO_REQUIRED_FIELD_ERROR, type AuthData, type LoginRequest } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { clearAuthData, setAuthData } from '../../../lib/auth-store';
import { CALLBACK_PARAM, resolveCallbackPath } from '../../../lib/callback-path';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useLogin } from '../api/login';
import { MfaCodeForm } from './mfa-code-form';

/** Where an admin who still has to set up the second factor goes first (then on to the callback path). */
export const MFA_ENROLMENT_PATH = '/profile/security';

type LoginInput = z.input<typeof LoginRequestSchema>;

/** Sign-in form (spec 2.1, 4.1, 5): validates with the contract schema, stores tokens only when authenticated. */
export function LoginForm() {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const loginCall = useLogin();
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [ssoRequired, setSsoRequired] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, LoginRequest>({
    resolver: zodResolver(LoginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = async (values: LoginRequest): Promise<void> => {
    // Spec 4.1: a login starts from a clean slate, so no stale token is sent or refreshed (and the
    // previous session's cache is dropped, see lib/query-client.ts).
    clearAuthData();
    setSsoRequired(false);
    try {
      const result = await loginCall.mutateAsync(values);
      if (!result.authenticated) {
        if ('mfaRequired' in result) setMfaToken(result.mfaToken);
        else notify.error(t('login.errors.incorrect'), { autoClose: TOAST_SHORT_MS });
        return;
      }
      await signedIn(
        { accessToken: result.accessToken, refreshToken: result.refreshToken },
        result.mfaEnrollmentRequired === true,
      );
    } catch (error) {
      if (isApiError(error) && error.errors.some((e) => e.message === SSO_REQUIRED_FIELD_ERROR.message)) {
        setSsoRequired(true);
      } else if (isApiError(error) && error.status === 401) {
        notify.error(t('login.errors.incorrect'), { autoClose: TOAST_SHORT_MS });
      } else if (isApiError(error) && error.code === 'RATE_LIMITED') {
        notify.error(t('login.errors.rateLimited'), { autoClose: TOAST_SHORT_MS });
      } else {
        notify.error(t('login.errors.failed'), { autoClose: TOAST_SHORT_MS });
      }
    }
  };

  const signedIn = async (authData: AuthData, mustEnrol = false): Promise<void> => {
    setAuthData(authData);
    const target = resolveCallbackPath(searchParams.get(CALLBACK_PARAM));
    const next = mustEnrol ? `${MFA_ENROLMENT_PATH}?${CALLBACK_PARAM}=${encodeURIComponent(target)}` : target;
    await navigate(next, { replace: true });
  };

  const callback = searchParams.get(CALLBACK_PARAM);
  const ssoPath = callback
    ? `/login/sso?${new URLSearchParams({ [CALLBACK_PARAM]: callback }).toString()}`
    : '/login/sso';

  if (mfaToken) {
    return (
      <MfaCodeForm mfaToken={mfaToken} onDone={(authData) => signedIn(authData)} onRestart={() => setMfaToken(null)} />
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} fz={28}>
          {t('login.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('login.subtitle')}
        </Text>
      </Stack>

      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('login.username')}
            description={t('login.usernameDescription')}
            autoComplete="username"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            error={translateValidationMessage(t, errors.username?.message)}
            {...register('username')}
          />
          <Stack gap={6}>
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              required
              visibilityToggleFocusable
              visibilityToggleButtonProps={{ 'aria-label': t('login.togglePassword') }}
              error={translateValidationMessage(t, errors.password?.message)}
              {...register('password')}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to="/forgotten" size="sm">
                {t('login.forgotten')}
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>

      {ssoRequired && (
        <Alert color="blue" role="alert" title={t('login.errors.ssoRequired')}>
          <Anchor component={Link} to={ssoPath}>
            {t('login.withSso')}
          </Anchor>
        </Alert>
      )}
      <Button component={Link} to={ssoPath} variant="light" fullWidth>
        {t('login.withSso')}
      </Button>

      <Divider />
      <Stack gap="xs">
        <Text size="sm" c="dimmed" ta="center">
          {t('login.noAccount')}
        </Text>
        <Button component={Link} to="/register" variant="default" fullWidth>
          {t('login.register')}
        </Button>
      </Stack>
    </Stack>
  );
}
