import { z } from 'zod/mini';

import { TitleSchema } from './account.js';
import { FederalStateCodeSchema } from './federal-states.js';
import {
  ADDITIONAL_AMOUNT_HEALTH_INSURANCE_MAX,
  ARRIVAL_KILOMETERS_MAX,
  ARRIVAL_KILOMETERS_MIN,
  ARRIVAL_NUMBER_MAX_DEFAULT,
  ARRIVAL_NUMBER_MIN_DEFAULT,
  BASIC_RATE_HEALTH_INSURANCE_MAX,
  GROSS_MONTHLY_SALARY_MAX_EUR,
  GROSS_MONTHLY_SALARY_MIN_EUR,
  SPOUSE_FACTOR_MAX,
  SPOUSE_FACTOR_MIN,
  TAX_ALLOWANCE_MAX_EUR,
  TAX_ALLOWANCE_MIN_EUR,
} from './limits.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/** Spec 3 option lists. */
export const TAX_CLASSES = [1, 2, 3, 4, 5, 6] as const;
/** Children under 25: 0 to 5 and '6 or more' (value 6). */
export const CHILDREN_UNDER_25_OPTIONS = [0, 1, 2, 3, 4, 5, 6] as const;
/** Child allowances (Kinderfreibeträge): 0 to 10 in steps of 0.5. */
export const CHILDREN_ALLOWANCE_OPTIONS = Array.from({ length: 21 }, (_, i) => i / 2);
export const HealthInsuranceSchema = z.enum(['STATUTORY', 'PRIVATE']);
export const SalaryConversionTypeSchema = z.enum([
  'BIKE_LEASING_UNDER_25',
  'BIKE_LEASING_OVER_25',
  'HARDWARE_LEASING',
  'COMPANY_PENSION_PLAN',
]);
export type SalaryConversionType = z.infer<typeof SalaryConversionTypeSchema>;
export const MAX_SALARY_CONVERSIONS = 10;

const MONEY_MAX = 1_000_000;

const requiredText = (max = 100) =>
  z
    .string({ error: msg.required })
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid));
const optionalText = (max = 100) =>
  z.nullish(z.string().check(z.trim(), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid)));
const requiredBoolean = () => z.boolean({ error: msg.required });
/** A number with a range; money carries at most two decimals so cents are exact. */
const numberIn = (min: number, max: number, decimals?: number) =>
  z.number({ error: msg.required }).check(
    z.gte(min, msg.min(min)),
    z.lte(max, msg.max(max)),
    z.refine((v) => decimals === undefined || hasAtMostDecimals(v, decimals), msg.invalid),
  );
const optionalNumber = (min: number, max: number, decimals?: number) => z.nullish(numberIn(min, max, decimals));

/**
 * Types only: classic `.refine((v) => v !== null, …)` narrowed the output type through the inferred type
 * guard; `.check(z.refine(…))` runs the same check but keeps `null` in the type, so the narrowing is restated.
 */
function nonNullOutput<T extends z.core.SomeType>(schema: T): z.core.$ZodNarrow<T, Exclude<z.output<T>, null>> {
  return schema as z.core.$ZodNarrow<T, Exclude<z.output<T>, null>>;
}

function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Spec 3 addressDto; `email` is shown but only changes through the e-mail endpoint. */
export const AddressSchema = z.strictObject({
  title: z.nullish(TitleSchema),
  firstName: requiredText(),
  lastName: requiredText(),
  street: requiredText(),
  streetNumber: requiredText(20),
  place: requiredText(),
  postcode: requiredText(10).check(z.regex(/^\d{5}$/, msg.postcode)),
  state: z.pipe(
    z.union([
      FederalStateCodeSchema,
      z.pipe(
        z.string().check(z.maxLength(0)),
        z.transform(() => undefined),
      ),
    ]),
    FederalStateCodeSchema,
  ),
  placeOfBirth: requiredText(),
  employeeId: optionalText(50),
  email: z.optional(z.string().check(z.maxLength(254))),
});
export type Address = z.infer<typeof AddressSchema>;

export const SalaryConversionSchema = z
  .strictObject({
    id: z.nullish(z.string().check(z.maxLength(64))),
    conversationType: z.nullish(SalaryConversionTypeSchema),
    leasingRate: optionalNumber(0, MONEY_MAX, 2),
    monetaryBenefitPrivateUse: optionalNumber(0, MONEY_MAX, 2),
    monetaryBenefitCommuteToWork: optionalNumber(0, MONEY_MAX, 2),
    salaryConversionAmount: optionalNumber(0, MONEY_MAX, 2),
  })
  .check(
    z.superRefine((item, ctx) => {
      const missing = (field: keyof typeof item, message: string) => {
        if (item[field] === null || item[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
      };
      switch (item.conversationType) {
        case null:
        case undefined:
          ctx.addIssue({ code: 'custom', path: ['conversationType'], message: 'Type is required' });
          return;
        case 'BIKE_LEASING_UNDER_25':
          missing('leasingRate', 'Leasing rate is required');
          missing('monetaryBenefitPrivateUse', msg.required);
          return;
        case 'BIKE_LEASING_OVER_25':
          missing('leasingRate', 'Leasing rate is required');
          missing('monetaryBenefitPrivateUse', msg.required);
          missing('monetaryBenefitCommuteToWork', msg.required);
          return;
        case 'HARDWARE_LEASING':
        case 'COMPANY_PENSION_PLAN':
          missing('salaryConversionAmount', 'This is required');
          return;
      }
    }),
  );
export type SalaryConversion = z.infer<typeof SalaryConversionSchema>;

export interface UserInfoConfig {
  arrivalNumberMin: number;
  arrivalNumberMax: number;
}
export const UserInfoConfigSchema = z.object({
  arrivalNumberMin: z.number().check(z.int()),
  arrivalNumberMax: z.number().check(z.int()),
});
export const defaultUserInfoConfig: UserInfoConfig = {
  arrivalNumberMin: ARRIVAL_NUMBER_MIN_DEFAULT,
  arrivalNumberMax: ARRIVAL_NUMBER_MAX_DEFAULT,
};

/**
 * The salary profile (spec 3 salaryInfo) with every rule of spec 5. Conditional fields (factor only in
 * tax class 4, the two health-insurance variants, Arbeitskammer only in HB/SL) are checked in one place
 * so the form and the server agree.
 */
function salaryInfoShape(config: UserInfoConfig) {
  return {
    federalState: nonNullOutput(
      z.union([FederalStateCodeSchema, z.null()]).check(z.refine((v) => v !== null, msg.required)),
    ),
    dateOfBirth: z
      .string({ error: msg.required })
      .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, msg.date), z.refine(isValidPastDate, msg.dateInPast)),
    grossMonthlySalaryEur: numberIn(GROSS_MONTHLY_SALARY_MIN_EUR, GROSS_MONTHLY_SALARY_MAX_EUR, 2),
    taxClass: z.number({ error: msg.required }).check(z.int(msg.invalid), z.gte(1, msg.min(1)), z.lte(6, msg.max(6))),
    spouseFactor: optionalNumber(SPOUSE_FACTOR_MIN, SPOUSE_FACTOR_MAX, 3),
    taxAllowance: numberIn(TAX_ALLOWANCE_MIN_EUR, TAX_ALLOWANCE_MAX_EUR, 2),
    children: requiredBoolean(),
    childrenUnder25: z
      .number({ error: msg.required })
      .check(z.int(msg.invalid), z.gte(0, msg.min(0)), z.lte(6, msg.max(6))),
    childrenAllowances: numberIn(0, 10).check(z.refine((v) => Number.isInteger(v * 2), msg.step(0.5))),
    pensionInsurance: requiredBoolean(),
    unemploymentInsurance: requiredBoolean(),
    churchTax: requiredBoolean(),
    akb: z.nullish(z.boolean()),
    healthInsurance: nonNullOutput(
      z.union([HealthInsuranceSchema, z.null()]).check(z.refine((v) => v !== null, msg.required)),
    ),
    basicRateHealthInsurance: optionalNumber(0, BASIC_RATE_HEALTH_INSURANCE_MAX, 2),
    additionalAmountHealthInsurance: optionalNumber(0, ADDITIONAL_AMOUNT_HEALTH_INSURANCE_MAX, 2),
    arbeitgeberzuschuss: z.nullish(z.boolean()),
    beitragPkv: optionalNumber(0, MONEY_MAX, 2),
    beitragPv: optionalNumber(0, MONEY_MAX, 2),
    basisbeitragSteuerrelevant: optionalNumber(0, MONEY_MAX, 2),
    companyPensionPlan: optionalNumber(0, MONEY_MAX, 2),
    arrivalKilometers: numberIn(ARRIVAL_KILOMETERS_MIN, ARRIVAL_KILOMETERS_MAX, 1),
    arrivalNumber: z
      .number({ error: msg.required })
      .check(
        z.int(msg.invalid),
        z.gte(config.arrivalNumberMin, msg.min(config.arrivalNumberMin)),
        z.lte(config.arrivalNumberMax, msg.max(config.arrivalNumberMax)),
      ),
    /**
     * Not in the spec: the per-trip reading of the commute (Einzelbewertung, § 8 Abs. 2 Satz 5 EStG,
     * 0.002 % of the list price per km and trip, the trips being `arrivalNumber`, at most 180 a year)
     * instead of 0.03 % per km and month. Profiles saved before it existed read as false.
     */
    commuteSingleAssessment: z._default(z.boolean(), false),
    salaryConversions: z._default(
      z.array(SalaryConversionSchema).check(z.maxLength(MAX_SALARY_CONVERSIONS, msg.max(MAX_SALARY_CONVERSIONS))),
      [],
    ),
  };
}

/** The shape above as a plain (non-strict) object, as `UserInfoResponseSchema` embeds it. */
function salaryInfoObject(config: UserInfoConfig) {
  return z.object(salaryInfoShape(config));
}

export function createSalaryInfoSchema(config: UserInfoConfig = defaultUserInfoConfig) {
  return z.pipe(
    z.strictObject(salaryInfoShape(config)).check(
      z.superRefine((info, ctx) => {
        const require = (field: keyof typeof info) => {
          if (info[field] === null || info[field] === undefined)
            ctx.addIssue({ code: 'custom', path: [field], message: msg.required });
        };
        if (info.taxClass === 4) require('spouseFactor');
        if (info.healthInsurance === 'STATUTORY') {
          require('basicRateHealthInsurance');
          require('additionalAmountHealthInsurance');
        }
        if (info.healthInsurance === 'PRIVATE') {
          require('beitragPkv');
          require('beitragPv');
        }
      }),
    ),
    z.transform((info) => normaliseSalaryInfo(info)),
  );
}

/** Drops values that do not apply, so a stored profile never carries a stale hidden field. */
function normaliseSalaryInfo<T extends { taxClass: number; federalState: unknown; healthInsurance: unknown }>(
  info: T,
): T {
  const out: Record<string, unknown> = { ...info };
  if (info.taxClass !== 4) out['spouseFactor'] = null;
  if (info.federalState !== 'HB' && info.federalState !== 'SL') out['akb'] = false;
  if (info.healthInsurance === 'STATUTORY') {
    out['beitragPkv'] = null;
    out['beitragPv'] = null;
    out['arbeitgeberzuschuss'] = false;
    out['basisbeitragSteuerrelevant'] = null;
  } else {
    out['basicRateHealthInsurance'] = null;
    out['additionalAmountHealthInsurance'] = null;
  }
  return out as T;
}

function isValidPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const age = (Date.now() - date.getTime()) / (365.25 * 24 * 3600 * 1000);
  return age >= 14 && age <= 100;
}

export const SalaryInfoSchema = createSalaryInfoSchema();
export type SalaryInfo = z.output<typeof SalaryInfoSchema>;
export type SalaryInfoInput = z.input<typeof SalaryInfoSchema>;

export function createUserInfoUpdateSchema(config: UserInfoConfig = defaultUserInfoConfig) {
  return z.strictObject({ addressDto: AddressSchema, salaryInfo: createSalaryInfoSchema(config) });
}
export const UserInfoUpdateSchema = createUserInfoUpdateSchema();
export type UserInfoUpdate = z.output<typeof UserInfoUpdateSchema>;

/** `GET /v1/user/info`: what is stored so far; `salaryInfo` is null before the first save. */
export const UserInfoResponseSchema = z.object({
  addressDto: z.object({
    title: z.nullable(TitleSchema),
    firstName: z.string(),
    lastName: z.string(),
    street: z.nullable(z.string()),
    streetNumber: z.nullable(z.string()),
    place: z.nullable(z.string()),
    postcode: z.nullable(z.string()),
    state: z.nullable(z.string()),
    placeOfBirth: z.nullable(z.string()),
    employeeId: z.nullable(z.string()),
    email: z.string(),
  }),
  salaryInfo: z.nullable(salaryInfoObject(defaultUserInfoConfig)),
  profileComplete: z.boolean(),
});
export type UserInfoResponse = z.infer<typeof UserInfoResponseSchema>;

/** `PUT /v1/user/info` answer: `errors` only when the save was refused (nothing stored then). */
export const UserInfoSaveResponseSchema = z.object({
  saved: z.boolean(),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});
