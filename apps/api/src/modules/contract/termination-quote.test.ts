import { describe, expect, it } from 'vitest';

import { terminationFigures, type QuoteInput } from './termination-quote.js';

const input = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({
  handoverDate: '2026-03-12',
  durationMonths: 36,
  monthlyGrossRateCents: 45_067,
  privateRateCents: 54_321,
  rateInsuranceIncluded: true,
  date: '2028-09-15',
  reason: 'LEAVING',
  ...overrides,
});

describe('the early-termination fee', () => {
  it('charges 25 % of the remaining rates when that is below six rates (worked example of docs/pricing.md)', () => {
    // Term ends 2029-03-11; months after 2028-09: Oct 2028 … Mar 2029 = 6.
    // 6 × 450.67 = 2,704.02 EUR; 25 % = 676.005 → 676.01 EUR (half up).
    expect(terminationFigures(input())).toEqual({
      termEnd: '2029-03-11',
      remainingMonths: 6,
      remainingRatesCents: 270_402,
      feeCents: 67_601,
    });
  });

  it('caps the fee at six gross monthly rates', () => {
    // Left on 2026-04-30: May 2026 … Mar 2029 = 35 months; 25 % of 15,773.45 = 3,943.36 > 6 × 450.67.
    const figures = terminationFigures(input({ date: '2026-04-30' }));
    expect(figures.remainingMonths).toBe(35);
    expect(figures.remainingRatesCents).toBe(1_577_345);
    expect(figures.feeCents).toBe(270_402);
  });

  it('costs nothing at or after the last month of the term', () => {
    expect(terminationFigures(input({ date: '2029-03-01' }))).toMatchObject({ remainingMonths: 0, feeCents: 0 });
    expect(terminationFigures(input({ date: '2030-01-01' }))).toMatchObject({ remainingMonths: 0, feeCents: 0 });
  });

  it('waives the fee on death only where the package includes the rate insurance', () => {
    expect(terminationFigures(input({ reason: 'DEATH' })).feeCents).toBe(0);
    expect(terminationFigures(input({ reason: 'DEATH', rateInsuranceIncluded: false })).feeCents).toBe(67_601);
    expect(terminationFigures(input({ reason: 'EARLY_RETURN' })).feeCents).toBe(67_601);
  });
});
