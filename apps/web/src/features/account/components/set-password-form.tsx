import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod/mini';

import { SetPasswordFormSchema } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { clearAuthData, setAuthData } from '../../../lib/auth-store';
import { useSetPassword } from '../api/set-password';
import { fieldMessage } from '../messages';
import { AuthPageHeader } from './auth-page-header';
import { BackToLogin } from './back-to-login';

/** The three ways to the set-password screen (spec 2.1). */
export type SetPasswordVariant = 'invite' | 'reset' | 'welcome';

type SetPasswordInput = z.input<typeof SetPasswordFormSchema>;
type SetPasswordOutput = z.output<typeof SetPasswordFormSchema>;

const TITLE_KEYS = {
  invite: 'setPassword.titleInvite',
  welcome: 'setPassword.titleWelcome',
  reset: 'setPassword.titleReset',
} as const;

/** Where each variant continues after success: new accounts to the welcome page, a reset to the search. */
export const SET_PASSWORD_TARGET: Record<SetPasswordVariant, string> = {
  invite: '/welcome',
  welcome: '/welcome',
  reset: '/search',
};

/** The enrolment of the second factor, where a new admin continues (ADR 0025). */
export const MFA_ENROLMENT_PATH = '/profile/security';

/**
 * Set-password screen (spec 2.1, 5, 8): one form for invite, welcome and reset codes. The answer is a
 * fresh session, stored as authData; the previous session (if any) is dropped first, with its cache.
 */
export function SetPasswordForm({ variant, code }: { variant: SetPasswordVariant; code: string }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const setPassword = useSetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordInput, unknown, SetPasswordOutput>({
    resolver: zodResolver(SetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
    mode: 'onTouched',
  });
  const toast = { autoClose: TOAST_SHORT_MS };
  // Spec 5 words the empty-password message 'Email is required'; here it means the password.
  const overrides = { 'Email is required': t('setPassword.passwordRequired') };

  const onSubmit = async ({ password }: SetPasswordOutput): Promise<void> => {
    try {
      const result = await setPassword.mutateAsync({ code, password });
      if (!result.authenticated) {
        notify.error(t('setPassword.error'), toast);
        return;
      }
      clearAuthData();
      setAuthData({ accessToken: result.accessToken, refreshToken: result.refreshToken });
      notify.success(t('setPassword.success'), toast);
      // A new admin enrols the second factor right away: the link just proved the mailbox.
      if (result.mfaEnrolmentCode) {
        await navigate(MFA_ENROLMENT_PATH, { replace: true, state: { mfaEnrolmentCode: result.mfaEnrolmentCode } });
        return;
      }
      await navigate(SET_PASSWORD_TARGET[variant], { replace: true });
    } catch (error) {
      // The server's own rules (a common password, one containing the name): shown under the field.
      const passwordProblem =
        isApiError(error) && error.code === 'VALIDATION_FAILED'
          ? error.errors.find((e) => e.field === 'password')
          : undefined;
      if (passwordProblem) {
        setError('password', { type: 'server', message: passwordProblem.message }, { shouldFocus: true });
        return;
      }
      notify.error(
        isApiError(error) && error.code === 'RATE_LIMITED' ? t('rateLimited') : t('setPassword.error'),
        toast,
      );
    }
  };

  return (
    <Stack gap="lg">
      <AuthPageHeader
        title={t(TITLE_KEYS[variant])}
        intro={variant === 'reset' ? t('setPassword.introReset') : t('setPassword.introNew')}
      />
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <PasswordInput
            label={t('setPassword.password')}
            description={t('setPassword.passwordDescription')}
            required
            autoComplete="new-password"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
            error={fieldMessage(tc, errors.password?.message, overrides)}
            // Mantine's PasswordInput leaves aria-invalid off its inner input.
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
          <PasswordInput
            label={t('setPassword.confirmPassword')}
            required
            autoComplete="new-password"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('toggleConfirmPassword') }}
            error={fieldMessage(tc, errors.confirmPassword?.message, overrides)}
            // Mantine's PasswordInput leaves aria-invalid off its inner input.
            aria-invalid={errors.confirmPassword ? true : undefined}
            {...register('confirmPassword')}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('setPassword.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Anchor component={Link} to="/forgotten" size="sm">
          {t('setPassword.requestNew')}
        </Anchor>
        <BackToLogin />
      </Group>
    </Stack>
  );
}
