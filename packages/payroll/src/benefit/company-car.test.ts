import { describe, expect, it } from 'vitest';
import { bemessungsgrundlage, companyCarBenefit, type CompanyCarInput } from './company-car.js';
import { COMPANY_CAR_RULES, findCompanyCarRule, type DriveType } from './rules.js';
import { cents } from '../payslip/money.js';
import { dateKey } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';

const eur = (value: number) => cents(Math.round(value * 100));

function car(overrides: Partial<CompanyCarInput> = {}): CompanyCarInput {
  return {
    listPrice: eur(44_000),
    driveType: 'BEV',
    acquired: dateKey('2026-03-01'),
    distanceKm: 0,
    commutingDays: 20,
    singleAssessment: false,
    ...overrides,
  };
}

const label = (driveType: DriveType, acquired: string, listPriceEur: number) =>
  findCompanyCarRule(driveType, dateKey(acquired), eur(listPriceEur))?.label ?? null;

describe('company-car rule table', () => {
  it('is a table: rows of one drive type are sorted and a capped row precedes its fallback', () => {
    for (const type of ['BEV', 'PHEV', 'ICE'] as const) {
      const rows = COMPANY_CAR_RULES.filter((r) => r.driveType === type);
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.acquiredFrom >= rows[i - 1]!.acquiredFrom).toBe(true);
    }
    for (const r of COMPANY_CAR_RULES) expect(r.source.length).toBeGreaterThan(10);
  });

  it('BEV: 60,000 EUR cap for acquisitions until 2023-12-31, 70,000 EUR from 2024-01-01', () => {
    expect(label('BEV', '2023-12-31', 60_000)).toBe('0,25 %');
    expect(label('BEV', '2023-12-31', 60_000.01)).toBe('0,5 %');
    expect(label('BEV', '2023-12-31', 65_000)).toBe('0,5 %');
    expect(label('BEV', '2024-01-01', 65_000)).toBe('0,25 %');
    expect(label('BEV', '2024-01-01', 70_000)).toBe('0,25 %');
    expect(label('BEV', '2024-01-01', 70_000.01)).toBe('0,5 %');
  });

  it('BEV: 100,000 EUR cap for acquisitions from 2025-07-01', () => {
    expect(label('BEV', '2025-06-30', 80_000)).toBe('0,5 %');
    expect(label('BEV', '2025-07-01', 80_000)).toBe('0,25 %');
    expect(label('BEV', '2025-07-01', 100_000)).toBe('0,25 %');
    expect(label('BEV', '2025-07-01', 100_000.01)).toBe('0,5 %');
  });

  it('tests the cap on the unrounded list price (70,060.02 EUR is above 70,000)', () => {
    expect(label('BEV', '2024-05-01', 70_060.02)).toBe('0,5 %');
  });

  it('ends the privileges for cars acquired from 2031', () => {
    expect(label('BEV', '2030-12-31', 50_000)).toBe('0,25 %');
    expect(label('BEV', '2031-01-01', 50_000)).toBe('1 %');
    expect(label('PHEV', '2030-12-31', 50_000)).toBe('0,5 %');
    expect(label('PHEV', '2031-01-01', 50_000)).toBe('1 %');
  });

  it('PHEV 0.5 % at any price, ICE 1 % at any date', () => {
    expect(label('PHEV', '2026-01-01', 150_000)).toBe('0,5 %');
    expect(label('ICE', '2026-01-01', 30_000)).toBe('1 %');
    expect(label('ICE', '2010-01-01', 30_000)).toBe('1 %');
  });

  it('finds no rule for electric cars acquired before 2019', () => {
    expect(label('BEV', '2018-12-31', 40_000)).toBeNull();
    expect(() => companyCarBenefit(car({ acquired: dateKey('2018-06-01') }))).toThrow(PayslipError);
  });
});

describe('benefit valuation', () => {
  it('rounds the quarter down to full 100 EUR after quartering', () => {
    const rule = findCompanyCarRule('BEV', dateKey('2026-03-01'), eur(45_050))!;
    // 45,050 / 4 = 11,262.50 → 11,200 (rounding first would give 45,000 / 4 = 11,250)
    expect(bemessungsgrundlage(eur(45_050), rule)).toBe(eur(11_200));
    // 59,999.99 / 4 = 14,999.9975 → 14,900
    expect(bemessungsgrundlage(eur(59_999.99), rule)).toBe(eur(14_900));
  });

  it('BEV quarter: private 1 % of the base, commuting 0.03 % per km', () => {
    const b = companyCarBenefit(car({ listPrice: eur(45_050), distanceKm: 17, commutingDays: 20 }));
    // base 11,200: private 112.00; commuting 11,200 × 0.03 % × 17 = 57.12
    expect([b.bemessungsgrundlage, b.privateUse, b.commuting]).toEqual([eur(11_200), eur(112), eur(57.12)]);
    expect(b.commutingMethod).toBe('PAUSCHAL_0_03');
  });

  it('BEV above the cap and PHEV: half the list price', () => {
    const bev = companyCarBenefit(car({ listPrice: eur(120_000), distanceKm: 10 }));
    // 60,000 → 600.00; commuting 60,000 × 0.03 % × 10 = 180.00
    expect([bev.privateUse, bev.commuting]).toEqual([eur(600), eur(180)]);
    const phev = companyCarBenefit(car({ driveType: 'PHEV', listPrice: eur(50_099) }));
    // 25,049.50 → 25,000 → 250.00
    expect(phev.privateUse).toBe(eur(250));
  });

  it('ICE: 1 % of the list price rounded down to 100 EUR', () => {
    const ice = companyCarBenefit(car({ driveType: 'ICE', listPrice: eur(39_999.99), distanceKm: 1 }));
    // 39,900 → 399.00; 39,900 × 0.03 % = 11.97
    expect([ice.privateUse, ice.commuting]).toEqual([eur(399), eur(11.97)]);
  });

  it('no commuting day in the month: no commuting benefit under either method (flat rate only with a trip)', () => {
    const none = companyCarBenefit(car({ listPrice: eur(44_800), distanceKm: 17, commutingDays: 0 }));
    expect([none.privateUse, none.commuting, none.commutingMethod]).toEqual([eur(112), 0, 'PAUSCHAL_0_03']);
    const single = companyCarBenefit(
      car({ listPrice: eur(44_800), distanceKm: 17, commutingDays: 0, singleAssessment: true }),
    );
    expect(single.commuting).toBe(0);
    // One trip is enough for the full monthly flat rate: 11,200 × 0.03 % × 17 = 57.12
    expect(companyCarBenefit(car({ listPrice: eur(44_800), distanceKm: 17, commutingDays: 1 })).commuting).toBe(
      eur(57.12),
    );
  });

  it('single assessment: 0.002 % per km and commuting day, rounded half up', () => {
    const b = companyCarBenefit(
      car({ listPrice: eur(44_800), distanceKm: 17, commutingDays: 8, singleAssessment: true }),
    );
    // base 11,200: 11,200 × 0.002 % = 0.224 EUR × 17 km × 8 days = 30.464 → 30.46
    expect(b.commuting).toBe(eur(30.46));
    expect(b.commutingMethod).toBe('EINZELBEWERTUNG_0_002');
    expect(b.commutingDaysValued).toBe(8);
  });

  it('single assessment caps the days at 180 a year = 15 a month', () => {
    const b = companyCarBenefit(
      car({ listPrice: eur(44_800), distanceKm: 10, commutingDays: 20, singleAssessment: true }),
    );
    // 0.224 × 10 × 15 = 33.60, the same as 0.03 % × 11,200 × 10 = 33.60
    expect(b.commuting).toBe(eur(33.6));
    expect(b.commutingDaysValued).toBe(15);
    expect(companyCarBenefit(car({ listPrice: eur(44_800), distanceKm: 10 })).commuting).toBe(eur(33.6));
  });

  it('single assessment rounds half up at the half cent', () => {
    // ICE for 100 EUR: base 100 EUR → 0.002 EUR = 0.2 cent per km and day
    const b = companyCarBenefit(
      car({ driveType: 'ICE', listPrice: eur(100), distanceKm: 5, commutingDays: 1, singleAssessment: true }),
    );
    // 100 × 0.002 % × 5 × 1 = 0.01 EUR exactly; with 3 km: 0.006 → 0.01; 2 km: 0.004 → 0.00
    expect(b.commuting).toBe(1);
    expect(
      companyCarBenefit(
        car({ driveType: 'ICE', listPrice: eur(100), distanceKm: 2, commutingDays: 1, singleAssessment: true }),
      ).commuting,
    ).toBe(0);
    expect(
      companyCarBenefit(
        car({ driveType: 'ICE', listPrice: eur(100), distanceKm: 3, commutingDays: 1, singleAssessment: true }),
      ).commuting,
    ).toBe(1);
  });
});
