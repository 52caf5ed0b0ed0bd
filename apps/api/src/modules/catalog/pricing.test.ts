import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import {
  KM_PER_YEAR_OPTIONS,
  LEASE_DURATIONS,
  TIRE_PACKAGES,
  annuityInAdvance,
  priceLeasePackage,
  residualValueRate,
  segmentFor,
  type LeasePackageInput,
  type VehicleSegment,
} from './pricing.js';

interface DemoVehicle {
  brand: string;
  model: string;
  trimLevel: string;
  listPriceGrossEur: number;
  powerKw: number;
  batteryKwh: number;
}

/** Splits one CSV line; quoted fields may contain commas and doubled quotes. */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      fields.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  fields.push(field);
  return fields;
}

function readDemoVehicles(): DemoVehicle[] {
  const csv = readFileSync(new URL('../../../demo-data/vehicles-demo.csv', import.meta.url), 'utf8');
  const [header, ...rows] = csv.split(/\r?\n/).filter((line) => line.trim() !== '');
  const columns = splitCsvLine(header!);
  return rows.map((row) => {
    const values = splitCsvLine(row);
    const get = (name: string) => values[columns.indexOf(name)]!;
    return {
      brand: get('brand'),
      model: get('model'),
      trimLevel: get('trimLevel'),
      listPriceGrossEur: Number(get('listPriceGrossEur')),
      powerKw: Number(get('powerKw')),
      batteryKwh: Number(get('batteryKwh')),
    };
  });
}

const vehicles = readDemoVehicles();
const find = (model: string) => vehicles.find((v) => v.model === model)!;

function inputFor(vehicle: DemoVehicle, overrides: Partial<LeasePackageInput> = {}): LeasePackageInput {
  return {
    listPriceGrossCents: Math.round(vehicle.listPriceGrossEur * 100),
    batteryKwh: vehicle.batteryKwh,
    powerKw: vehicle.powerKw,
    segment: segmentFor(vehicle),
    durationMonths: 36,
    kmPerYear: 10_000,
    tires: 'ALL_SEASON',
    ...overrides,
  };
}

const label = (v: DemoVehicle) => `${v.brand} ${v.model} ${v.trimLevel}`;
const combinations = LEASE_DURATIONS.flatMap((durationMonths) =>
  KM_PER_YEAR_OPTIONS.flatMap((kmPerYear) => TIRE_PACKAGES.map((tires) => ({ durationMonths, kmPerYear, tires }))),
);

describe('demo data', () => {
  it('has the 33 demo vehicles with numeric prices, power and batteries', () => {
    expect(vehicles).toHaveLength(33);
    for (const v of vehicles) {
      expect(v.listPriceGrossEur, label(v)).toBeGreaterThan(10_000);
      expect(v.powerKw, label(v)).toBeGreaterThan(0);
      expect(v.batteryKwh, label(v)).toBeGreaterThan(0);
    }
  });
});

describe('segmentFor', () => {
  it('classes the demo vehicles by body style', () => {
    const expected: Record<string, VehicleSegment> = {
      'ID.3': 'COMPACT',
      'ID.4': 'SUV',
      'ID.7': 'SEDAN',
      Enyaq: 'SUV',
      'Model 3': 'SEDAN',
      'Model Y': 'SUV',
      'ë-C3': 'SMALL',
      '500e': 'SMALL',
      Cooper: 'SMALL',
      Born: 'COMPACT',
      'MG4 Electric': 'COMPACT',
      Seal: 'SEDAN',
      EX30: 'SUV',
    };
    for (const [model, segment] of Object.entries(expected)) expect(segmentFor(find(model)), model).toBe(segment);
  });

  it('finds every demo vehicle in the table (the fallback would put the 2 above 45,000 EUR into SUV)', () => {
    expect(segmentFor(find('2'))).toBe('SEDAN');
    expect(segmentFor(find('Elroq'))).toBe('SUV');
  });

  it('ignores case, accents and punctuation', () => {
    const base = { listPriceGrossEur: 90_000, batteryKwh: 100 };
    expect(segmentFor({ ...base, brand: 'CITROEN', model: 'e-C3' })).toBe('SMALL');
    expect(segmentFor({ ...base, brand: 'volkswagen', model: 'ID 3' })).toBe('COMPACT');
    expect(segmentFor({ ...base, brand: 'Mercedes Benz', model: 'EQE SUV' })).toBe('LARGE_SUV');
  });

  it('falls back to price and battery for unknown models', () => {
    const unknown = { brand: 'Nova', model: 'Unbekannt' };
    expect(segmentFor({ ...unknown, listPriceGrossEur: 25_000, batteryKwh: 40 })).toBe('SMALL');
    expect(segmentFor({ ...unknown, listPriceGrossEur: 25_000, batteryKwh: 70 })).toBe('COMPACT');
    expect(segmentFor({ ...unknown, listPriceGrossEur: 40_000, batteryKwh: 60 })).toBe('COMPACT');
    expect(segmentFor({ ...unknown, listPriceGrossEur: 55_000, batteryKwh: 80 })).toBe('SUV');
    expect(segmentFor({ ...unknown, listPriceGrossEur: 95_000, batteryKwh: 100 })).toBe('LARGE_SUV');
  });
});

describe('priceLeasePackage: worked example of docs/pricing.md', () => {
  it('prices the ID.3 Pro S at 36 months, 10,000 km, all-season tyres', () => {
    const price = priceLeasePackage(inputFor(find('ID.3')));
    expect(price).toMatchObject({
      totalMonthlyGrossCostCents: 50_776,
      grossComparisonCostCents: 61_047,
      components: {
        financingCents: 38_867,
        insuranceCents: 6_760,
        maintenanceCents: 2_083,
        tiresCents: 1_587,
        rateInsuranceCents: 1_479,
      },
      vatIncludedCents: 6_792,
      residualValueRate: 0.6045,
      residualValueCents: 2_183_820,
      costsMoreKilometersEurPerKm: 0.1071,
      reimbursementLessKilometersEurPerKm: 0.0643,
      excessMileageAllowanceKm: 2_500,
      exemptionLimitLessKilometersKm: 2_500,
      capFewerKilometersKm: 7_500,
      capExtraKilometersKm: 15_000,
    });
  });
});

describe('priceLeasePackage: plausibility over all demo vehicles', () => {
  it('lands at 1 % of the gross list price plus 70-100 EUR at 36 months / 10,000 km', () => {
    for (const v of vehicles) {
      const total = priceLeasePackage(inputFor(v)).totalMonthlyGrossCostCents / 100;
      const onePercent = v.listPriceGrossEur / 100;
      expect(total, label(v)).toBeGreaterThanOrEqual(onePercent + 70);
      expect(total, label(v)).toBeLessThanOrEqual(onePercent + 100);
    }
  });

  it('hits the reference rates of the ID.3 and the ë-C3', () => {
    const id3 = priceLeasePackage(inputFor(find('ID.3'))).totalMonthlyGrossCostCents;
    const c3 = priceLeasePackage(inputFor(find('ë-C3'))).totalMonthlyGrossCostCents;
    expect(id3).toBeGreaterThanOrEqual(50_000);
    expect(id3).toBeLessThanOrEqual(53_000);
    expect(c3).toBeGreaterThanOrEqual(30_000);
    expect(c3).toBeLessThanOrEqual(33_000);
  });

  it.each(vehicles.map((v) => [label(v), v] as const))(
    '%s: integers, sums, flags and comparison in every package',
    (_name, v) => {
      for (const combination of combinations) {
        const price = priceLeasePackage(inputFor(v, combination));
        const where = `${label(v)} ${JSON.stringify(combination)}`;
        const c = price.components;
        const parts = [c.financingCents, c.insuranceCents, c.maintenanceCents, c.tiresCents, c.rateInsuranceCents];
        for (const part of [...parts, ...Object.values(price.comparisonComponents)]) {
          expect(Number.isInteger(part), where).toBe(true);
          expect(part, where).toBeGreaterThan(0);
        }
        expect(
          parts.reduce((a, b) => a + b, 0),
          where,
        ).toBe(price.totalMonthlyGrossCostCents);
        expect(
          Object.values(price.comparisonComponents).reduce((a, b) => a + b, 0),
          where,
        ).toBe(price.grossComparisonCostCents);
        for (const cents of [price.vatIncludedCents, price.residualValueCents]) {
          expect(Number.isInteger(cents), where).toBe(true);
        }
        // Every rate between 0.7 % + 50 EUR and 1.8 % + 150 EUR of the list price: no outliers.
        const total = price.totalMonthlyGrossCostCents / 100;
        expect(total, where).toBeGreaterThan(v.listPriceGrossEur * 0.007 + 50);
        expect(total, where).toBeLessThan(v.listPriceGrossEur * 0.018 + 150);
        // The estimated net rate (70 % of the gross cost, spec 9) saves 30-45 % against a private lease.
        const savings = 1 - (0.7 * price.totalMonthlyGrossCostCents) / price.grossComparisonCostCents;
        expect(savings, where).toBeGreaterThanOrEqual(0.3);
        expect(savings, where).toBeLessThanOrEqual(0.45);
        expect(price.grossComparisonCostCents, where).toBeGreaterThan(price.totalMonthlyGrossCostCents * 1.1);
        expect(price.flags).toEqual({
          maintenanceAndServicingIncluded: true,
          vehicleInsuranceIncluded: true,
          tirePackageIncluded: true,
          tireChangeIncluded: true,
          rateInsuranceIncluded: true,
        });
      }
    },
  );

  it('rises strictly with the yearly kilometres', () => {
    for (const v of vehicles) {
      for (const durationMonths of LEASE_DURATIONS) {
        for (const tires of TIRE_PACKAGES) {
          const rates = KM_PER_YEAR_OPTIONS.map((kmPerYear) =>
            priceLeasePackage(inputFor(v, { durationMonths, kmPerYear, tires })),
          );
          for (let i = 1; i < rates.length; i++) {
            const where = `${label(v)} ${durationMonths} ${tires} ${KM_PER_YEAR_OPTIONS[i]}`;
            expect(rates[i]!.totalMonthlyGrossCostCents, where).toBeGreaterThan(
              rates[i - 1]!.totalMonthlyGrossCostCents,
            );
            expect(rates[i]!.grossComparisonCostCents, where).toBeGreaterThan(rates[i - 1]!.grossComparisonCostCents);
            expect(rates[i]!.residualValueCents, where).toBeLessThanOrEqual(rates[i - 1]!.residualValueCents);
          }
        }
      }
    }
  });

  it('costs less per month over 48 months than over 24, and the residual value falls with the term', () => {
    for (const v of vehicles) {
      for (const kmPerYear of KM_PER_YEAR_OPTIONS) {
        for (const tires of TIRE_PACKAGES) {
          const [short, medium, long] = LEASE_DURATIONS.map((durationMonths) =>
            priceLeasePackage(inputFor(v, { durationMonths, kmPerYear, tires })),
          );
          const where = `${label(v)} ${kmPerYear} ${tires}`;
          expect(long!.totalMonthlyGrossCostCents, where).toBeLessThan(short!.totalMonthlyGrossCostCents);
          expect(medium!.residualValueCents, where).toBeLessThan(short!.residualValueCents);
          expect(long!.residualValueCents, where).toBeLessThan(medium!.residualValueCents);
        }
      }
    }
  });

  it('charges more for two tyre sets with changes than for all-season tyres', () => {
    for (const v of vehicles) {
      for (const { durationMonths, kmPerYear } of combinations) {
        const allSeason = priceLeasePackage(inputFor(v, { durationMonths, kmPerYear, tires: 'ALL_SEASON' }));
        const twoSets = priceLeasePackage(inputFor(v, { durationMonths, kmPerYear, tires: 'SUMMER_WINTER_SETS' }));
        expect(twoSets.components.tiresCents).toBeGreaterThan(allSeason.components.tiresCents);
      }
    }
  });
});

describe('kilometre rules', () => {
  it('refunds less per fewer km than it charges per extra km, with at most 4 decimals', () => {
    for (const v of vehicles) {
      const price = priceLeasePackage(inputFor(v));
      const more = price.costsMoreKilometersEurPerKm;
      const less = price.reimbursementLessKilometersEurPerKm;
      expect(more, label(v)).toBeGreaterThan(0.05);
      expect(more, label(v)).toBeLessThan(0.2);
      expect(less).toBeGreaterThan(0);
      expect(less).toBeLessThan(more);
      for (const value of [more, less]) expect(Math.round(value * 10_000) / 10_000).toBe(value);
    }
  });

  it('caps refunds and extra km relative to the contract kilometres', () => {
    const id3 = find('ID.3');
    const short = priceLeasePackage(inputFor(id3, { durationMonths: 24, kmPerYear: 10_000 }));
    expect(short.capFewerKilometersKm).toBe(5_000);
    expect(short.capExtraKilometersKm).toBe(10_000);
    const long = priceLeasePackage(inputFor(id3, { durationMonths: 48, kmPerYear: 30_000 }));
    expect(long.capFewerKilometersKm).toBe(10_000);
    expect(long.capExtraKilometersKm).toBe(20_000);
  });
});

describe('building blocks', () => {
  it('annuity in advance: no interest is straight-line, interest raises the payment', () => {
    expect(annuityInAdvance(36_000, 18_000, 36, 0)).toBe(500);
    const withInterest = annuityInAdvance(36_000, 18_000, 36, 0.05);
    expect(withInterest).toBeGreaterThan(500);
    // Present value check: payments at the start of each month plus the discounted residual.
    const i = 0.05 / 12;
    let pv = 18_000 / Math.pow(1 + i, 36);
    for (let m = 0; m < 36; m++) pv += withInterest / Math.pow(1 + i, m);
    expect(pv).toBeCloseTo(36_000, 6);
  });

  it('residual rate is clamped and rewards larger batteries a little', () => {
    const v = find('ID.3');
    const small = residualValueRate(inputFor(v, { batteryKwh: 30 }));
    const large = residualValueRate(inputFor(v, { batteryKwh: 120 }));
    expect(large - small).toBeCloseTo(0.02, 6);
    const worst = residualValueRate(inputFor(v, { durationMonths: 48, kmPerYear: 30_000, segment: 'LARGE_SUV' }));
    expect(worst).toBeGreaterThanOrEqual(0.2);
  });

  it('is deterministic and rejects invalid input', () => {
    const input = inputFor(find('Model 3'));
    expect(priceLeasePackage(input)).toEqual(priceLeasePackage({ ...input }));
    expect(() => priceLeasePackage({ ...input, listPriceGrossCents: 4_299_000.5 })).toThrow(RangeError);
    expect(() => priceLeasePackage({ ...input, listPriceGrossCents: 0 })).toThrow(RangeError);
    expect(() => priceLeasePackage({ ...input, powerKw: Number.NaN })).toThrow(RangeError);
    expect(() => priceLeasePackage({ ...input, durationMonths: 12 as 24 })).toThrow(RangeError);
    expect(() => priceLeasePackage({ ...input, kmPerYear: 12_345 as 10_000 })).toThrow(RangeError);
    expect(() => priceLeasePackage({ ...input, segment: 'VAN' as 'SUV' })).toThrow(RangeError);
  });
});
