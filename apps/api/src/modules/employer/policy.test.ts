import { DEFAULT_TENANT_POLICY, TenantPolicySchema, type TenantPolicy } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { affordabilityRefusal, subsidyCents, vehicleRefusal } from './policy.js';

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

  it('validates the policy: percent at most 100, no negative or sub-cent amounts, strict fields', () => {
    const bad = (p: unknown) => TenantPolicySchema.safeParse(p).success;
    expect(bad({ ...DEFAULT_TENANT_POLICY, employerSubsidy: { kind: 'PERCENT_OF_RATE', value: 101 } })).toBe(false);
    expect(bad({ ...DEFAULT_TENANT_POLICY, maxListPriceEur: -1 })).toBe(false);
    expect(bad({ ...DEFAULT_TENANT_POLICY, maxListPriceEur: 1.005 })).toBe(false);
    expect(bad({ ...DEFAULT_TENANT_POLICY, extra: 1 })).toBe(false);
    expect(bad(DEFAULT_TENANT_POLICY)).toBe(true);
  });
});
