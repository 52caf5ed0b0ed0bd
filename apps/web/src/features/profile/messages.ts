import type { TFunction } from 'i18next';

import { isApiError } from '../../lib/api-client';

/** The server's own (German, safe) message, or `fallback` when the failure happened before an answer. */
export function serverMessage(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  if (error.code === 'NETWORK_ERROR' || error.code === 'INVALID_RESPONSE' || error.code === 'INTERNAL') return fallback;
  return error.message || fallback;
}

const PROFILE_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'street',
  'streetNumber',
  'postcode',
  'place',
  'state',
  'placeOfBirth',
  'employeeId',
  'federalState',
  'dateOfBirth',
  'grossMonthlySalaryEur',
  'taxClass',
  'spouseFactor',
  'taxAllowance',
  'children',
  'childrenUnder25',
  'childrenAllowances',
  'pensionInsurance',
  'unemploymentInsurance',
  'churchTax',
  'akb',
  'healthInsurance',
  'basicRateHealthInsurance',
  'additionalAmountHealthInsurance',
  'arbeitgeberzuschuss',
  'beitragPkv',
  'beitragPv',
  'basisbeitragSteuerrelevant',
  'companyPensionPlan',
  'arrivalKilometers',
  'arrivalNumber',
  'salaryConversions',
] as const;
const CONVERSION_FIELDS = [
  'conversationType',
  'leasingRate',
  'monetaryBenefitPrivateUse',
  'monetaryBenefitCommuteToWork',
  'salaryConversionAmount',
] as const;

const oneOf = <T extends string>(list: readonly T[], value: string | undefined): value is T =>
  list.some((item) => item === value);

/**
 * The German label of a field the server names by its dotted path (`salaryInfo.taxClass`,
 * `salaryInfo.salaryConversions.0.leasingRate`), for the warning toasts of spec 4.4.
 */
export function fieldLabel(t: TFunction<'profile'>, path: string): string {
  const parts = path.split('.');
  const conversionAt = parts.indexOf('salaryConversions');
  if (conversionAt >= 0 && parts.length > conversionAt + 1) {
    const index = Number(parts[conversionAt + 1]);
    const field = parts[conversionAt + 2];
    const item = t('conversions.item', { number: Number.isInteger(index) ? index + 1 : '?' });
    return oneOf(CONVERSION_FIELDS, field) ? `${item} – ${t(`conversions.fields.${field}.label`)}` : item;
  }
  const last = parts.at(-1);
  return oneOf(PROFILE_FIELDS, last) ? t(`fields.${last}.label`) : path;
}
