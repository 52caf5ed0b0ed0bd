import { describe, expect, it } from 'vitest';

import { addMonths, leaseEndsOn, licenceDue, settle, type KilometreRules } from './settlement.js';

/** The worked example of docs/pricing.md: VW ID.3 Pro S, 36 months, 10,000 km a year. */
const ID3: KilometreRules = {
  durationMonths: 36,
  kmPerYear: 10_000,
  costsMoreKilometers: 0.1071,
  reimbursementLessKilometers: 0.0643,
  excessMileageAllowance: 2_500,
  exemptionLimitLessKilometers: 2_500,
  capFewerKilometers: 7_500,
  capExtraKilometers: 15_000,
};

describe('settle: the kilometre rules of the worked example', () => {
  it('covers 30,000 contract km', () => {
    expect(settle(ID3, 30_000, [])).toEqual({
      contractKm: 30_000,
      drivenKm: 30_000,
      extraKm: 0,
      chargedExtraKm: 0,
      extraKmEur: 0,
      fewerKm: 0,
      refundedFewerKm: 0,
      fewerKmEur: 0,
      damagesEur: 0,
      totalEur: 0,
    });
  });

  it('charges nothing inside the tolerance, either way', () => {
    expect(settle(ID3, 32_500, [])).toMatchObject({ extraKm: 2_500, chargedExtraKm: 0, extraKmEur: 0, totalEur: 0 });
    expect(settle(ID3, 27_500, [])).toMatchObject({ fewerKm: 2_500, refundedFewerKm: 0, fewerKmEur: 0, totalEur: 0 });
  });

  it('charges the extra km beyond the tolerance at 0.1071 EUR', () => {
    // 36,000 driven: 6,000 extra, 3,500 beyond the tolerance × 0.1071 = 374.85
    expect(settle(ID3, 36_000, [])).toMatchObject({
      extraKm: 6_000,
      chargedExtraKm: 3_500,
      extraKmEur: 374.85,
      totalEur: 374.85,
    });
    // 32,501: one km beyond → 0.1071 rounds to 0.11
    expect(settle(ID3, 32_501, [])).toMatchObject({ chargedExtraKm: 1, extraKmEur: 0.11 });
  });

  it('refunds the fewer km beyond the tolerance at 0.0643 EUR (a negative total: the employee gets money back)', () => {
    // 24,000 driven: 6,000 fewer, 3,500 refunded × 0.0643 = 225.05
    expect(settle(ID3, 24_000, [])).toMatchObject({
      fewerKm: 6_000,
      refundedFewerKm: 3_500,
      fewerKmEur: 225.05,
      totalEur: -225.05,
    });
  });

  it('stops at the extra-km cap of 15,000 km', () => {
    // at the cap: 47,500 driven = 17,500 extra, 15,000 charged = 1,606.50
    expect(settle(ID3, 47_500, [])).toMatchObject({ chargedExtraKm: 15_000, extraKmEur: 1_606.5 });
    // beyond it the charge stays the same
    expect(settle(ID3, 60_000, [])).toMatchObject({ extraKm: 30_000, chargedExtraKm: 15_000, extraKmEur: 1_606.5 });
  });

  it('stops at the fewer-km cap of 7,500 km', () => {
    // 20,000 driven: 10,000 fewer, 7,500 beyond the tolerance = the cap: 482.25
    expect(settle(ID3, 20_000, [])).toMatchObject({ refundedFewerKm: 7_500, fewerKmEur: 482.25 });
    expect(settle(ID3, 0, [])).toMatchObject({ fewerKm: 30_000, refundedFewerKm: 7_500, fewerKmEur: 482.25 });
  });

  it('adds the damages to the cent, with no floating-point drift', () => {
    const result = settle(ID3, 36_000, [10, 20, 123_456]);
    expect(result.damagesEur).toBe(1_234.86);
    expect(result.totalEur).toBe(1_609.71);
    // 0.1 + 0.2 in floating point is not 0.3; in cents it is.
    expect(settle(ID3, 30_000, [10, 20]).totalEur).toBe(0.3);
  });

  it('computes the contract km from km per year × months / 12', () => {
    expect(settle({ ...ID3, durationMonths: 30, kmPerYear: 15_000 }, 0, []).contractKm).toBe(37_500);
  });

  it('refuses a negative or fractional reading', () => {
    expect(() => settle(ID3, -1, [])).toThrow(RangeError);
    expect(() => settle(ID3, 1.5, [])).toThrow(RangeError);
  });
});

describe('dates of the lease end and the licence checks', () => {
  it('adds months, clamped to the month end', () => {
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2026-01-15', 36)).toBe('2029-01-15');
  });

  it('ends a 36-month lease the day before the anniversary', () => {
    expect(leaseEndsOn('2026-03-01', 36)).toBe('2029-02-28');
  });

  it('is OK until 14 days before the due date, DUE until it, OVERDUE after', () => {
    expect(licenceDue('2026-01-10', 6, '2026-06-25')).toEqual({ dueOn: '2026-07-10', status: 'OK' });
    expect(licenceDue('2026-01-10', 6, '2026-06-26')).toEqual({ dueOn: '2026-07-10', status: 'DUE' });
    expect(licenceDue('2026-01-10', 6, '2026-07-10')).toEqual({ dueOn: '2026-07-10', status: 'DUE' });
    expect(licenceDue('2026-01-10', 6, '2026-07-11')).toEqual({ dueOn: '2026-07-10', status: 'OVERDUE' });
    expect(licenceDue('2026-01-10', 3, '2026-02-01').dueOn).toBe('2026-04-10');
  });
});
