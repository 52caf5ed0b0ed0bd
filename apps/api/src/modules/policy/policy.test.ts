import { DEFAULT_TENANT_POLICY, TenantPolicySchema, type TenantPolicy } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { affordabilityRefusal, policyRefusals, subsidyCents, vehicleRefusal } from './policy.js';

const policy = (overrides: Partial<TenantPolicy> = {}): TenantPolicy => ({ ...DEFAULT_TENANT_POLICY, ...overrides });

describe('programme policy rules', () => {
  it('computes the subsidy: fixed (at most the rate), percent (rounded to the cent), none', () => {
    expect(subsidyCents(policy({ employerSubsidy: { kind: 'FIXED_EUR', value: 50 } }), 45_000)).toBe(5_000);
    expect(subsidyCents(policy({ employerSubsidy: { kind: 'FIXED_EUR', value: 500 } }), 45_000)).toBe(45_000);
    expect(subsidyCents(policy({ employerSubsidy: { kind: 'PERCENT_OF_RATE', value: 10 } }), 45_005)).toBe(4_501);
    expect(subsidyCents(policy(), 45_000)).toBe(0);
  });

  it('refuses brands outside the list, list prices and rates above the caps, with German reasons', () => {
    const p = policy({ allowedBrands: ['Kia'], maxListPriceEur: 60_000, maxMonthlyGrossRateEur: 500 });
    expect(vehicleRefusal(p, { brand: 'kia', listPriceGrossCents: 6_000_000 }, 50_000)).toBeNull();
    expect(vehicleRefusal(p, { brand: 'BMW', listPriceGrossCents: 100 }, 100)).toContain('Marke BMW');
    expect(vehicleRefusal(p, { brand: 'Kia', listPriceGrossCents: 6_000_001 }, 100)).toContain('Listenpreis');
    expect(vehicleRefusal(p, { brand: 'Kia', listPriceGrossCents: 100 }, 50_001)).toContain('Bruttorate');
    expect(vehicleRefusal(policy(), { brand: 'BMW', listPriceGrossCents: 99_999_999 }, 99_999)).toBeNull();
  });

  it('checks the gross pay left after the conversion against the minimum (default 2,409.29 EUR)', () => {
    expect(affordabilityRefusal(policy(), 300_000, 59_071)).toBeNull();
    expect(affordabilityRefusal(policy(), 300_000, 59_072)).toContain('2.409,29');
  });

  it('lists every refusal machine-readably, in the order of the rules, with the amounts in EUR', () => {
    const p = policy({ allowedBrands: ['Kia'], maxListPriceEur: 60_000, maxMonthlyGrossRateEur: 500 });
    const kia = { brand: 'Kia', listPriceGrossCents: 5_000_000 };
    expect(policyRefusals(p, kia, 50_000, { grossSalaryCents: 300_000, conversionCents: 59_071 })).toEqual([]);
    // 3,000.00 − 690.00 = 2,310.00 EUR left, 99.29 EUR short of the default minimum.
    expect(policyRefusals(p, kia, 50_001, { grossSalaryCents: 300_000, conversionCents: 69_000 })).toEqual([
      {
        code: 'ABOVE_RATE_CAP',
        maxMonthlyGrossRateEur: 500,
        grossRateEur: 500.01,
        message: expect.stringContaining('500,00') as unknown,
      },
      {
        code: 'BELOW_MINIMUM_GROSS',
        minimumGrossEur: 2409.29,
        grossAfterEur: 2310,
        shortfallEur: 99.29,
        message: affordabilityRefusal(p, 300_000, 69_000),
      },
    ]);
    expect(policyRefusals(p, { brand: 'BMW', listPriceGrossCents: 6_000_001 }, null, null).map((r) => r.code)).toEqual([
      'BRAND_NOT_OFFERED',
      'ABOVE_LIST_PRICE_CAP',
    ]);
    // The German sentences are the ones the order refusal carries.
    expect(policyRefusals(p, kia, 50_001, null)[0]?.message).toBe(vehicleRefusal(p, kia, 50_001));
  });

  it('validates the policy: percent at most 100, no negative or sub-cent amounts, strict fields', () => {
    const bad = (p: unknown) => TenantPolicySchema.safeParse(p).success;
    expect(bad({ ...DEFAULT_TENANT_POLICY, employerSubsidy: { kind: 'PERCENT_OF_RATE', value: 101 } })).toBe(false);
    expect(bad({ ...DEFAULT_TENANT_POLICY, maxListPriceEur: -1 })).toBe(false);
    expect(bad({ ...DEFAULT_TENANT_POLICY, maxListPriceEur: 1.005 })).toBe(false);
    expect(bad({ ...DEFAULT_TENANT_POLICY, extra: 1 })).toBe(false);
    expect(bad(DEFAULT_TENANT_POLICY)).toBe(true);
  });
});
