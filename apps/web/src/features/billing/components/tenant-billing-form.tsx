import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { InvoiceFormats, TenantBillingSchema, type InvoiceFormat, type TenantBilling } from '@leasing/contract';

import { useNotify } from '../../../components/use-notify';
import { isApiError } from '../../../lib/api-client';
import { useSaveTenantBilling, useTenantBilling } from '../api/provider-billing';
import { billingFieldMessage } from '../field-errors';
import { useControlledField } from '../form-field';
import {
  tenantBillingToBody,
  tenantBillingToForm,
  type AddressSuggestion,
  type TenantBillingInput,
} from '../form-values';
import { LoadError } from './load-error';

type Field = Path<TenantBillingInput>;
type TextField = Exclude<Field, 'isPublicBody' | 'format'>;
const FIELDS = Object.keys(tenantBillingToForm(null)) as Field[];
const isField = (field: string): field is Field => FIELDS.some((known) => known === field);
const isFormat = (value: string | null): value is InvoiceFormat => InvoiceFormats.some((f) => f === value);

function BillingForm({
  tenantId,
  billing,
  suggestion,
}: {
  tenantId: string;
  billing: TenantBilling | null;
  suggestion: AddressSuggestion;
}) {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const save = useSaveTenantBilling();
  const form = useForm<TenantBillingInput, unknown, TenantBilling>({
    resolver: zodResolver(TenantBillingSchema),
    defaultValues: tenantBillingToForm(billing, suggestion),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const publicBody = useControlledField(form, 'isPublicBody');
  const format = useControlledField(form, 'format');

  useEffect(() => {
    if (billing) reset(tenantBillingToForm(billing));
  }, [billing, reset]);

  const onSubmit = async (values: TenantBilling): Promise<void> => {
    try {
      const saved = await save.mutateAsync({ tenantId, body: tenantBillingToBody(values) });
      if (saved.billing) reset(tenantBillingToForm(saved.billing));
      notify.success(t('tenantBilling.saved'));
    } catch (error) {
      const fieldErrors = isApiError(error) && error.status === 400 ? error.errors : [];
      let shown = false;
      for (const { field, message } of fieldErrors) {
        if (!isField(field)) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (!shown) notify.error(isApiError(error) && error.status < 500 ? error.message : t('common.retryLater'));
    }
  };

  const message = (text: string | undefined) => billingFieldMessage(t, tc, text);
  const col = (span: number, field: ReactNode) => <Grid.Col span={{ base: 12, sm: span }}>{field}</Grid.Col>;
  const text = (name: TextField, options: { required?: boolean; description?: string } = {}) => (
    <TextInput
      label={t(`tenantBilling.${name}`)}
      description={options.description}
      required={options.required ?? true}
      error={message(errors[name]?.message)}
      {...register(name)}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('tenantBilling.title')}>
      <Stack gap="md">
        {billing ? null : (
          <Alert color="yellow" variant="light" data-testid="tenant-billing-unsaved">
            {t('tenantBilling.notSaved')}
          </Alert>
        )}
        <TextInput
          label={t('tenantBilling.billingEmail')}
          type="email"
          required
          autoCapitalize="none"
          spellCheck={false}
          error={message(errors.billingEmail?.message)}
          {...register('billingEmail')}
        />
        {/* Wide and narrow fields side by side from a tablet on, one below the other on a phone. */}
        <Grid gap="sm">
          {col(8, text('street'))}
          {col(4, text('streetNumber'))}
          {col(4, text('postcode'))}
          {col(5, text('place'))}
          {col(3, text('countryCode'))}
        </Grid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text('vatId', { required: false })}
          {text('buyerReference', { required: false, description: t('tenantBilling.buyerReferenceHint') })}
        </SimpleGrid>
        <Checkbox
          label={t('tenantBilling.isPublicBody')}
          description={t('tenantBilling.isPublicBodyHint')}
          checked={publicBody.value}
          onChange={(event) => {
            const checked = event.currentTarget.checked;
            publicBody.onChange(checked);
            // A hidden field is neither checked nor sent.
            if (!checked) setValue('leitwegId', '', { shouldValidate: false });
          }}
          onBlur={publicBody.onBlur}
        />
        {publicBody.value ? (
          <TextInput
            label={t('tenantBilling.leitwegId')}
            description={t('tenantBilling.leitwegIdHint')}
            autoCapitalize="characters"
            spellCheck={false}
            error={message(errors.leitwegId?.message)}
            {...register('leitwegId')}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={t('tenantBilling.format')}
            required
            data={InvoiceFormats.map((value) => ({ value, label: t(`formats.${value}`) }))}
            value={format.value ?? 'XRECHNUNG_UBL'}
            onChange={(value) => {
              if (isFormat(value)) format.onChange(value);
            }}
            onBlur={format.onBlur}
            allowDeselect={false}
            error={message(format.error)}
          />
          {text('datevDebtorAccount', { required: false, description: t('tenantBilling.datevDebtorAccountHint') })}
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={isSubmitting} disabled={billing !== null && !isDirty}>
            {t('tenantBilling.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The employer's billing data on its back-office page: address and e-mail of the invoices, VAT id, buyer
 * reference, public body with Leitweg-ID, e-invoice format; checked with the contract's schema.
 */
export function TenantBillingForm({ tenantId, suggestion }: { tenantId: string; suggestion: AddressSuggestion }) {
  const { t } = useTranslation('billing');
  const billing = useTenantBilling(tenantId);
  return (
    <Stack gap="xs" maw={900} data-testid="tenant-billing">
      <Title order={2} size="h3">
        {t('tenantBilling.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('tenantBilling.intro')}
      </Text>
      {billing.isError ? <LoadError onRetry={() => void billing.refetch()} /> : null}
      {billing.isPending ? <Loader size="sm" aria-label={t('tenantBilling.title')} /> : null}
      {billing.data ? <BillingForm tenantId={tenantId} billing={billing.data.billing} suggestion={suggestion} /> : null}
    </Stack>
  );
}
