import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import { PayrollSettingsSchema, type PayrollSettings } from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { usePayrollSettings } from '../api/get-payroll-settings';
import { useSavePayrollSettings } from '../api/save-payroll-settings';
import { LoadError } from './load-error';

type SettingsInput = z.input<typeof PayrollSettingsSchema>;

const NUMBER_FIELDS = ['wageTypeConversion', 'wageTypePrivateUse', 'wageTypeCommute', 'wageTypeClaimExcess'] as const;
const FIELDS: readonly Path<SettingsInput>[] = ['datevConsultantNumber', 'datevClientNumber', ...NUMBER_FIELDS];
const isField = (field: string): field is Path<SettingsInput> => FIELDS.some((known) => known === field);

/** An empty or non-numeric wage type stays invalid for the schema instead of becoming 0. */
const toNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

/** DATEV LODAS: consultant and client number and the four wage types (Lohnarten) of the export. */
export function PayrollSettingsForm() {
  const { t } = useTranslation('employer');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const settings = usePayrollSettings();
  const save = useSavePayrollSettings();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SettingsInput, unknown, PayrollSettings>({
    resolver: zodResolver(PayrollSettingsSchema),
    mode: 'onTouched',
  });

  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const onSubmit = async (values: PayrollSettings): Promise<void> => {
    try {
      reset(await save.mutateAsync(values));
      notify.success(t('settings.saved'));
    } catch (error) {
      const fieldErrors = isApiError(error) && error.status === 400 ? error.errors : [];
      let shown = false;
      for (const { field, message } of fieldErrors) {
        if (!isField(field)) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (!shown) notify.error(t('retryLater'), { title: t('settings.error') });
    }
  };
  const message = (text: string | undefined) => translateValidationMessage(tc, text);

  let body;
  if (settings.isError) body = <LoadError onRetry={() => void settings.refetch()} />;
  else if (settings.isPending) body = <PageLoader minHeight={120} />;
  else
    body = (
      <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('settings.title')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('settings.consultantNumber')}
              description={t('settings.consultantNumberHint')}
              inputMode="numeric"
              required
              error={message(errors.datevConsultantNumber?.message)}
              {...register('datevConsultantNumber')}
            />
            <TextInput
              label={t('settings.clientNumber')}
              description={t('settings.clientNumberHint')}
              inputMode="numeric"
              required
              error={message(errors.datevClientNumber?.message)}
              {...register('datevClientNumber')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {NUMBER_FIELDS.map((field) => (
              <TextInput
                key={field}
                label={t(`settings.${field}`)}
                inputMode="numeric"
                required
                error={message(errors[field]?.message)}
                {...register(field, { setValueAs: toNumber })}
              />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
              {t('settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    );

  return (
    <Stack gap="md" maw={760}>
      <Stack gap={4}>
        <Title order={2}>{t('settings.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('settings.intro')}
        </Text>
      </Stack>
      {body}
    </Stack>
  );
}
