import type { z } from 'zod/mini';

import {
  FederalStateCodeSchema,
  type createUserInfoUpdateSchema,
  federalStates,
  type FederalStateCode,
  type SalaryConversionType,
  type UserInfoConfig,
  type UserInfoResponse,
} from '@leasing/contract';

type UpdateSchema = ReturnType<typeof createUserInfoUpdateSchema>;
type UpdateInput = z.input<UpdateSchema>;

/**
 * The value at a field path of the form's values (`'salaryInfo.taxClass'` or its keys), `undefined`
 * where the path leads nowhere. Kept here, not taken from react-hook-form: the salary form's first
 * view runs without that library (form-stand-in.ts).
 */
export function valueAt(values: unknown, path: string | readonly string[]): unknown {
  let current = values;
  for (const key of typeof path === 'string' ? path.split('.') : path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The contract's input type with every number allowed to be empty (null) while the user types. */
type Loosen<T> = T extends number
  ? number | null
  : T extends readonly (infer U)[]
    ? Loosen<U>[]
    : T extends object
      ? { [K in keyof T]: Loosen<T[K]> }
      : T;

export type ProfileFormValues = Loosen<UpdateInput>;
export type SalaryFormValues = ProfileFormValues['salaryInfo'];
export type ConversionFormValues = NonNullable<SalaryFormValues['salaryConversions']>[number];

/** Statutory health insurance: general rate (§ 241 SGB V) and the average additional rate for 2026. */
export const STATUTORY_DEFAULTS = { basicRateHealthInsurance: 14.6, additionalAmountHealthInsurance: 2.9 } as const;

/** Which amount fields a salary conversion type asks for (spec 5). */
export const CONVERSION_FIELDS = {
  BIKE_LEASING_UNDER_25: ['leasingRate', 'monetaryBenefitPrivateUse'],
  BIKE_LEASING_OVER_25: ['leasingRate', 'monetaryBenefitPrivateUse', 'monetaryBenefitCommuteToWork'],
  HARDWARE_LEASING: ['salaryConversionAmount'],
  COMPANY_PENSION_PLAN: ['salaryConversionAmount'],
} as const satisfies Record<SalaryConversionType, readonly (keyof ConversionFormValues)[]>;

export type ConversionAmountField = (typeof CONVERSION_FIELDS)[SalaryConversionType][number];
const CONVERSION_AMOUNT_FIELDS: readonly ConversionAmountField[] = [
  'leasingRate',
  'monetaryBenefitPrivateUse',
  'monetaryBenefitCommuteToWork',
  'salaryConversionAmount',
];

export function hasAkb(state: FederalStateCode | null | undefined): boolean {
  return federalStates.some((s) => s.code === state && s.akb);
}

export function emptyConversion(): ConversionFormValues {
  return {
    id: null,
    conversationType: null,
    leasingRate: null,
    monetaryBenefitPrivateUse: null,
    monetaryBenefitCommuteToWork: null,
    salaryConversionAmount: null,
  };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * Form values from the stored profile. Before the first save (`salaryInfo` null) the salary part starts
 * from the most common case: statutory health insurance at 14,6 % + 2,9 %, liable to pension and
 * unemployment insurance, no children, no church tax, no commute yet.
 */
export function toFormValues(info: UserInfoResponse, config: UserInfoConfig): ProfileFormValues {
  const address = info.addressDto;
  const stateCode = FederalStateCodeSchema.safeParse(address.state);
  const salary = info.salaryInfo;
  return {
    addressDto: {
      title: address.title,
      firstName: address.firstName,
      lastName: address.lastName,
      street: address.street ?? '',
      streetNumber: address.streetNumber ?? '',
      postcode: address.postcode ?? '',
      place: address.place ?? '',
      state: address.state ?? '',
      placeOfBirth: address.placeOfBirth ?? '',
      employeeId: address.employeeId ?? '',
    },
    salaryInfo: salary
      ? {
          ...salary,
          akb: salary.akb ?? false,
          arbeitgeberzuschuss: salary.arbeitgeberzuschuss ?? false,
          // Kept ready for a switch back to statutory insurance; dropped on save while private.
          basicRateHealthInsurance: salary.basicRateHealthInsurance ?? STATUTORY_DEFAULTS.basicRateHealthInsurance,
          additionalAmountHealthInsurance:
            salary.additionalAmountHealthInsurance ?? STATUTORY_DEFAULTS.additionalAmountHealthInsurance,
          salaryConversions: salary.salaryConversions.map((item) => ({ ...emptyConversion(), ...item })),
        }
      : {
          federalState: stateCode.success ? stateCode.data : null,
          dateOfBirth: '',
          grossMonthlySalaryEur: null,
          taxClass: 1,
          spouseFactor: null,
          taxAllowance: 0,
          children: false,
          childrenUnder25: 0,
          childrenAllowances: 0,
          pensionInsurance: true,
          unemploymentInsurance: true,
          churchTax: false,
          akb: false,
          healthInsurance: 'STATUTORY',
          ...STATUTORY_DEFAULTS,
          arbeitgeberzuschuss: false,
          beitragPkv: null,
          beitragPv: null,
          basisbeitragSteuerrelevant: null,
          companyPensionPlan: null,
          arrivalKilometers: 0,
          arrivalNumber: clamp(0, config.arrivalNumberMin, config.arrivalNumberMax),
          commuteSingleAssessment: false,
          salaryConversions: [],
        },
  };
}

/**
 * Values of hidden fields do not count (spec 4.4): the factor outside tax class 4, the Arbeitskammer
 * outside HB/SL, the other health-insurance variant, amounts a conversion type does not ask for. The form
 * keeps them (switching back restores them); validation and the request see them emptied.
 */
export function withoutHiddenFields(values: ProfileFormValues): ProfileFormValues {
  const salary = values.salaryInfo;
  const statutory = salary.healthInsurance === 'STATUTORY';
  const isPrivate = salary.healthInsurance === 'PRIVATE';
  return {
    addressDto: { ...values.addressDto, employeeId: values.addressDto.employeeId || null },
    salaryInfo: {
      ...salary,
      spouseFactor: salary.taxClass === 4 ? salary.spouseFactor : null,
      akb: hasAkb(salary.federalState) ? Boolean(salary.akb) : false,
      basicRateHealthInsurance: isPrivate ? null : salary.basicRateHealthInsurance,
      additionalAmountHealthInsurance: isPrivate ? null : salary.additionalAmountHealthInsurance,
      arbeitgeberzuschuss: statutory ? false : Boolean(salary.arbeitgeberzuschuss),
      beitragPkv: statutory ? null : salary.beitragPkv,
      beitragPv: statutory ? null : salary.beitragPv,
      basisbeitragSteuerrelevant: statutory ? null : salary.basisbeitragSteuerrelevant,
      salaryConversions: (salary.salaryConversions ?? []).map((item) => {
        const shown: readonly ConversionAmountField[] = item.conversationType
          ? CONVERSION_FIELDS[item.conversationType]
          : [];
        const amounts = Object.fromEntries(
          CONVERSION_AMOUNT_FIELDS.map((field) => [field, shown.includes(field) ? item[field] : null]),
        );
        return { ...item, ...amounts };
      }),
    },
  };
}
