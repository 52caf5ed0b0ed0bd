import { describe, expect, it } from 'vitest';
import { svContributions, type SvPerson } from './contributions.js';
import { socialParametersFor } from './parameters.js';
import { uebergangsbereichBases } from './uebergangsbereich.js';
import { childReductions, childlessSurchargeApplies, svPerson } from './person.js';
import { arbeitskammerBeitrag } from './arbeitskammer.js';
import { cents, ppm } from '../payslip/money.js';
import { dateKey, parseIsoDate } from '../payslip/dates.js';
import { normalizeProfile } from '../payslip/profile.js';
import { PayslipError } from '../payslip/errors.js';
import { buildProfile } from '../payslip/test-support/factories.js';

const P25 = socialParametersFor(dateKey('2025-03-01'));
const P26 = socialParametersFor(dateKey('2026-03-01'));

/** GKV 14.6 % + Zusatz 2.9 %, childless with surcharge, RV and AV. */
const CHILDLESS: SvPerson = {
  statutoryHealth: true,
  kvArbeitnehmer: ppm(73_000),
  kvZusatzArbeitnehmer: ppm(14_500),
  pvArbeitnehmer: ppm(18_000),
  pvZuschlag: ppm(6_000),
  rv: true,
  av: true,
};

describe('SV contributions at and above the ceilings', () => {
  it('computes each branch on a wage below both ceilings (2026, 4,000 EUR)', () => {
    const sv = svContributions(cents(400_000), CHILDLESS, P26);
    // KV 4,000 × 7.3 % = 292.00 + 4,000 × 1.45 % = 58.00 → 350.00
    expect(sv.krankenversicherung).toBe(35_000);
    // PV 4,000 × (1.8 + 0.6) % = 96.00
    expect(sv.pflegeversicherung).toBe(9_600);
    // RV 4,000 × 9.3 % = 372.00; AV 4,000 × 1.3 % = 52.00
    expect(sv.rentenversicherung).toBe(37_200);
    expect(sv.arbeitslosenversicherung).toBe(5_200);
  });

  it('caps KV/PV at the BBG KV exactly at the ceiling and above', () => {
    const at = svContributions(cents(581_250), CHILDLESS, P26);
    const above = svContributions(cents(700_000), CHILDLESS, P26);
    // 5,812.50 × 7.3 % = 424.3125 → 424.31; × 1.45 % = 84.28125 → 84.28; sum 508.59
    expect(at.krankenversicherung).toBe(50_859);
    expect(above.krankenversicherung).toBe(50_859);
    // 5,812.50 × 2.4 % = 139.50
    expect(above.pflegeversicherung).toBe(13_950);
    // RV not yet capped at 7,000: 7,000 × 9.3 % = 651.00
    expect(above.rentenversicherung).toBe(65_100);
  });

  it('caps RV/AV at the BBG RV (2026: 8,450; 2025: 8,050)', () => {
    const y26 = svContributions(cents(1_000_000), CHILDLESS, P26);
    // 8,450 × 9.3 % = 785.85; × 1.3 % = 109.85
    expect([y26.rentenversicherung, y26.arbeitslosenversicherung]).toEqual([78_585, 10_985]);
    const y25 = svContributions(cents(1_000_000), CHILDLESS, P25);
    // 8,050 × 9.3 % = 748.65; × 1.3 % = 104.65
    expect([y25.rentenversicherung, y25.arbeitslosenversicherung]).toEqual([74_865, 10_465]);
  });

  it('rounds each share half up (BVV § 1 Abs. 2)', () => {
    // 3,333.33 × 7.3 % = 243.333 → 243.33; × 1.45 % = 48.333 → 48.33; PV × 2.4 % = 79.99992 → 80.00
    const sv = svContributions(cents(333_333), CHILDLESS, P26);
    expect(sv.krankenversicherung).toBe(24_333 + 4_833);
    expect(sv.pflegeversicherung).toBe(8_000);
  });

  it('leaves out branches the employee is not insured in', () => {
    const sv = svContributions(cents(400_000), { ...CHILDLESS, rv: false, av: false, statutoryHealth: false }, P26);
    expect([sv.krankenversicherung, sv.pflegeversicherung, sv.rentenversicherung, sv.arbeitslosenversicherung]).toEqual(
      [0, 0, 0, 0],
    );
  });
});

describe('PV: Saxony, childless surcharge, child reductions', () => {
  const payment = parseIsoDate('2026-03-01', 'date');
  const person = (overrides: Parameters<typeof buildProfile>[0]) =>
    svPerson(normalizeProfile(buildProfile(overrides)), payment, P26);

  it('uses 2.3 % for the employee in Saxony', () => {
    const sv = svContributions(cents(400_000), person({ federalState: 'SN', children: true, childrenUnder25: 1 }), P26);
    // 4,000 × 2.3 % = 92.00 (elsewhere 1.8 % = 72.00)
    expect(sv.pflegeversicherung).toBe(9_200);
    const nw = svContributions(cents(400_000), person({ children: true, childrenUnder25: 1 }), P26);
    expect(nw.pflegeversicherung).toBe(7_200);
  });

  it('adds 0.6 % for the childless, also in Saxony', () => {
    const sv = svContributions(cents(400_000), person({ federalState: 'SN' }), P26);
    // 4,000 × (2.3 + 0.6) % = 116.00
    expect(sv.pflegeversicherung).toBe(11_600);
  });

  it('reduces 0.25 % per child from the 2nd to the 5th child under 25', () => {
    const rates = [1, 2, 3, 4, 5, 6].map((n) => person({ children: true, childrenUnder25: n }).pvArbeitnehmer);
    expect(rates).toEqual([18_000, 15_500, 13_000, 10_500, 8_000, 8_000]);
    // 3 children: 4,000 × 1.3 % = 52.00
    expect(
      svContributions(cents(400_000), person({ children: true, childrenUnder25: 3 }), P26).pflegeversicherung,
    ).toBe(5_200);
    // Saxony, 2 children: 2.3 − 0.25 = 2.05 %: 4,000 × 2.05 % = 82.00
    expect(
      svContributions(cents(400_000), person({ federalState: 'SN', children: true, childrenUnder25: 2 }), P26)
        .pflegeversicherung,
    ).toBe(8_200);
  });

  it('treats children over 25 as parent status without reductions', () => {
    const p = normalizeProfile(buildProfile({ children: true, childrenUnder25: 0 }));
    expect(childReductions(p, P26)).toBe(0);
    expect(childlessSurchargeApplies(p, payment, P26)).toBe(false);
  });

  it('starts the surcharge the month after the 23rd year of life is completed', () => {
    const at = (birth: string, pay: string) =>
      childlessSurchargeApplies(
        normalizeProfile(buildProfile({ dateOfBirth: birth })),
        parseIsoDate(pay, 'date'),
        socialParametersFor(dateKey(pay)),
      );
    // Born 2.6.2002: completes the 23rd year on 1.6.2025 → surcharge from July 2025.
    expect(at('2002-06-02', '2025-06-01')).toBe(false);
    expect(at('2002-06-02', '2025-07-01')).toBe(true);
    // Born 1.6.2002: completes it on 31.5.2025 → surcharge from June 2025.
    expect(at('2002-06-01', '2025-05-01')).toBe(false);
    expect(at('2002-06-01', '2025-06-01')).toBe(true);
    // Born 31.12.2002 → completes on 30.12.2025 → from January 2026.
    expect(at('2002-12-31', '2025-12-01')).toBe(false);
    expect(at('2002-12-31', '2026-01-01')).toBe(true);
  });
});

describe('Übergangsbereich (Midijob, § 20 Abs. 2a SGB IV)', () => {
  it('matches the hand-checked 2025 example for AE = 1,000 EUR', () => {
    // Total base: 1.127718283 × 1,000 − 255.4365651 = 872.2817 → 872.28 (treuhand.de formula 2025)
    // Employee base: 2,000/1,444 × 444 = 1.385041551 × 1,000 − 770.0831025 = 614.9584 → 614.96
    expect(uebergangsbereichBases(cents(100_000), P25)).toEqual({ gesamt: 87_228, arbeitnehmer: 61_496 });
    const sv = svContributions(cents(100_000), CHILDLESS, P25);
    // KV 614.96 × 7.3 % = 44.892 → 44.89; Zusatz 614.96 × 1.45 % = 8.917 → 8.92
    expect(sv.krankenversicherung).toBe(4_489 + 892);
    // PV 614.96 × 1.8 % = 11.069 → 11.07; surcharge on the total base: 872.28 × 0.6 % = 5.234 → 5.23
    expect(sv.pflegeversicherung).toBe(1_107 + 523);
    // RV 614.96 × 9.3 % = 57.191 → 57.19; AV 614.96 × 1.3 % = 7.994 → 7.99
    expect(sv.rentenversicherung).toBe(5_719);
    expect(sv.arbeitslosenversicherung).toBe(799);
    expect(sv.uebergangsbereich).toBe(true);
  });

  it('applies the PV child reductions to the employee base (Satz 6), not to the total base', () => {
    // 2026, AE 1,500: employee base 1,284.18, total base 1,427.03; five children under 25 = 4 reductions
    const parent: SvPerson = { ...CHILDLESS, pvArbeitnehmer: ppm(18_000 - 4 * 2_500), pvZuschlag: ppm(0) };
    // (1.8 % − 1.0 %) × 1,284.18 = 10.27344 → 10.27. On the total base the reduction would be
    // 1.0 % × 1,427.03 = 14.27 instead of 12.84, i.e. 1.43 EUR less PV (up to 3.99 EUR at the band's lower end).
    expect(svContributions(cents(150_000), parent, P26).pflegeversicherung).toBe(1_027);
  });

  it('matches the 2026 simplified formulas (haufe.de)', () => {
    // 1.145937223 × 1,500 − 291.8744452 = 1,427.0314 → 1,427.03
    // 1.431639227 × 1,500 − 863.2784538 = 1,284.1804 → 1,284.18
    expect(uebergangsbereichBases(cents(150_000), P26)).toEqual({ gesamt: 142_703, arbeitnehmer: 128_418 });
  });

  it('ends at 2,000 EUR: the employee base equals the wage there', () => {
    expect(uebergangsbereichBases(cents(200_000), P26)).toEqual({ gesamt: 200_000, arbeitnehmer: 200_000 });
    expect(uebergangsbereichBases(cents(200_001), P26)).toBeNull();
  });

  it('starts just above the Geringfügigkeitsgrenze', () => {
    // 2026: AE 603.01 → employee base 2,000/1,397 × 0.01 = 0.0143 → 0.01; total base = F × G + ... ≈ 399.13
    const bases = uebergangsbereichBases(cents(60_301), P26);
    expect(bases?.arbeitnehmer).toBe(1);
    // 0.6619 × 603 = 399.1257; + (1.431639227 − 0.431639227 × 0.6619) × 0.01 = 0.01146 → 399.137 → 399.14
    expect(bases?.gesamt).toBe(39_914);
  });
});

describe('Minijob wages are refused', () => {
  it('refuses wages up to the Geringfügigkeitsgrenze with a German message', () => {
    expect(() => svContributions(cents(55_600), CHILDLESS, P25)).toThrow(PayslipError);
    expect(() => svContributions(cents(55_600), CHILDLESS, P25)).toThrow(/Geringfügigkeitsgrenze von 556,00 EUR/);
    expect(() => svContributions(cents(60_300), CHILDLESS, P26)).toThrow(/603,00 EUR/);
    expect(() => svContributions(cents(55_601), CHILDLESS, P25)).not.toThrow();
    expect(() => svContributions(cents(55_601), CHILDLESS, P26)).toThrow(PayslipError);
  });

  it('gives the typed code', () => {
    try {
      svContributions(cents(10_000), CHILDLESS, P26);
      expect.unreachable();
    } catch (error) {
      expect((error as PayslipError).code).toBe('MINIJOB_NOT_SUPPORTED');
    }
  });
});

describe('Arbeitskammer', () => {
  it('Bremen: rate of the taxable wage, no cap, fractions dropped', () => {
    // 2025: 5,000 × 0.12 % = 6.00; 2026: 12,345.67 × 0.11 % = 13.580237 → 13.58
    expect(arbeitskammerBeitrag('HB', cents(500_000), cents(500_000), P25)).toBe(600);
    expect(arbeitskammerBeitrag('HB', cents(1_234_567), cents(845_000), P26)).toBe(1_358);
    expect(arbeitskammerBeitrag('HB', cents(55_600), cents(55_600), P25)).toBe(0);
  });

  it('Saarland: 0.15 % of the SV wage up to the BBG RV', () => {
    // 4,321.99 × 0.15 % = 6.482985 → 6.48
    expect(arbeitskammerBeitrag('SL', cents(432_199), cents(432_199), P26)).toBe(648);
    // 8,050 × 0.15 % = 12.075 → 12.07; 8,450 × 0.15 % = 12.675 → 12.67
    expect(arbeitskammerBeitrag('SL', cents(900_000), cents(900_000), P25)).toBe(1_207);
    expect(arbeitskammerBeitrag('SL', cents(900_000), cents(900_000), P26)).toBe(1_267);
  });
});
