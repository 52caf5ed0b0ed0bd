import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

import { REGISTER_CODE_MAX_USES } from '@leasing/contract';

import { DayField } from '../../../components/date-fields';
import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useCreateRegisterCode } from '../api/create-register-code';
import { fieldMessage } from '../field-errors';

/** The form's view of the request: empty fields mean "no limit". */
const FormSchema = z.object({
  maxUses: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= REGISTER_CODE_MAX_USES), 'invalid'),
  ),
  expiresAt: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || /^\d{4}-\d{2}-\d{2}$/.test(v), 'date'),
  ),
});
type FormValues = z.infer<typeof FormSchema>;

/** A new register code for an employer, optionally valid until a day and for a number of uses. */
export function RegisterCodeModal({
  tenantId,
  opened,
  onClose,
}: {
  tenantId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const create = useCreateRegisterCode();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: { maxUses: '', expiresAt: '' } });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = async (values: FormValues) => {
    try {
      const code = await create.mutateAsync({
        tenantId,
        body: {
          maxUses: values.maxUses ? Number(values.maxUses) : null,
          expiresAt: values.expiresAt || null,
        },
      });
      notify.success(t('codes.created', { code: code.code }));
      close();
    } catch (error) {
      const first = isApiError(error) ? error.errors[0] : undefined;
      if (first && (first.field === 'expiresAt' || first.field === 'maxUses')) {
        setError(first.field, { type: 'server', message: first.message });
        return;
      }
      notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('codes.createTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('codes.createHint')}
          </Text>
          <Controller
            control={control}
            name="expiresAt"
            render={({ field }) => (
              <DayField
                label={t('codes.expiresAt')}
                description={t('codes.expiresAtHint')}
                error={fieldMessage(t, tc, errors.expiresAt?.message)}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                ref={field.ref}
                clearable
              />
            )}
          />
          <TextInput
            label={t('codes.maxUses')}
            description={t('codes.maxUsesHint')}
            inputMode="numeric"
            error={fieldMessage(t, tc, errors.maxUses?.message)}
            {...register('maxUses')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('codes.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
