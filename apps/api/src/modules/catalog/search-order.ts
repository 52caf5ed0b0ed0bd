import type { CatalogSort, SearchQuery, VehicleSummary } from '@leasing/contract';

import type { CatalogVehicle } from './catalog-snapshot.js';

/**
 * The search's order and number filters (ADR 0062), as the answer's cache key holds them: each number
 * moved to the catalogue value that bounds the same cars (a minimum range of 401 km selects what
 * 410 km selects when no car lies between), so the cache holds at most one answer per value the
 * catalogue has, however many numbers a caller tries.
 */
export interface SearchRefinement {
  sort: CatalogSort | null;
  minRangeKm: number | null;
  maxRateEur: number | null;
}

/** The net rate a card shows, in cents: the person's own, else the estimate (the web's `cardRate`). */
export type ShownRateCents = (vehicle: CatalogVehicle) => number;

/** The whole euros a card shows for a rate (the web formats rates without decimals, rounding half up). */
export const shownEuros = (cents: number): number => Math.round(cents / 100);

/**
 * The refinement of `query` over `vehicles` (those with packages), or null when a number filter leaves
 * no car at all (every such number shares the empty answer).
 */
export function snapRefinement(
  vehicles: readonly CatalogVehicle[],
  query: Pick<SearchQuery, 'sort' | 'minRangeKm' | 'maxRateEur'>,
  shownRate: ShownRateCents,
): SearchRefinement | null {
  let minRangeKm: number | null = null;
  let maxRateEur: number | null = null;
  if (query.minRangeKm !== undefined) {
    // The smallest range at or above the minimum: the same cars, named by a value the catalogue has.
    let snapped = Number.POSITIVE_INFINITY;
    for (const v of vehicles) if (v.rangeKm >= query.minRangeKm && v.rangeKm < snapped) snapped = v.rangeKm;
    if (snapped === Number.POSITIVE_INFINITY) return null;
    minRangeKm = snapped;
  }
  if (query.maxRateEur !== undefined) {
    // The largest shown rate at or below the maximum.
    let snapped = Number.NEGATIVE_INFINITY;
    for (const v of vehicles) {
      const euros = shownEuros(shownRate(v));
      if (euros <= query.maxRateEur && euros > snapped) snapped = euros;
    }
    if (snapped === Number.NEGATIVE_INFINITY) return null;
    maxRateEur = snapped;
  }
  return { sort: query.sort ?? null, minRangeKm, maxRateEur };
}

/** The rate a summary shows, EUR: the person's own, else the estimate. */
const shownRateOf = (s: VehicleSummary): number => s.yourLeaseFrom ?? s.estimateLeaseFrom;

/** Weeks of a delivery time for sorting: a time on request (unknown) after every known one. */
const weeks = (value: number | null): number => value ?? Number.POSITIVE_INFINITY;

const COMPARE: Record<CatalogSort, (a: VehicleSummary, b: VehicleSummary) => number> = {
  rate: (a, b) => shownRateOf(a) - shownRateOf(b),
  range: (a, b) => b.rangeKm - a.rangeKm,
  delivery: (a, b) =>
    compareWeeks(weeks(a.deliveryFromWeeks), weeks(b.deliveryFromWeeks)) ||
    compareWeeks(weeks(a.deliveryToWeeks ?? a.deliveryFromWeeks), weeks(b.deliveryToWeeks ?? b.deliveryFromWeeks)),
  price: (a, b) => a.listPrice - b.listPrice,
};

function compareWeeks(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * The summaries (in the catalogue's order: brand, model, trim level) filtered by the refinement's
 * numbers and put in its order; equal keys keep the catalogue's order (the sort is stable).
 */
export function refine(summaries: VehicleSummary[], refinement: SearchRefinement): VehicleSummary[] {
  const { minRangeKm, maxRateEur, sort } = refinement;
  const kept =
    minRangeKm === null && maxRateEur === null
      ? summaries
      : summaries.filter(
          (s) =>
            (minRangeKm === null || s.rangeKm >= minRangeKm) &&
            (maxRateEur === null || Math.round(shownRateOf(s)) <= maxRateEur),
        );
  return sort === null ? kept : [...kept].sort(COMPARE[sort]);
}
