import { describe, expect, it } from 'vitest';

import { UserInfoResponseSchema, defaultUserInfoConfig } from '@leasing/contract';
import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';

import { germanToIso, isoToGerman, steppedValue } from './components/fields';
import { toFormValues, withoutHiddenFields, type ProfileFormValues } from './profile-form';
import { createProfileResolver } from './profile-resolver';

const response = (salary: Record<string, unknown> | null) =>
  UserInfoResponseSchema.parse({
    addressDto: { ...buildAddress(), email: 'max@example.com' },
    salaryInfo: salary,
    profileComplete: salary !== null,
  });

const resolverOptions = { fields: {}, shouldUseNativeValidation: false } as const;

describe('profile form values', () => {
  it('converts dates between the German display and the contract', () => {
    expect(isoToGerman('1986-04-12')).toBe('12.04.1986');
    expect(germanToIso('1.4.1986')).toBe('1986-04-01');
    expect(germanToIso(' 12.04.1986 ')).toBe('1986-04-12');
    expect(germanToIso('12.04.')).toBe('12.04.');
  });

  it('drops the values of hidden fields before validation', () => {
    const values = toFormValues(
      response(
        buildSalaryInfo({
          taxClass: 1,
          spouseFactor: null,
          healthInsurance: 'STATUTORY',
          salaryConversions: [
            {
              id: 'c1',
              conversationType: 'HARDWARE_LEASING',
              leasingRate: null,
              monetaryBenefitPrivateUse: null,
              monetaryBenefitCommuteToWork: null,
              salaryConversionAmount: 30,
            },
          ],
        }),
      ),
      defaultUserInfoConfig,
    );
    const edited: ProfileFormValues = {
      ...values,
      salaryInfo: {
        ...values.salaryInfo,
        spouseFactor: 7,
        akb: true,
        beitragPkv: 400,
        salaryConversions: [{ ...values.salaryInfo.salaryConversions![0]!, leasingRate: 99 }],
      },
    };
    const visible = withoutHiddenFields(edited).salaryInfo;
    expect(visible.spouseFactor).toBeNull();
    expect(visible.akb).toBe(false);
    expect(visible.beitragPkv).toBeNull();
    expect(visible.basicRateHealthInsurance).toBe(14.6);
    expect(visible.salaryConversions?.[0]).toMatchObject({ leasingRate: null, salaryConversionAmount: 30 });
  });

  it('validates with the contract schema and the configured bounds', async () => {
    const resolve = createProfileResolver({ arrivalNumberMin: 2, arrivalNumberMax: 20 });
    const values = toFormValues(response(buildSalaryInfo({ arrivalNumber: 15 })), defaultUserInfoConfig);
    const ok = await resolve(values, undefined, resolverOptions);
    expect(ok.errors).toEqual({});

    const tooMany = { ...values, salaryInfo: { ...values.salaryInfo, arrivalNumber: 25 } };
    const refused = await resolve(tooMany, undefined, resolverOptions);
    expect(refused.errors.salaryInfo?.arrivalNumber?.message).toBe('max 20');
  });

  it('reports an empty select or date as required rather than invalid', async () => {
    const resolve = createProfileResolver(defaultUserInfoConfig);
    const values = toFormValues(response(null), defaultUserInfoConfig);
    const result = await resolve(
      { ...values, addressDto: { ...values.addressDto, state: '' } },
      undefined,
      resolverOptions,
    );
    expect(result.errors.addressDto?.state?.message).toBe('required');
    expect(result.errors.salaryInfo?.dateOfBirth?.message).toBe('required');
    expect(result.errors.salaryInfo?.grossMonthlySalaryEur?.message).toBe('required');
  });

  it('starts an empty profile with the defaults and the state of the address', () => {
    const values = toFormValues(response(null), { arrivalNumberMin: 4, arrivalNumberMax: 20 });
    expect(values.salaryInfo).toMatchObject({
      federalState: 'NW',
      healthInsurance: 'STATUTORY',
      basicRateHealthInsurance: 14.6,
      additionalAmountHealthInsurance: 2.9,
      arrivalNumber: 4,
      taxClass: 1,
      salaryConversions: [],
    });
  });
});

describe('arrow key steps of a number field', () => {
  it('steps from the value, starts an empty field at its minimum, and keeps to the bounds and decimals', () => {
    expect(steppedValue(14.6, 1, { step: 0.1, decimalScale: 2 })).toBe(14.7);
    expect(steppedValue(3, -1, { decimalScale: 0 })).toBe(2);
    expect(steppedValue(null, 1, { min: 2, decimalScale: 0 })).toBe(2);
    expect(steppedValue(null, -1, { decimalScale: 0 })).toBe(0);
    expect(steppedValue(31, 1, { max: 31, decimalScale: 0 })).toBe(31);
    expect(steppedValue(0, -1, { decimalScale: 2 })).toBe(0);
  });
});
