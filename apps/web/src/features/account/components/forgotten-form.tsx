import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import { PasswordResetRequestFormSchema } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { fieldMessage } from '../messages';
import { AuthPageHeader } from './auth-page-header';
import { BackToLogin } from './back-to-login';

type ForgottenInput = z.input<typeof PasswordResetRequestFormSchema>;
type ForgottenOutput = z.output<typeof PasswordResetRequestFormSchema>;

/**
 * /forgotten (spec 2.1, 5, 8): asks for a reset link. The answer never tells whether an account exists:
 * every answer of the server (including a refusal) shows the same note. Only when no answer arrived at
 * all does the user learn that the request did not go out.
 */
export function ForgottenForm() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const resetRequest = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgottenInput, unknown, ForgottenOutput>({
    resolver: zodResolver(PasswordResetRequestFormSchema),
    defaultValues: { email: '' },
    mode: 'onTouched',
  });

  const onSubmit = async ({ email }: ForgottenOutput): Promise<void> => {
    try {
      await resetRequest.mutateAsync(email);
    } catch (error) {
      const reachedServer = isApiError(error) && error.status >= 400 && error.status < 500;
      if (!reachedServer) {
        notify.error(t('genericError'), { autoClose: TOAST_SHORT_MS });
        return;
      }
    }
    setSent(true);
    notify.info(t('forgotten.info'), { autoClose: TOAST_SHORT_MS });
  };

  return (
    <Stack gap="lg">
      <AuthPageHeader title={t('forgotten.title')} intro={t('forgotten.intro')} />
      {sent ? (
        <Alert color="blue" variant="light" role="status">
          {t('forgotten.info')}
        </Alert>
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('forgotten.email')}
            type="email"
            required
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={fieldMessage(tc, errors.email?.message)}
            {...register('email')}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('forgotten.submit')}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
