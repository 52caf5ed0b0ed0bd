import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  MultiSelect,
  NativeSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useSyncExternalStore, type ChangeEvent } from 'react';
import { useForm, type FieldPath, type FieldPathValue, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod/mini';

import {
  ApprovalModes,
  DEFAULT_ABSENCE_PAYERS,
  DeductionStarts,
  EmployerSubsidyKinds,
  TenantPolicySchema,
  type TenantPolicy,
  type TenantPolicyResponse,
} from '@leasing/contract';

import { PageLoader } from '../../../components/page-loader';
import { useNotify } from '../../../components/use-notify';
import { usePageTitle } from '../../../components/use-page-title';
import { isApiError } from '../../../lib/api-client';
import { translateValidationMessage } from '../../../lib/validation-messages';
import { useBrands } from '../api/get-brands';
import { usePolicy } from '../api/get-policy';
import { useSavePolicy } from '../api/save-policy';
import { useEmployerFormat } from '../use-employer-format';
import { AbsencePayersFields } from './absence-payers-fields';
import { LoadError } from './load-error';

type PolicyInput = z.input<typeof TenantPolicySchema>;

const FIELDS: readonly FieldPath<PolicyInput>[] = [
  'employerSubsidy.kind',
  'employerSubsidy.value',
  'maxListPriceEur',
  'maxMonthlyGrossRateEur',
  'allowedBrands',
  'minGrossAfterConversionEur',
  'deductionStart',
  'approval',
  'absencePayers.SICK_PAY',
  'absencePayers.PARENTAL_LEAVE',
  'absencePayers.UNPAID_LEAVE',
];
const isField = (field: string): field is FieldPath<PolicyInput> => FIELDS.some((known) => known === field);

/** The policy's own fields only: the strict schema refuses the response's version and dates. */
function formValues(policy: TenantPolicyResponse): PolicyInput {
  return {
    employerSubsidy: { ...policy.employerSubsidy },
    maxListPriceEur: policy.maxListPriceEur,
    maxMonthlyGrossRateEur: policy.maxMonthlyGrossRateEur,
    allowedBrands: [...policy.allowedBrands],
    minGrossAfterConversionEur: policy.minGrossAfterConversionEur,
    deductionStart: policy.deductionStart,
    approval: policy.approval,
    absencePayers: { ...(policy.absencePayers ?? DEFAULT_ABSENCE_PAYERS) },
  };
}

type PolicyForm = UseFormReturn<PolicyInput, unknown, TenantPolicy>;
type ControlledPath =
  | 'employerSubsidy.value'
  | 'maxListPriceEur'
  | 'maxMonthlyGrossRateEur'
  | 'minGrossAfterConversionEur'
  | 'allowedBrands';

/**
 * The current value of `name`, re-rendering only when it changes. On `useForm`'s own `subscribe`, not
 * `watch`/`useWatch`/`Controller`: react-hook-form is one module that /login loads too, and those
 * exports would land in its first load (as in the profile form).
 */
function useFormValue<N extends FieldPath<PolicyInput>>(form: PolicyForm, name: N): FieldPathValue<PolicyInput, N> {
  const subscribe = useCallback(
    (notify: () => void) => form.subscribe({ name, formState: { values: true }, callback: notify }),
    [form, name],
  );
  return useSyncExternalStore(subscribe, () => form.getValues(name));
}

/** A controlled field in react-hook-form's `onTouched` manner: validated first on blur, then on every change. */
function useControlledField<N extends ControlledPath>(form: PolicyForm, name: N) {
  const { t } = useTranslation();
  const value = useFormValue(form, name);
  const subscribeErrors = useCallback(
    (notify: () => void) => form.subscribe({ name, formState: { errors: true }, callback: notify }),
    [form, name],
  );
  const error = useSyncExternalStore(subscribeErrors, () => form.getFieldState(name).error?.message);
  return {
    name,
    value,
    error: translateValidationMessage(t, error),
    onChange: (next: FieldPathValue<PolicyInput, N>) => {
      const state = form.getFieldState(name);
      form.setValue(name, next, {
        shouldDirty: true,
        shouldValidate: state.isTouched || state.invalid || form.formState.isSubmitted,
      });
    },
    onBlur: () => {
      form.setValue(name, form.getValues(name), { shouldTouch: true, shouldValidate: true });
    },
  };
}

/**
 * A German amount field (1.234,56): an empty field is `null`, which the schema reads as "no limit"
 * for the nullable limits and as missing for the required amounts.
 */
function AmountField({
  form,
  name,
  label,
  description,
  suffix,
  required,
}: {
  form: PolicyForm;
  name: Exclude<ControlledPath, 'allowedBrands'>;
  label: string;
  description?: string;
  suffix: string;
  required?: boolean;
}) {
  const field = useControlledField(form, name);
  return (
    <NumberInput
      label={label}
      description={description}
      required={required}
      suffix={suffix}
      decimalSeparator=","
      thousandSeparator="."
      allowedDecimalSeparators={[',']}
      decimalScale={2}
      allowNegative={false}
      clampBehavior="none"
      hideControls
      inputMode="decimal"
      name={field.name}
      value={typeof field.value === 'number' ? field.value : ''}
      onChange={(value) => {
        // A number, an emptied field, or a half-typed one ("50,") that keeps the last number.
        if (typeof value === 'number') field.onChange(value);
        else if (value.trim() === '') field.onChange(null);
      }}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}

function BrandsField({ form, options, loadFailed }: { form: PolicyForm; options: string[]; loadFailed: boolean }) {
  const { t } = useTranslation('employer');
  const field = useControlledField(form, 'allowedBrands');
  return (
    <MultiSelect
      label={t('policy.allowedBrands')}
      description={t('policy.allowedBrandsHint')}
      placeholder={field.value.length === 0 ? t('policy.allBrands') : undefined}
      data={options}
      searchable
      clearable
      nothingFoundMessage={loadFailed ? t('policy.brandsError') : t('policy.noBrand')}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
    />
  );
}

function PolicyForm({ policy }: { policy: TenantPolicyResponse }) {
  const { t } = useTranslation('employer');
  const notify = useNotify();
  const format = useEmployerFormat();
  const save = useSavePolicy();
  const brands = useBrands();
  const form = useForm<PolicyInput, unknown, TenantPolicy>({
    resolver: zodResolver(TenantPolicySchema),
    defaultValues: formValues(policy),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    formState: { isSubmitting, isDirty },
  } = form;
  const subsidyKind = useFormValue(form, 'employerSubsidy.kind');
  const deductionStart = useFormValue(form, 'deductionStart');
  const approval = useFormValue(form, 'approval');

  useEffect(() => {
    reset(formValues(policy));
  }, [policy, reset]);

  const onSubmit = async (values: TenantPolicy): Promise<void> => {
    try {
      const saved = await save.mutateAsync(values);
      notify.success(t('policy.saved', { version: saved.version }));
    } catch (error) {
      const fieldErrors = isApiError(error) && error.status === 400 ? error.errors : [];
      let shown = false;
      for (const { field, message } of fieldErrors) {
        if (!isField(field)) continue;
        setError(field, { type: 'server', message }, { shouldFocus: !shown });
        shown = true;
      }
      if (!shown) {
        notify.error(isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : t('retryLater'), {
          title: t('policy.error'),
        });
      }
    }
  };

  // Chosen brands that left the catalogue stay choosable, so saving does not drop them silently.
  const brandOptions = [...new Set([...(brands.data ?? []), ...policy.allowedBrands])].sort((a, b) =>
    a.localeCompare(b, 'de'),
  );

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('policy.title')}>
      <Stack gap="xl" maw={760}>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('policy.sections.subsidy')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t('policy.subsidyKind')}
              data={EmployerSubsidyKinds.map((kind) => ({ value: kind, label: t(`policy.subsidyKinds.${kind}`) }))}
              {...register('employerSubsidy.kind', {
                onChange: (event: ChangeEvent<HTMLSelectElement>) => {
                  // "No subsidy" carries the amount 0; another kind starts empty, since an amount in
                  // EUR means nothing as a percentage and the other way round. An empty field holds
                  // null like every amount field here, which the schema refuses as missing.
                  const none = event.target.value === 'NONE';
                  setValue('employerSubsidy.value', none ? 0 : (null as unknown as number), { shouldValidate: none });
                },
              })}
            />
            {subsidyKind === 'NONE' ? null : (
              <AmountField
                form={form}
                name="employerSubsidy.value"
                label={t(subsidyKind === 'PERCENT_OF_RATE' ? 'policy.subsidyPercent' : 'policy.subsidyFixed')}
                suffix={subsidyKind === 'PERCENT_OF_RATE' ? ' %' : ' €'}
                required
              />
            )}
          </SimpleGrid>
        </Stack>

        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('policy.sections.limits')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <AmountField
              form={form}
              name="maxListPriceEur"
              label={t('policy.maxListPrice')}
              description={t('policy.noLimitHint')}
              suffix=" €"
            />
            <AmountField
              form={form}
              name="maxMonthlyGrossRateEur"
              label={t('policy.maxMonthlyGrossRate')}
              description={t('policy.noLimitHint')}
              suffix=" €"
            />
          </SimpleGrid>
          <BrandsField form={form} options={brandOptions} loadFailed={brands.isError} />
          <AmountField
            form={form}
            name="minGrossAfterConversionEur"
            label={t('policy.minGross')}
            description={t('policy.minGrossSource', { source: policy.minGrossAfterConversionSource })}
            suffix=" €"
            required
          />
        </Stack>

        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('policy.sections.process')}
          </Title>
          <Radio.Group
            label={t('policy.deductionStart')}
            value={deductionStart}
            onChange={(value) => {
              const start = DeductionStarts.find((known) => known === value);
              if (start) setValue('deductionStart', start, { shouldDirty: true });
            }}
          >
            <Stack gap="xs" mt="xs">
              {DeductionStarts.map((start) => (
                <Radio key={start} value={start} label={t(`policy.deductionStarts.${start}`)} />
              ))}
            </Stack>
          </Radio.Group>
          <Radio.Group
            label={t('policy.approval')}
            value={approval}
            onChange={(value) => {
              const mode = ApprovalModes.find((known) => known === value);
              if (mode) setValue('approval', mode, { shouldDirty: true });
            }}
          >
            <Stack gap="xs" mt="xs">
              {ApprovalModes.map((mode) => (
                <Radio
                  key={mode}
                  value={mode}
                  label={t(`policy.approvals.${mode}.label`)}
                  description={t(`policy.approvals.${mode}.hint`)}
                />
              ))}
            </Stack>
          </Radio.Group>
        </Stack>

        <AbsencePayersFields register={register} />

        <Group gap="md">
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            {t('policy.save')}
          </Button>
          <Text size="sm" c="dimmed" data-testid="policy-version">
            {policy.version === 0
              ? t('policy.defaults')
              : t('policy.version', { version: policy.version, date: format.date(policy.updatedAt) })}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}

/** /employer/policy: the programme's rules; saving makes a new version, running orders keep theirs. */
export function PolicyPage() {
  const { t } = useTranslation('employer');
  const policy = usePolicy();
  usePageTitle(t('policy.title'));

  let content;
  if (policy.isError) content = <LoadError onRetry={() => void policy.refetch()} />;
  else if (policy.isPending) content = <PageLoader />;
  else content = <PolicyForm policy={policy.data} />;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('policy.title')}</Title>
        <Text c="dimmed">{t('policy.intro')}</Text>
      </Stack>
      {content}
    </Stack>
  );
}
