import { describe, expect, it } from 'vitest';
import { socialParameterRegistry, socialParametersFor } from './parameters.js';
import { RENTENWERT_TABLE, rentenwertFor } from './rentenwert.js';
import { dateKey } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';

/** The day after an ISO date, by UTC calendar arithmetic (test helper only). */
function nextDay(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('social parameter registry', () => {
  const sets = socialParameterRegistry();

  it('covers 2025-01-01 to 2026-12-31 without gaps or overlaps', () => {
    expect(sets[0]?.validFrom).toBe('2025-01-01');
    expect(sets.at(-1)?.validTo).toBe('2026-12-31');
    for (let i = 1; i < sets.length; i++) {
      expect(sets[i]!.validFrom).toBe(nextDay(sets[i - 1]!.validTo));
    }
    for (const set of sets) expect(set.fromKey).toBeLessThanOrEqual(set.toKey);
  });

  it('finds exactly one set for every day of 2025 and 2026', () => {
    let day = '2025-01-01';
    while (day <= '2026-12-31') {
      const key = dateKey(day);
      expect(sets.filter((s) => s.fromKey <= key && key <= s.toKey)).toHaveLength(1);
      day = nextDay(day);
    }
  });

  it('picks the set by payment date at the year boundary', () => {
    expect(socialParametersFor(dateKey('2025-12-31')).bbgKvPv).toBe(551_250);
    expect(socialParametersFor(dateKey('2026-01-01')).bbgKvPv).toBe(581_250);
  });

  it('refuses dates without parameters with a German message', () => {
    expect(() => socialParametersFor(dateKey('2024-12-31'))).toThrow(PayslipError);
    expect(() => socialParametersFor(dateKey('2027-01-01'))).toThrow(
      /2027-01-01 sind die Sozialversicherungswerte und der Lohnsteuer-Programmablaufplan des BMF noch nicht hinterlegt/,
    );
  });

  it('holds the ceilings of the Rechengrößenverordnungen', () => {
    const y25 = socialParametersFor(dateKey('2025-06-01'));
    const y26 = socialParametersFor(dateKey('2026-06-01'));
    // 66,150 / 12 = 5,512.50; 96,600 / 12 = 8,050; 69,750 / 12 = 5,812.50; 101,400 / 12 = 8,450
    expect([y25.bbgKvPv, y25.bbgRvAv, y26.bbgKvPv, y26.bbgRvAv]).toEqual([551_250, 805_000, 581_250, 845_000]);
    expect([y25.geringfuegigkeitsgrenze, y26.geringfuegigkeitsgrenze]).toEqual([55_600, 60_300]);
    expect([y25.faktorF, y26.faktorF]).toEqual([6683, 6619]);
    // Jahresarbeitsentgeltgrenze § 6 Abs. 6 SGB V: 73,800 / 12 = 6,150 (2025); 77,400 / 12 = 6,450 (2026)
    expect([y25.versicherungspflichtgrenze, y26.versicherungspflichtgrenze]).toEqual([615_000, 645_000]);
    // Mindestlohn per hour: 12.82 (2025), 13.90 (2026)
    expect([y25.mindestlohnProStunde, y26.mindestlohnProStunde]).toEqual([1_282, 1_390]);
  });

  it('derives the PKV subsidy caps as published', () => {
    const y25 = socialParametersFor(dateKey('2025-06-01'));
    const y26 = socialParametersFor(dateKey('2026-06-01'));
    // 5,512.50 × (7.3 % + 1.25 %) = 471.31875 → 471.32; 5,812.50 × (7.3 % + 1.45 %) = 508.59375 → 508.59
    expect([y25.pkvZuschussMaxKv, y26.pkvZuschussMaxKv]).toEqual([47_132, 50_859]);
    // 5,512.50 × 1.8 % = 99.225 → 99.23, × 1.3 % = 71.6625 → 71.66; 2026: 104.625 → 104.63, 75.5625 → 75.56
    expect([y25.pkvZuschussMaxPv, y25.pkvZuschussMaxPvSachsen]).toEqual([9_923, 7_166]);
    expect([y26.pkvZuschussMaxPv, y26.pkvZuschussMaxPvSachsen]).toEqual([10_463, 7_556]);
  });

  it('derives the bAV limits from 8 % / 4 % of the BBG RV', () => {
    const y25 = socialParametersFor(dateKey('2025-06-01'));
    const y26 = socialParametersFor(dateKey('2026-06-01'));
    // 8,050 × 8 % = 644, × 4 % = 322; 8,450 × 8 % = 676, × 4 % = 338
    expect([y25.bavSteuerfreiMonat, y25.bavSvFreiMonat, y26.bavSteuerfreiMonat, y26.bavSvFreiMonat]).toEqual([
      64_400, 32_200, 67_600, 33_800,
    ]);
  });
});

describe('Rentenwert table', () => {
  it('is gap-free and switches on 1 July', () => {
    for (let i = 1; i < RENTENWERT_TABLE.length; i++) {
      expect(RENTENWERT_TABLE[i]!.validFrom).toBe(nextDay(RENTENWERT_TABLE[i - 1]!.validTo));
    }
    expect(rentenwertFor(dateKey('2025-06-30')).rentenwert).toBe(3_932);
    expect(rentenwertFor(dateKey('2025-07-01')).rentenwert).toBe(4_079);
    expect(rentenwertFor(dateKey('2026-12-01')).carriedForward).toBe(true);
  });

  it('covers every payment month of the SV registry', () => {
    for (const set of socialParameterRegistry()) {
      expect(() => rentenwertFor(set.fromKey)).not.toThrow();
      expect(() => rentenwertFor(set.toKey)).not.toThrow();
    }
  });
});
