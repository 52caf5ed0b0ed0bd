import { DEFAULT_SAVINGS_PERCENT, type VehicleLeasePackage, type VehicleSummary } from '@leasing/contract';

/** The net rate a card or the price preview shows: the user's own, else the estimate (spec 2.3, 9). */
export interface DisplayedRate {
  /** Monthly EUR. */
  rate: number;
  /** true: the user's own net rate from the payroll engine; false: the estimate without salary data. */
  personal: boolean;
}

export function cardRate(summary: Pick<VehicleSummary, 'yourLeaseFrom' | 'estimateLeaseFrom'>): DisplayedRate {
  return summary.yourLeaseFrom === null
    ? { rate: summary.estimateLeaseFrom, personal: false }
    : { rate: summary.yourLeaseFrom, personal: true };
}

/**
 * The package's rate on the vehicle page: the user's own, else the server's estimate (spec 9: 70 % of
 * the gross cost, less the employer's subsidy as the personal rate has it).
 */
export function packageRate(pkg: Pick<VehicleLeasePackage, 'userPrice' | 'estimatedUserPrice'>): DisplayedRate {
  return pkg.userPrice === null
    ? { rate: pkg.estimatedUserPrice, personal: false }
    : { rate: pkg.userPrice, personal: true };
}

/**
 * Savings in whole percent against the private leasing rate (spec 9): (leaseFrom - rate) / leaseFrom,
 * 0 decimals; 0 when leaseFrom is 0; the default of 30 % when neither rate is known.
 */
export function savingsPercent(leaseFrom: number | null | undefined, rate: number | null | undefined): number {
  const hasLeaseFrom = typeof leaseFrom === 'number' && Number.isFinite(leaseFrom);
  const hasRate = typeof rate === 'number' && Number.isFinite(rate);
  if (!hasLeaseFrom && !hasRate) return DEFAULT_SAVINGS_PERCENT;
  if (!hasLeaseFrom || leaseFrom === 0) return 0;
  if (!hasRate) return DEFAULT_SAVINGS_PERCENT;
  // Rounded once, on the percentage; `+ 0` turns a rounded -0 into 0.
  return Math.round(((leaseFrom - rate) / leaseFrom) * 100) + 0;
}

/**
 * What the shown rate saves per month against the private leasing rate (the card's badge, ADR 0062),
 * in whole euros as the card shows prices; null when there is nothing saved (or the rate is dearer).
 * The same figures as the percentage: the cheapest private rate against the shown net rate.
 */
export function savingsPerMonthEur(leaseFrom: number | null | undefined, rate: number | null | undefined): number | null {
  if (typeof leaseFrom !== 'number' || typeof rate !== 'number') return null;
  if (!Number.isFinite(leaseFrom) || !Number.isFinite(rate)) return null;
  const saved = Math.round(leaseFrom - rate);
  return saved > 0 ? saved : null;
}
