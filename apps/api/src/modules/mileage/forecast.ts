import type { Mileage, OdometerReading, Settlement } from '@leasing/contract';

import { contractKmOf, leaseEndsOn, settle, type KilometreRules } from '../lease-end/index.js';

const DAY_MS = 86_400_000;

/** Whole days from one ISO date to another. */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * Where the lease's kilometres are heading (ADR 0054), as a plain function of the handover, the
 * frozen kilometre rules and the readings. The pace is the average since the handover, where the car
 * stood at 0 km (as the return measures it), to the latest reading; it runs on to the lease's last
 * day. The projected settlement is the return's own function (`settle`) for that distance, without
 * damages, so what the page says is what the return would charge if the pace held.
 */
export function mileageForecast(input: {
  handoverDate: string;
  rules: KilometreRules;
  readings: readonly OdometerReading[];
}): Mileage {
  const { handoverDate, rules } = input;
  const readings = [...input.readings].sort((a, b) => a.readOn.localeCompare(b.readOn) || a.readingKm - b.readingKm);
  const endsOn = leaseEndsOn(handoverDate, rules.durationMonths);
  const contractKm = contractKmOf(rules);
  const latest = readings.at(-1);
  const elapsed = latest ? daysBetween(handoverDate, latest.readOn) : 0;
  // The term counts its last day: from the handover through `endsOn`.
  const termDays = daysBetween(handoverDate, endsOn) + 1;
  let forecastEndKm: number | null = null;
  let kmPerYearSoFar: number | null = null;
  let projectedSettlement: Settlement | null = null;
  if (latest && elapsed > 0) {
    forecastEndKm = Math.max(latest.readingKm, Math.round((latest.readingKm * termDays) / elapsed));
    kmPerYearSoFar = Math.round((latest.readingKm * 365) / elapsed);
    projectedSettlement = settle(rules, forecastEndKm, []);
  }
  return {
    readings,
    handoverDate,
    endsOn,
    contractKm,
    kmPerYearSoFar,
    forecastEndKm,
    projectedSettlement,
    overTolerance: projectedSettlement !== null && projectedSettlement.chargedExtraKm > 0,
  };
}

/**
 * Why a new reading does not fit the ones before (a German message for the 400), or null: the day
 * lies between the handover and today, and the odometer never runs backwards, neither against an
 * earlier reading nor against a later one.
 */
export function readingRefusal(
  reading: { readingKm: number; readOn: string },
  context: { handoverDate: string; today: string; readings: readonly OdometerReading[] },
): { field: 'readOn' | 'readingKm'; message: string } | null {
  if (reading.readOn < context.handoverDate) return { field: 'readOn', message: 'beforeHandover' };
  if (reading.readOn > context.today) return { field: 'readOn', message: 'dateInFuture' };
  const before = context.readings.filter((r) => r.readOn <= reading.readOn);
  const after = context.readings.filter((r) => r.readOn > reading.readOn);
  const highestBefore = Math.max(0, ...before.map((r) => r.readingKm));
  if (reading.readingKm < highestBefore) return { field: 'readingKm', message: `min ${String(highestBefore)}` };
  const lowestAfter = Math.min(...after.map((r) => r.readingKm));
  if (after.length > 0 && reading.readingKm > lowestAfter)
    return { field: 'readingKm', message: `max ${String(lowestAfter)}` };
  return null;
}
