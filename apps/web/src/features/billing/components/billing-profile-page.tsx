import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Fieldset, Grid, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, type ReactNode } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { BillingProfileSchema, type BillingProfile } from '@leasing/contract';

import { PageSkeleton } from '../../../components/page-skeleton';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { useBillingProfile, useSaveBillingProfile } from '../api/provider-billing';
import { billingFieldMessage } from '../field-errors';
import { useFormValue } from '../form-field';
import { profileToBody, profileToForm, type BillingProfileInput } from '../form-values';
import { LoadError } from './load-error';

type Field = Path<BillingProfileInput>;
type TextField = Exclude<Field, 'paymentTermsDays'>;

const FIELDS = Object.keys(profileToForm(null)) as Field[];
const isField = (field: string): field is Field => FIELDS.some((known) => known === field);

/** An empty or non-numeric number stays invalid for the schema instead of becoming 0. */
const toNumber = (value: unknown) => (value === '' || value === null ? undefined : Number(value));

function ProfileForm({ profile }: { profile: BillingProfile | null }) {
  const { t } = useTranslation('billing');
  const { t: tc } = useTranslation();
  const notify = useNotify();
  const save = useSaveBillingProfile();
  const form = useForm<BillingProfileInput, unknown, BillingProfile>({
    resolver: zodResolver(BillingProfileSchema),
    defaultValues: profileToForm(profile),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const prefix = useFormValue(form, 'invoicePrefix');

  useEffect(() => {
    reset(profileToForm(profile));
  }, [profile, reset]);

  const onSubmit = async (values: BillingProfile): Promise<void> => {
    try {
      reset(profileToForm(await save.mutateAsync(profileToBody(values))));
      notify.success(t('profile.saved'));
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

  const text = (
    name: TextField,
    options: { required?: boolean; description?: string; numeric?: boolean; email?: boolean } = {},
  ) => (
    <TextInput
      label={t(`profile.${name}`)}
      description={options.description}
      required={options.required ?? true}
      inputMode={options.numeric ? 'numeric' : undefined}
      type={options.email ? 'email' : undefined}
      autoCapitalize={options.email ? 'none' : undefined}
      spellCheck={options.email ? false : undefined}
      error={billingFieldMessage(t, tc, errors[name]?.message)}
      {...register(name)}
    />
  );
  const col = (span: number, field: ReactNode) => <Grid.Col span={{ base: 12, sm: span }}>{field}</Grid.Col>;
  const example = `${(prefix || 'RE').toUpperCase()}-${String(new Date().getFullYear())}-000001`;

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('profile.title')}>
      <Stack gap="lg" maw={900}>
        <Fieldset legend={t('profile.company')}>
          <Stack gap="sm">
            {text('legalName')}
            {/* Wide and narrow fields side by side from a tablet on, one below the other on a phone. */}
            <Grid gap="sm">
              {col(8, text('street'))}
              {col(4, text('streetNumber'))}
              {col(4, text('postcode', { numeric: true }))}
              {col(5, text('place'))}
              {col(3, text('countryCode', { description: t('profile.countryCodeHint') }))}
            </Grid>
            <Text size="sm" c="dimmed">
              {t('profile.taxHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {text('vatId', { required: false })}
              {text('taxNumber', { required: false })}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('profile.bank')}>
          <Grid gap="sm">
            {col(8, text('iban'))}
            {col(4, text('bic', { required: false }))}
            {col(12, text('bankName', { required: false }))}
          </Grid>
        </Fieldset>
        <Fieldset legend={t('profile.contact')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('contactName')}
            <TextInput
              label={t('profile.contactPhone')}
              type="tel"
              required
              error={billingFieldMessage(t, tc, errors.contactPhone?.message)}
              {...register('contactPhone')}
            />
            {text('contactEmail', { email: true })}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('profile.invoicing')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {text('invoicePrefix', {
              description: t('profile.invoicePrefixHint', { example }),
            })}
            <TextInput
              label={t('profile.paymentTermsDays')}
              description={t('profile.paymentTermsDaysHint')}
              inputMode="numeric"
              required
              error={billingFieldMessage(t, tc, errors.paymentTermsDays?.message)}
              {...register('paymentTermsDays', { setValueAs: toNumber })}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('profile.datev')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {text('datevRevenueAccount', { numeric: true, description: t('profile.datevRevenueAccountHint') })}
            {text('datevDebtorAccount', { numeric: true, description: t('profile.datevDebtorAccountHint') })}
            {text('datevTaxKey', { numeric: true, required: false, description: t('profile.datevTaxKeyHint') })}
            {text('datevConsultantNumber', { numeric: true })}
            {text('datevClientNumber', { numeric: true })}
          </SimpleGrid>
        </Fieldset>
        <Group>
          <Button type="submit" loading={isSubmitting} disabled={profile !== null && !isDirty}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /provider/invoices/profile: the issuer's details on every invoice (address, tax ids, bank, contact, DATEV). */
export function BillingProfilePage() {
  const { t } = useTranslation('billing');
  const profile = useBillingProfile();
  usePageTitle(t('profile.title'));

  let content;
  if (profile.isError) content = <LoadError onRetry={() => void profile.refetch()} />;
  else if (profile.isPending) content = <PageSkeleton />;
  else
    content = (
      <Stack gap="md">
        {profile.data === null ? (
          <Alert color="yellow" variant="light" data-testid="no-billing-profile">
            {t('profile.missing')}
          </Alert>
        ) : null}
        <ProfileForm profile={profile.data} />
      </Stack>
    );

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/provider/invoices" size="sm">
        {t('profile.back')}
      </Anchor>
      <Stack gap={4} maw={720}>
        {/* One long German word: smaller on a phone, and broken rather than wider than the screen. */}
        <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
          {t('profile.title')}
        </Title>
        <Text c="dimmed">{t('profile.intro')}</Text>
      </Stack>
      {content}
    </Stack>
  );
}
