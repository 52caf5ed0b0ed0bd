import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod/mini';

import { RegisterCodeFormSchema } from '@leasing/contract';

import { fieldMessage } from '../messages';
import { AuthPageHeader } from './auth-page-header';
import { BackToLogin } from './back-to-login';

type CodeInput = z.input<typeof RegisterCodeFormSchema>;
type CodeOutput = z.output<typeof RegisterCodeFormSchema>;

/** /register (spec 2.1, 5): the employer's registration code, then on to /register/{code}. */
export function RegisterCodeForm() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<CodeInput, unknown, CodeOutput>({
    resolver: zodResolver(RegisterCodeFormSchema),
    defaultValues: { code: '' },
    mode: 'onTouched',
  });

  const onSubmit = async ({ code }: CodeOutput) => {
    await navigate(`/register/${encodeURIComponent(code)}`);
  };

  return (
    <Stack gap="lg">
      <AuthPageHeader title={t('registerCode.title')} intro={t('registerCode.intro')} />
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('registerCode.code')}
            description={t('registerCode.codeDescription')}
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={fieldMessage(tc, errors.code?.message)}
            {...register('code')}
          />
          <Button type="submit" fullWidth size="md">
            {t('registerCode.submit')}
          </Button>
        </Stack>
      </form>
      <BackToLogin />
    </Stack>
  );
}
