import { Fieldset, SimpleGrid, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  ADDITIONAL_AMOUNT_HEALTH_INSURANCE_MAX,
  ARRIVAL_KILOMETERS_MAX,
  BASIC_RATE_HEALTH_INSURANCE_MAX,
  CHILDREN_ALLOWANCE_OPTIONS,
  CHILDREN_UNDER_25_OPTIONS,
  GROSS_MONTHLY_SALARY_MAX_EUR,
  HealthInsuranceSchema,
  SPOUSE_FACTOR_MAX,
  TAX_ALLOWANCE_MAX_EUR,
  TAX_CLASSES,
  federalStates,
  type UserInfoConfig,
} from '@leasing/contract';

import { formatPercent, numberFormat } from '../../../lib/format';
import { hasAkb } from '../profile-form';
import { useProfileValue } from '../profile-form-context';
import { DateField, NumberField, RadioField, SelectField, SwitchField } from './fields';

const EUR = ' €';
const PERCENT = ' %';

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset legend={legend}>
      <Stack gap="md">{children}</Stack>
    </Fieldset>
  );
}

/** Salary and tax data (spec 3 salaryInfo); the factor only in tax class 4, the Arbeitskammer only in HB/SL. */
export function SalarySection() {
  const { t } = useTranslation('profile');
  const taxClass = useProfileValue('salaryInfo.taxClass');
  const federalState = useProfileValue('salaryInfo.federalState');
  const state = federalStates.find((s) => s.code === federalState);

  return (
    <Section legend={t('sections.salary')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          name="salaryInfo.federalState"
          label={t('fields.federalState.label')}
          description={t('fields.federalState.description')}
          required
          emptyLabel={t('notSelected')}
          options={federalStates.map((s) => ({ value: s.code, label: s.name }))}
        />
        <DateField
          name="salaryInfo.dateOfBirth"
          label={t('fields.dateOfBirth.label')}
          description={t('fields.dateOfBirth.description')}
          required
        />
        <NumberField
          name="salaryInfo.grossMonthlySalaryEur"
          label={t('fields.grossMonthlySalaryEur.label')}
          description={t('fields.grossMonthlySalaryEur.description')}
          required
          suffix={EUR}
          max={GROSS_MONTHLY_SALARY_MAX_EUR}
        />
        <NumberField
          name="salaryInfo.taxAllowance"
          label={t('fields.taxAllowance.label')}
          description={t('fields.taxAllowance.description')}
          required
          suffix={EUR}
          max={TAX_ALLOWANCE_MAX_EUR}
        />
        <SelectField
          name="salaryInfo.taxClass"
          label={t('fields.taxClass.label')}
          description={t('fields.taxClass.description')}
          required
          options={TAX_CLASSES.map((value) => ({ value, label: t(`taxClasses.${value}`) }))}
        />
        {taxClass === 4 ? (
          <NumberField
            name="salaryInfo.spouseFactor"
            label={t('fields.spouseFactor.label')}
            description={t('fields.spouseFactor.description')}
            required
            decimalScale={3}
            max={SPOUSE_FACTOR_MAX}
          />
        ) : null}
      </SimpleGrid>
      <SwitchField
        name="salaryInfo.churchTax"
        label={t('fields.churchTax.label')}
        description={
          state
            ? t('fields.churchTax.description', { state: state.name, rate: formatPercent(state.churchTax) })
            : undefined
        }
      />
      {hasAkb(federalState) ? (
        <SwitchField name="salaryInfo.akb" label={t('fields.akb.label')} description={t('fields.akb.description')} />
      ) : null}
      <SwitchField
        name="salaryInfo.children"
        label={t('fields.children.label')}
        description={t('fields.children.description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SelectField
          name="salaryInfo.childrenUnder25"
          label={t('fields.childrenUnder25.label')}
          description={t('fields.childrenUnder25.description')}
          required
          options={CHILDREN_UNDER_25_OPTIONS.map((value) => ({
            value,
            label: value === 6 ? t('sixOrMore') : String(value),
          }))}
        />
        <SelectField
          name="salaryInfo.childrenAllowances"
          label={t('fields.childrenAllowances.label')}
          description={t('fields.childrenAllowances.description')}
          required
          options={CHILDREN_ALLOWANCE_OPTIONS.map((value) => ({
            value,
            label: numberFormat({ maximumFractionDigits: 1 }).format(value),
          }))}
        />
      </SimpleGrid>
    </Section>
  );
}

export function SocialSection() {
  const { t } = useTranslation('profile');
  return (
    <Section legend={t('sections.social')}>
      <SwitchField
        name="salaryInfo.pensionInsurance"
        label={t('fields.pensionInsurance.label')}
        description={t('fields.pensionInsurance.description')}
      />
      <SwitchField
        name="salaryInfo.unemploymentInsurance"
        label={t('fields.unemploymentInsurance.label')}
        description={t('fields.unemploymentInsurance.description')}
      />
    </Section>
  );
}

/** Statutory: two contribution rates; private: employer subsidy and the PKV/PV contributions (spec 4.4). */
export function HealthSection() {
  const { t } = useTranslation('profile');
  const healthInsurance = useProfileValue('salaryInfo.healthInsurance');
  return (
    <Section legend={t('sections.health')}>
      <RadioField
        name="salaryInfo.healthInsurance"
        label={t('fields.healthInsurance.label')}
        required
        options={HealthInsuranceSchema.options.map((value) => ({ value, label: t(`healthInsurance.${value}`) }))}
      />
      {healthInsurance === 'STATUTORY' ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberField
            name="salaryInfo.basicRateHealthInsurance"
            label={t('fields.basicRateHealthInsurance.label')}
            description={t('fields.basicRateHealthInsurance.description')}
            required
            suffix={PERCENT}
            max={BASIC_RATE_HEALTH_INSURANCE_MAX}
          />
          <NumberField
            name="salaryInfo.additionalAmountHealthInsurance"
            label={t('fields.additionalAmountHealthInsurance.label')}
            description={t('fields.additionalAmountHealthInsurance.description')}
            required
            suffix={PERCENT}
            max={ADDITIONAL_AMOUNT_HEALTH_INSURANCE_MAX}
          />
        </SimpleGrid>
      ) : null}
      {healthInsurance === 'PRIVATE' ? (
        <>
          <SwitchField
            name="salaryInfo.arbeitgeberzuschuss"
            label={t('fields.arbeitgeberzuschuss.label')}
            description={t('fields.arbeitgeberzuschuss.description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NumberField
              name="salaryInfo.beitragPkv"
              label={t('fields.beitragPkv.label')}
              description={t('fields.beitragPkv.description')}
              required
              suffix={EUR}
            />
            <NumberField
              name="salaryInfo.beitragPv"
              label={t('fields.beitragPv.label')}
              description={t('fields.beitragPv.description')}
              required
              suffix={EUR}
            />
            <NumberField
              name="salaryInfo.basisbeitragSteuerrelevant"
              label={t('fields.basisbeitragSteuerrelevant.label')}
              description={t('fields.basisbeitragSteuerrelevant.description')}
              suffix={EUR}
            />
          </SimpleGrid>
        </>
      ) : null}
    </Section>
  );
}

export function CommuteSection({ config }: { config: UserInfoConfig }) {
  const { t } = useTranslation('profile');
  return (
    <Section legend={t('sections.commute')}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NumberField
          name="salaryInfo.arrivalKilometers"
          label={t('fields.arrivalKilometers.label')}
          description={t('fields.arrivalKilometers.description')}
          required
          suffix=" km"
          decimalScale={1}
          max={ARRIVAL_KILOMETERS_MAX}
        />
        <NumberField
          name="salaryInfo.arrivalNumber"
          label={t('fields.arrivalNumber.label')}
          description={t('fields.arrivalNumber.description', {
            min: config.arrivalNumberMin,
            max: config.arrivalNumberMax,
          })}
          required
          decimalScale={0}
          min={config.arrivalNumberMin}
          max={config.arrivalNumberMax}
        />
        <NumberField
          name="salaryInfo.companyPensionPlan"
          label={t('fields.companyPensionPlan.label')}
          description={t('fields.companyPensionPlan.description')}
          suffix={EUR}
        />
      </SimpleGrid>
      <SwitchField
        name="salaryInfo.commuteSingleAssessment"
        label={t('fields.commuteSingleAssessment.label')}
        description={t('fields.commuteSingleAssessment.description')}
      />
    </Section>
  );
}
