import { describe, expect, it } from 'vitest';

import type { KilometreRules } from '../lease-end/index.js';
import { mileageForecast, readingRefusal } from './forecast.js';

/** A 36-month package of 10,000 km a year with the demo catalogue's kilometre terms. */
const rules: KilometreRules = {
  durationMonths: 36,
  kmPerYear: 10_000,
  costsMoreKilometers: 0.1,
  reimbursementLessKilometers: 0.05,
  excessMileageAllowance: 2_500,
  exemptionLimitLessKilometers: 2_500,
  capFewerKilometers: 10_000,
  capExtraKilometers: 10_000,
};
const reading = (readOn: string, readingKm: number, id = readOn) => ({
  id,
  readOn,
  readingKm,
  recordedAt: `${readOn}T12:00:00.000Z`,
  hasPhoto: false,
});

describe('the mileage forecast', () => {
  it('runs the pace since the handover on to the last day and settles it as the return would', () => {
    // Handed over on 1 January 2026; the term ends on 31 December 2028 (1,096 days).
    const forecast = mileageForecast({
      handoverDate: '2026-01-01',
      rules,
      readings: [reading('2026-07-01', 9_000), reading('2026-04-01', 4_000)],
    });
    expect(forecast.readings.map((r) => r.readOn)).toEqual(['2026-04-01', '2026-07-01']);
    expect(forecast.endsOn).toBe('2028-12-31');
    expect(forecast.contractKm).toBe(30_000);
    // 9,000 km in 181 days → 9,000 × 1,096 / 181 = 54,497 km.
    expect(forecast.forecastEndKm).toBe(54_497);
    expect(forecast.kmPerYearSoFar).toBe(18_149);
    // 24,497 extra km, 2,500 free, at most 10,000 charged at 0.10 €.
    expect(forecast.projectedSettlement).toMatchObject({ extraKm: 24_497, chargedExtraKm: 10_000, totalEur: 1_000 });
    expect(forecast.overTolerance).toBe(true);
  });

  it('says nothing before a reading a day after the handover, and no warning within the tolerance', () => {
    const none = mileageForecast({ handoverDate: '2026-01-01', rules, readings: [] });
    expect(none).toMatchObject({ forecastEndKm: null, projectedSettlement: null, overTolerance: false });
    const sameDay = mileageForecast({ handoverDate: '2026-01-01', rules, readings: [reading('2026-01-01', 12)] });
    expect(sameDay.forecastEndKm).toBeNull();
    // 10,000 km a year: on contract, a refund-free, charge-free settlement.
    const onPace = mileageForecast({ handoverDate: '2026-01-01', rules, readings: [reading('2027-01-01', 10_000)] });
    expect(onPace.forecastEndKm).toBe(30_027);
    expect(onPace.projectedSettlement?.totalEur).toBe(0);
    expect(onPace.overTolerance).toBe(false);
  });

  it('refuses a reading that runs the odometer backwards, before the handover or in the future', () => {
    const context = {
      handoverDate: '2026-01-01',
      today: '2026-08-01',
      readings: [reading('2026-04-01', 4_000), reading('2026-07-01', 9_000)],
    };
    expect(readingRefusal({ readOn: '2026-07-15', readingKm: 8_999 }, context)).toEqual({
      field: 'readingKm',
      message: 'min 9000',
    });
    expect(readingRefusal({ readOn: '2026-05-01', readingKm: 9_500 }, context)).toEqual({
      field: 'readingKm',
      message: 'max 9000',
    });
    expect(readingRefusal({ readOn: '2025-12-31', readingKm: 0 }, context)?.field).toBe('readOn');
    expect(readingRefusal({ readOn: '2026-08-02', readingKm: 9_100 }, context)).toEqual({
      field: 'readOn',
      message: 'dateInFuture',
    });
    expect(readingRefusal({ readOn: '2026-05-01', readingKm: 6_000 }, context)).toBeNull();
    expect(readingRefusal({ readOn: '2026-07-01', readingKm: 9_000 }, context)).toBeNull();
  });
});
