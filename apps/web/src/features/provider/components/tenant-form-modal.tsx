import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import {
  CreateTenantRequestSchema,
  type CreateTenantRequest,
  type CreateTenantResponse,
  type TenantDetail,
} from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useCreateTenant } from '../api/create-tenant';
import { useUpdateTenant } from '../api/update-tenant';
import { fieldMessage } from '../field-errors';

type TenantInput = z.input<typeof CreateTenantRequestSchema>;

const EMPTY: TenantInput = {
  name: '',
  street: '',
  streetNumber: '',
  postcode: '',
  place: '',
  contactEmail: '',
  admin: { firstName: '', lastName: '', email: '' },
};

const FIELDS: readonly Path<TenantInput>[] = [
  'name',
  'street',
  'streetNumber',
  'postcode',
  'place',
  'contactEmail',
  'admin.firstName',
  'admin.lastName',
  'admin.email',
];
const isField = (field: string): field is Path<TenantInput> => FIELDS.some((known) => known === field);

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Editing this employer (no HR admin fields); creating when absent. */
  tenant?: TenantDetail;
  onCreated?: (created: CreateTenantResponse) => void;
}

/** Create an employer with its first HR admin, or edit its name, address and contact. */
export function TenantFormModal({ opened, onClose, tenant, onCreated }: Props) {
  const { t } = useTranslation('provider');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const create = useCreateTenant();
  const update = useUpdateTenant();
  const editing = tenant !== undefined;
  const initial: TenantInput = tenant
    ? {
        name: tenant.name,
        street: tenant.street ?? '',
        streetNumber: tenant.streetNumber ?? '',
        postcode: tenant.postcode ?? '',
        place: tenant.place ?? '',
        contactEmail: tenant.contactEmail ?? '',
        // Not sent when editing; present so the shared schema validates.
        admin: { firstName: '-', lastName: '-', email: 'unused@example.com' },
      }
    : EMPTY;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TenantInput, unknown, CreateTenantRequest>({
    resolver: zodResolver(CreateTenantRequestSchema),
    values: initial,
    mode: 'onTouched',
  });

  const close = () => {
    reset(initial);
    onClose();
  };

  const onSubmit = async (values: CreateTenantRequest): Promise<void> => {
    try {
      if (tenant) {
        const { admin: _admin, ...fields } = values;
        await update.mutateAsync({ tenantId: tenant.id, body: fields });
        notify.success(t('tenantForm.saved'));
      } else {
        const created = await create.mutateAsync(values);
        notify.success(t('tenantForm.created', { name: created.name, email: values.admin.email }));
        onCreated?.(created);
      }
      close();
    } catch (error) {
      const fieldErrors = isApiError(error) && [400, 409].includes(error.status) ? error.errors : [];
      let shown = false;
      for (const { field, message } of fieldErrors) {
        if (!isField(field)) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (shown) return;
      notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
    }
  };

  const message = (text: string | undefined) => fieldMessage(t, tc, text);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? t('tenantForm.editTitle') : t('tenantForm.createTitle')}
      centered
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          void handleSubmit(onSubmit)(event);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={t('tenantForm.name')}
            required
            data-autofocus
            error={message(errors.name?.message)}
            {...register('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label={t('tenantForm.street')}
              required
              style={{ gridColumn: 'span 2' }}
              error={message(errors.street?.message)}
              {...register('street')}
            />
            <TextInput
              label={t('tenantForm.streetNumber')}
              required
              error={message(errors.streetNumber?.message)}
              {...register('streetNumber')}
            />
            <TextInput
              label={t('tenantForm.postcode')}
              required
              inputMode="numeric"
              error={message(errors.postcode?.message)}
              {...register('postcode')}
            />
            <TextInput
              label={t('tenantForm.place')}
              required
              style={{ gridColumn: 'span 2' }}
              error={message(errors.place?.message)}
              {...register('place')}
            />
          </SimpleGrid>
          <TextInput
            label={t('tenantForm.contactEmail')}
            type="email"
            required
            autoCapitalize="none"
            spellCheck={false}
            error={message(errors.contactEmail?.message)}
            {...register('contactEmail')}
          />
          {editing ? null : (
            <>
              <Divider label={t('tenantForm.adminSection')} labelPosition="left" />
              <Text size="sm" c="dimmed">
                {t('tenantForm.adminHint')}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('tenantForm.adminFirstName')}
                  required
                  error={message(errors.admin?.firstName?.message)}
                  {...register('admin.firstName')}
                />
                <TextInput
                  label={t('tenantForm.adminLastName')}
                  required
                  error={message(errors.admin?.lastName?.message)}
                  {...register('admin.lastName')}
                />
              </SimpleGrid>
              <TextInput
                label={t('tenantForm.adminEmail')}
                type="email"
                required
                autoCapitalize="none"
                spellCheck={false}
                error={message(errors.admin?.email?.message)}
                {...register('admin.email')}
              />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {editing ? t('common.save') : t('tenantForm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
