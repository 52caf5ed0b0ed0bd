import { describe, expect, it } from 'vitest';

import { buildAddress, buildSalaryInfo } from './test-support/factories.js';
import { createSalaryInfoSchema, SalaryInfoSchema, UserInfoUpdateSchema } from './user-info.js';

function errorsOf(input: unknown, schema = SalaryInfoSchema): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('salaryInfo rules (spec 5)', () => {
  it('accepts a complete statutory profile', () => {
    expect(errorsOf(buildSalaryInfo())).toEqual({});
  });

  it.each([
    ['grossMonthlySalaryEur', 0, 'min 1'],
    ['grossMonthlySalaryEur', 200_000.01, 'max 200000'],
    ['taxClass', 0, 'min 1'],
    ['taxClass', 7, 'max 6'],
    ['taxAllowance', -1, 'min 0'],
    ['taxAllowance', 200_001, 'max 200000'],
    ['arrivalKilometers', 10_001, 'max 10000'],
    ['arrivalKilometers', -1, 'min 0'],
    ['arrivalNumber', 32, 'max 31'],
    ['arrivalNumber', -1, 'min 0'],
    ['childrenUnder25', 7, 'max 6'],
    ['childrenAllowances', 0.3, 'step 0.5'],
    ['childrenAllowances', 10.5, 'max 10'],
    ['federalState', 'XX', undefined],
    ['dateOfBirth', '2090-01-01', 'dateInPast'],
    ['dateOfBirth', '1990-02-30', 'dateInPast'],
  ])('refuses %s = %s', (field, value, message) => {
    const errors = errorsOf(buildSalaryInfo({ [field]: value } as never));
    expect(Object.keys(errors)).toContain(field);
    if (message) expect(errors[field]).toBe(message);
  });

  it.each([
    'federalState',
    'dateOfBirth',
    'grossMonthlySalaryEur',
    'taxClass',
    'taxAllowance',
    'children',
    'pensionInsurance',
    'unemploymentInsurance',
    'churchTax',
    'childrenUnder25',
    'childrenAllowances',
    'healthInsurance',
    'arrivalKilometers',
    'arrivalNumber',
  ])('requires %s', (field) => {
    const input = Object.fromEntries(Object.entries(buildSalaryInfo()).filter(([key]) => key !== field));
    expect(Object.keys(errorsOf(input))).toContain(field);
  });

  it('requires the spouse factor only in tax class 4, between 0 and 1', () => {
    expect(errorsOf(buildSalaryInfo({ taxClass: 4, spouseFactor: null }))).toEqual({ spouseFactor: 'required' });
    expect(errorsOf(buildSalaryInfo({ taxClass: 4, spouseFactor: 1.2 }))).toEqual({ spouseFactor: 'max 1' });
    expect(errorsOf(buildSalaryInfo({ taxClass: 4, spouseFactor: 0.954 }))).toEqual({});
    const parsed = SalaryInfoSchema.parse(buildSalaryInfo({ taxClass: 1, spouseFactor: 0.9 }));
    expect(parsed.spouseFactor).toBeNull();
  });

  it('requires the statutory rates or the private premiums by insurance type', () => {
    expect(errorsOf(buildSalaryInfo({ basicRateHealthInsurance: null }))).toEqual({
      basicRateHealthInsurance: 'required',
    });
    expect(errorsOf(buildSalaryInfo({ basicRateHealthInsurance: 25.5 }))).toEqual({
      basicRateHealthInsurance: 'max 25',
    });
    expect(errorsOf(buildSalaryInfo({ additionalAmountHealthInsurance: 4.6 }))).toEqual({
      additionalAmountHealthInsurance: 'max 4.5',
    });
    const privateErrors = errorsOf(buildSalaryInfo({ healthInsurance: 'PRIVATE' }));
    expect(privateErrors).toEqual({ beitragPkv: 'required', beitragPv: 'required' });
    expect(errorsOf(buildSalaryInfo({ healthInsurance: 'PRIVATE', beitragPkv: -1, beitragPv: 30 }))).toEqual({
      beitragPkv: 'min 0',
    });
  });

  it('keeps the Arbeitskammer switch only for Bremen and Saarland', () => {
    expect(SalaryInfoSchema.parse(buildSalaryInfo({ federalState: 'NW', akb: true })).akb).toBe(false);
    expect(SalaryInfoSchema.parse(buildSalaryInfo({ federalState: 'HB', akb: true })).akb).toBe(true);
  });

  it('applies the configured commuting-days bounds', () => {
    const schema = createSalaryInfoSchema({ arrivalNumberMin: 1, arrivalNumberMax: 20 });
    expect(errorsOf(buildSalaryInfo({ arrivalNumber: 21 }), schema)).toEqual({ arrivalNumber: 'max 20' });
    expect(errorsOf(buildSalaryInfo({ arrivalNumber: 0 }), schema)).toEqual({ arrivalNumber: 'min 1' });
  });

  it('checks salary conversions by type with the spec messages', () => {
    const errors = errorsOf(
      buildSalaryInfo({
        salaryConversions: [
          {},
          { conversationType: 'BIKE_LEASING_UNDER_25' },
          { conversationType: 'BIKE_LEASING_OVER_25', leasingRate: 50, monetaryBenefitPrivateUse: 10 },
          { conversationType: 'HARDWARE_LEASING' },
          { conversationType: 'COMPANY_PENSION_PLAN', salaryConversionAmount: 100 },
        ],
      }),
    );
    expect(errors).toEqual({
      'salaryConversions.0.conversationType': 'Type is required',
      'salaryConversions.1.leasingRate': 'Leasing rate is required',
      'salaryConversions.1.monetaryBenefitPrivateUse': 'required',
      'salaryConversions.2.monetaryBenefitCommuteToWork': 'required',
      'salaryConversions.3.salaryConversionAmount': 'This is required',
    });
  });

  it('refuses unknown fields (no mass assignment)', () => {
    expect(Object.keys(errorsOf(buildSalaryInfo({ role: 'PROVIDER_ADMIN' } as never)))).toEqual(['']);
  });
});

describe('addressDto rules (spec 5)', () => {
  const address = buildAddress();

  it('requires the address fields, title and employee id optional', () => {
    expect(UserInfoUpdateSchema.safeParse({ addressDto: address, salaryInfo: buildSalaryInfo() }).success).toBe(true);
    for (const field of [
      'firstName',
      'lastName',
      'street',
      'streetNumber',
      'place',
      'postcode',
      'state',
      'placeOfBirth',
    ]) {
      const result = UserInfoUpdateSchema.safeParse({
        addressDto: { ...address, [field]: '' },
        salaryInfo: buildSalaryInfo(),
      });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['addressDto', field]);
    }
  });
});
