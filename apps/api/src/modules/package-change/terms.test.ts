import { describe, expect, it } from 'vitest';

import { kilometreTermsAfter, rateInMonth, type ApprovedPackageChange, type StoredPackage } from './terms.js';

const base = {
  durationMonths: 36,
  kmPerYear: 10_000,
  costsMoreKilometers: 0.1,
  reimbursementLessKilometers: 0.05,
  excessMileageAllowance: 2_500,
  exemptionLimitLessKilometers: 2_500,
  capFewerKilometers: 10_000,
  capExtraKilometers: 30_000,
};
const pkg = (kmPerYear: number, monthlyGrossRateCents: number): StoredPackage => ({
  ...base,
  leasePackageId: `p-${kmPerYear}`,
  kmPerYear,
  monthlyGrossRateCents,
  costsMoreKilometers: 0.08,
});
const change = (effectiveMonth: string, to: StoredPackage): ApprovedPackageChange => ({ effectiveMonth, to });

describe('the kilometre terms after a package change', () => {
  it('counts the months before at the old package and from the change at the new one', () => {
    // Handed over in March 2026: March to August (6 months) at 10,000, the other 30 at 20,000.
    const terms = kilometreTermsAfter(base, '2026-03-12', [change('2026-09', pkg(20_000, 59_900))]);
    expect(terms.contractKm).toBe(Math.round((10_000 * 6 + 20_000 * 30) / 12));
    expect(terms.kmPerYear).toBe(20_000);
    expect(terms.costsMoreKilometers).toBe(0.08);
    expect(terms.durationMonths).toBe(36);
  });

  it('chains two changes and ignores one that starts after the term', () => {
    const terms = kilometreTermsAfter(base, '2026-01-01', [
      change('2027-01', pkg(25_000, 64_900)),
      change('2026-07', pkg(15_000, 54_900)),
      change('2029-02', pkg(30_000, 69_900)),
    ]);
    expect(terms.contractKm).toBe(Math.round((10_000 * 6 + 15_000 * 6 + 25_000 * 24) / 12));
    expect(terms.kmPerYear).toBe(25_000);
  });

  it('leaves the terms as ordered without a change', () => {
    expect(kilometreTermsAfter(base, '2026-01-01', [])).toEqual({ ...base, contractKm: 30_000 });
  });

  it('gives the rate in force per month', () => {
    const changes = [change('2026-09', pkg(20_000, 59_900))];
    expect(rateInMonth(49_900, changes, '2026-08')).toBe(49_900);
    expect(rateInMonth(49_900, changes, '2026-09')).toBe(59_900);
    expect(rateInMonth(49_900, [], '2030-01')).toBe(49_900);
  });
});
