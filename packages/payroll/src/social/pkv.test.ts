import { describe, expect, it } from 'vitest';
import { pkvZuschuss, pkvZuschussRateKv, pkvZuschussRatePv } from './pkv.js';
import { socialParametersFor } from './parameters.js';
import { cents } from '../payslip/money.js';
import { dateKey } from '../payslip/dates.js';

const P25 = socialParametersFor(dateKey('2025-03-01'));
const P26 = socialParametersFor(dateKey('2026-03-01'));
const ABOVE_BBG = cents(900_000);

describe('PKV/PPV employer subsidies (§ 257 Abs. 2 SGB V, § 61 Abs. 2 SGB XI)', () => {
  it('uses the employer rates of the year: 7.3 % + 1.45 % (2026), 1.8 %, Saxony 1.3 %', () => {
    expect([pkvZuschussRateKv(P26), pkvZuschussRateKv(P25)]).toEqual([87_500, 85_500]);
    expect([pkvZuschussRatePv(false, P26), pkvZuschussRatePv(true, P26)]).toEqual([18_000, 13_000]);
  });

  it('pays half the premium when it is below the statutory share (premium below the cap)', () => {
    expect(pkvZuschuss(cents(50_001), cents(9_001), false, ABOVE_BBG, P26)).toEqual({ kv: 25_000, pv: 4_500 });
    // Below the BBG too: 5,650 × 8.75 % = 494.38 > 400.00
    expect(pkvZuschuss(cents(80_000), cents(9_000), false, cents(565_000), P26)).toEqual({ kv: 40_000, pv: 4_500 });
  });

  it('caps at the share on the BBG for wages at or above it (2026: 508.59 / 104.63; Saxony PV 75.56)', () => {
    expect(pkvZuschuss(cents(120_000), cents(30_000), false, ABOVE_BBG, P26)).toEqual({ kv: 50_859, pv: 10_463 });
    expect(pkvZuschuss(cents(120_000), cents(30_000), true, ABOVE_BBG, P26)).toEqual({ kv: 50_859, pv: 7_556 });
    expect(pkvZuschuss(cents(120_000), cents(30_000), false, ABOVE_BBG, P25)).toEqual({ kv: 47_132, pv: 9_923 });
    expect(pkvZuschuss(cents(120_000), cents(30_000), false, P26.bbgKvPv, P26)).toEqual({ kv: 50_859, pv: 10_463 });
  });

  it('follows the wage below the BBG: 5,650 × 8.75 % = 494.375 → 494.38, × 1.8 % = 101.70', () => {
    expect(pkvZuschuss(cents(110_000), cents(23_000), false, cents(565_000), P26)).toEqual({ kv: 49_438, pv: 10_170 });
    // Saxony: 5,650 × 1.3 % = 73.45
    expect(pkvZuschuss(cents(110_000), cents(23_000), true, cents(565_000), P26)).toEqual({ kv: 49_438, pv: 7_345 });
    // 2025: 5,000 × 8.55 % = 427.50, × 1.8 % = 90.00
    expect(pkvZuschuss(cents(110_000), cents(23_000), false, cents(500_000), P25)).toEqual({ kv: 42_750, pv: 9_000 });
  });

  it('never exceeds half the premium nor the share on the base', () => {
    for (const base of [0, 60_301, 200_000, 433_333, 581_249, 581_250, 2_000_000]) {
      for (const premium of [0, 1, 10_001, 99_999, 250_000]) {
        const z = pkvZuschuss(cents(premium), cents(premium), false, cents(base), P26);
        expect(z.kv).toBeLessThanOrEqual(premium / 2);
        expect(z.pv).toBeLessThanOrEqual(premium / 2);
        expect(z.kv).toBeLessThanOrEqual(P26.pkvZuschussMaxKv);
        expect(z.pv).toBeLessThanOrEqual(P26.pkvZuschussMaxPv);
      }
    }
  });
});
