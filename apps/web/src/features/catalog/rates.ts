import {
  DEFAULT_SAVINGS_PERCENT,
  ESTIMATED_RATE_SHARE,
  type LeasePackage,
  type VehicleSummary,
} from '@leasing/contract';

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

/** Spec 9: the estimated net rate without user data is 70 % of the total monthly gross cost (in cents). */
export function estimatedRate(totalMonthlyGrossCostEur: number): number {
  return Math.round(Math.round(totalMonthlyGrossCostEur * 100) * ESTIMATED_RATE_SHARE) / 100;
}

export function packageRate(pkg: Pick<LeasePackage, 'userPrice' | 'totalMonthlyGrossCostEur'>): DisplayedRate {
  return pkg.userPrice === null
    ? { rate: estimatedRate(pkg.totalMonthlyGrossCostEur), personal: false }
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
