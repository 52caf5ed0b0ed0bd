import { describe, expect, it } from 'vitest';
import { calculatePayslipComparison } from './compare.js';
import { cents } from './money.js';
import { dateKey } from './dates.js';
import { minimumWageMonth, payslipWarnings } from './warnings.js';
import { buildOffer, buildProfile } from './test-support/factories.js';
import type { PayslipBases } from './types.js';
import { socialParametersFor } from '../social/parameters.js';

const P25 = socialParametersFor(dateKey('2025-03-01'));
const P26 = socialParametersFor(dateKey('2026-03-01'));

const bases = (svWage: number, cash = 0, uebergangsbereich = false): PayslipBases => ({
  taxableWage: cents(svWage),
  svWage: cents(svWage),
  cashConversions: cents(cash),
  uebergangsbereich,
});
const PKV = { statutoryHealth: false, gross: cents(700_000) };
const GKV = { statutoryHealth: true, gross: cents(700_000) };
const codes = (list: readonly { code: string }[]) => list.map((w) => w.code);

describe('minimum wage of a full-time month', () => {
  it('is the hourly minimum wage × 40 hours × 13 / 3 (2026: 13.90 → 2,409.33; 2025: 12.82 → 2,222.13)', () => {
    expect(minimumWageMonth(P26)).toBe(240_933);
    expect(minimumWageMonth(P25)).toBe(222_213);
  });
});

describe('JAEG_UNDERRUN', () => {
  it('fires when a PKV member crosses the limit of 6,450 a month (77,400 a year) by the conversion', () => {
    const [w] = payslipWarnings(bases(645_000), bases(644_999, 60_000), PKV, P26);
    expect(w).toMatchObject({ code: 'JAEG_UNDERRUN', limit: 7_740_000, wage: 7_739_988, shortfall: 12 });
  });

  it('not at the limit, not when the wage was below it before, never for statutory members', () => {
    expect(payslipWarnings(bases(700_000), bases(645_000, 60_000), PKV, P26)).toEqual([]);
    expect(payslipWarnings(bases(600_000), bases(550_000, 60_000), PKV, P26)).toEqual([]);
    expect(payslipWarnings(bases(700_000), bases(550_000, 60_000), GKV, P26)).toEqual([]);
  });

  it('uses the limit of the payment year (2025: 73,800)', () => {
    const [w] = payslipWarnings(bases(615_000), bases(600_000, 60_000), PKV, P25);
    expect(w).toMatchObject({ limit: 7_380_000, wage: 7_200_000, shortfall: 180_000 });
  });
});

describe('MIDIJOB_RANGE and BELOW_MINIMUM_WAGE', () => {
  it('a statutory member taken into the Übergangsbereich and below a full-time minimum wage gets both', () => {
    // 2,600 − 800 + 75 = 1,875 SV wage; cash left 1,800 < 2,409.33
    const r = calculatePayslipComparison(
      buildProfile({ grossMonthlySalaryEur: 2600 }),
      buildOffer({ listPriceGrossCents: 3_000_000, monthlyGrossRateCents: 80_000 }),
      '2026-03-01',
    );
    expect(codes(r.warnings)).toEqual(['MIDIJOB_RANGE', 'BELOW_MINIMUM_WAGE']);
    expect(r.warnings[0]).toMatchObject({ period: 'MONTH', limit: 200_000, wage: 187_500, shortfall: 12_500 });
    expect(r.warnings[1]).toMatchObject({ period: 'MONTH', limit: 240_933, wage: 180_000, shortfall: 60_933 });
    expect(r.warnings[1]?.message).toContain('13,90 EUR je Stunde (2.409,33 EUR im Monat)');
    expect(r.warnings[0]?.message).toContain('1.875,00 EUR');
  });

  it('only the minimum wage when the SV wage stays above 2,000', () => {
    // 2,600 − 250 + 75 = 2,425; cash 2,350 → 59.33 short
    const r = calculatePayslipComparison(
      buildProfile({ grossMonthlySalaryEur: 2600 }),
      buildOffer({ listPriceGrossCents: 3_000_000, monthlyGrossRateCents: 25_000 }),
      '2026-03-01',
    );
    expect(r.warnings).toEqual([expect.objectContaining({ code: 'BELOW_MINIMUM_WAGE', shortfall: 5_933 })]);
  });

  it('only the Übergangsbereich for a part-time wage (already below a full-time minimum wage before)', () => {
    // 2,200 − 300 + 75 = 1,975
    const r = calculatePayslipComparison(
      buildProfile({ grossMonthlySalaryEur: 2200 }),
      buildOffer({ listPriceGrossCents: 3_000_000, monthlyGrossRateCents: 30_000 }),
      '2026-03-01',
    );
    expect(codes(r.warnings)).toEqual(['MIDIJOB_RANGE']);
  });

  it('nothing for a wage already in the Übergangsbereich before, or far above the limits', () => {
    expect(payslipWarnings(bases(190_000, 0, true), bases(150_000, 40_000, true), GKV, P26)).toEqual([]);
    expect(payslipWarnings(bases(500_000), bases(450_000, 50_000), GKV, P26)).toEqual([]);
  });
});
