import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod/mini';

import { RegisterRequestSchema, TitleSchema, type RegisterRequest } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { TOAST_SHORT_MS } from '../../../config/ui';
import { isApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/language';
import { useRegister } from '../api/register';
import { fieldMessage, serverMessage } from '../messages';
import { AuthPageHeader } from './auth-page-header';
import { BackToLogin } from './back-to-login';

type RegisterInput = z.input<typeof RegisterRequestSchema>;

const FIELDS: readonly Path<RegisterInput>[] = [
  'title',
  'firstName',
  'lastName',
  'email',
  'employeeId',
  'password',
  'confirmPassword',
];
const isField = (field: string): field is Path<RegisterInput> => FIELDS.some((known) => known === field);

/** /register/:registerCode (spec 2.1, 5): personal details and password; on success the mail check screen. */
export function RegisterForm({ registerCode }: { registerCode: string }) {
  const { t, i18n } = useTranslation('account');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const registration = useRegister();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterInput, unknown, RegisterRequest>({
    resolver: zodResolver(RegisterRequestSchema),
    defaultValues: {
      title: null,
      firstName: '',
      lastName: '',
      email: '',
      employeeId: '',
      password: '',
      confirmPassword: '',
    },
    mode: 'onTouched',
  });
  const toast = { autoClose: TOAST_SHORT_MS };

  const onSubmit = async (values: RegisterRequest): Promise<void> => {
    try {
      await registration.mutateAsync({
        registerCode,
        // The account keeps the language the person registers in, for the interface and the mails.
        body: {
          ...values,
          title: values.title ?? null,
          employeeId: values.employeeId || null,
          language: currentLanguage(i18n),
        },
      });
      await navigate('/check-email', { replace: true });
    } catch (error) {
      if (!isApiError(error)) {
        notify.error(t('genericError'), toast);
      } else if (error.code === 'REGISTRATION_FAILED') {
        notify.error(t('register.failed'), toast);
      } else if (error.code === 'RATE_LIMITED') {
        notify.error(t('rateLimited'), toast);
      } else if (error.code === 'VALIDATION_FAILED' && error.errors.length > 0) {
        for (const { field, message } of error.errors) {
          if (isField(field)) setError(field, { type: 'server', message }, { shouldFocus: true });
        }
        notify.warning(t('register.checkFields'), toast);
      } else {
        notify.error(serverMessage(error, t('genericError')), toast);
      }
    }
  };

  const message = (text: string | undefined) => fieldMessage(tc, text);

  return (
    <Stack gap="lg">
      <AuthPageHeader title={t('register.title')} intro={t('register.intro')} />
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t('register.codeUsed', { code: registerCode })}
        </Text>
        <Anchor component={Link} to="/register" size="sm">
          {t('register.changeCode')}
        </Anchor>
      </Group>
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <NativeSelect
            label={t('register.salutation')}
            data={[
              { value: '', label: t('register.salutationNone') },
              ...TitleSchema.options.map((value) => ({ value, label: t(`titles.${value}`) })),
            ]}
            autoComplete="honorific-prefix"
            error={message(errors.title?.message)}
            {...register('title', { setValueAs: (value: unknown) => TitleSchema.safeParse(value).data ?? null })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('register.firstName')}
              required
              autoComplete="given-name"
              error={message(errors.firstName?.message)}
              {...register('firstName')}
            />
            <TextInput
              label={t('register.lastName')}
              required
              autoComplete="family-name"
              error={message(errors.lastName?.message)}
              {...register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('register.email')}
            description={t('register.emailDescription')}
            type="email"
            required
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            error={message(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('register.employeeId')}
            description={t('register.employeeIdDescription')}
            autoComplete="off"
            error={message(errors.employeeId?.message)}
            {...register('employeeId')}
          />
          <PasswordInput
            label={t('register.password')}
            description={t('register.passwordDescription')}
            required
            autoComplete="new-password"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('togglePassword') }}
            error={message(errors.password?.message)}
            // Mantine's PasswordInput leaves aria-invalid off its inner input.
            aria-invalid={errors.password ? true : undefined}
            {...register('password')}
          />
          <PasswordInput
            label={t('register.confirmPassword')}
            required
            autoComplete="new-password"
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': t('toggleConfirmPassword') }}
            error={message(errors.confirmPassword?.message)}
            // Mantine's PasswordInput leaves aria-invalid off its inner input.
            aria-invalid={errors.confirmPassword ? true : undefined}
            {...register('confirmPassword')}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Group justify="space-between">
        <Anchor component={Link} to="/forgotten" size="sm">
          {t('register.forgotten')}
        </Anchor>
        <BackToLogin />
      </Group>
    </Stack>
  );
}

/** Shown when /register/:registerCode carries no usable code (spec 2.1 'No code present'). */
export function MissingRegisterCode() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="lg">
      <AuthPageHeader title={t('register.title')} />
      <Alert color="yellow" variant="light" role="alert">
        {t('register.noCode')}
      </Alert>
      <Button component={Link} to="/register" fullWidth>
        {t('register.enterCode')}
      </Button>
      <BackToLogin />
    </Stack>
  );
}
