import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import { InviteRequestSchema, TitleSchema, type InviteRequest } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useInviteEmployee } from '../api/invite-employee';

type InviteInput = z.input<typeof InviteRequestSchema>;

const FIELDS: readonly Path<InviteInput>[] = ['title', 'firstName', 'lastName', 'email', 'employeeId'];
const isField = (field: string): field is Path<InviteInput> => FIELDS.some((known) => known === field);

const EMPTY: InviteInput = { title: null, firstName: '', lastName: '', email: '', employeeId: '' };

/** The tenant admin invites an employee by e-mail; the mail carries the link to set a password. */
export function InviteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const invite = useInviteEmployee();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteInput, unknown, InviteRequest>({
    resolver: zodResolver(InviteRequestSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = async (values: InviteRequest): Promise<void> => {
    try {
      await invite.mutateAsync({ ...values, title: values.title ?? null, employeeId: values.employeeId || null });
      notify.success(t('invite.sent', { email: values.email }));
      close();
    } catch (error) {
      const fieldErrors = isApiError(error) && error.status === 400 ? error.errors : [];
      let shown = false;
      for (const { field, message } of fieldErrors) {
        if (!isField(field)) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (shown) return;
      const message =
        isApiError(error) && error.status >= 400 && error.status < 500 && error.message
          ? error.message
          : t('actions.retryLater');
      notify.error(message, { title: t('invite.error') });
    }
  };

  const message = (text: string | undefined) => translateValidationMessage(tc, text);

  return (
    <Modal opened={opened} onClose={close} title={t('invite.title')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <NativeSelect
            label={t('invite.salutation')}
            data={[
              { value: '', label: t('invite.salutationNone') },
              ...TitleSchema.options.map((value) => ({ value, label: t(`invite.titles.${value}`) })),
            ]}
            autoComplete="off"
            error={message(errors.title?.message)}
            data-autofocus
            {...register('title', { setValueAs: (value: unknown) => TitleSchema.safeParse(value).data ?? null })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('invite.firstName')}
              required
              autoComplete="off"
              error={message(errors.firstName?.message)}
              {...register('firstName')}
            />
            <TextInput
              label={t('invite.lastName')}
              required
              autoComplete="off"
              error={message(errors.lastName?.message)}
              {...register('lastName')}
            />
          </SimpleGrid>
          <TextInput
            label={t('invite.email')}
            description={t('invite.emailDescription')}
            type="email"
            required
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            error={message(errors.email?.message)}
            {...register('email')}
          />
          <TextInput
            label={t('invite.employeeId')}
            autoComplete="off"
            error={message(errors.employeeId?.message)}
            {...register('employeeId')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('invite.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {t('invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
