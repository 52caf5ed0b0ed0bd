import type { KilometreRules, Settlement } from '@leasing/contract';

export type { KilometreRules };

/** The kilometres the contract allows over the whole term. */
export function contractKmOf(rules: KilometreRules): number {
  return rules.contractKm ?? Math.round((rules.kmPerYear * rules.durationMonths) / 12);
}

/** EUR with 4 decimals as integer ten-thousandths of a euro: 0.1071 → 1071. */
const toE4 = (eur: number): number => Math.round(eur * 10_000);
/** EUR with 2 decimals as integer cents. */
export const toCents = (eur: number): number => Math.round(eur * 100);
const eurOf = (cents: number): number => cents / 100;
/** km × EUR-per-km (ten-thousandths) to cents, half away from zero: exact in integers. */
const kmTimesRateCents = (km: number, rateE4: number): number => {
  const e4 = km * rateE4;
  return Math.floor((e4 + 50) / 100);
};

/**
 * The settlement at the car's return (contract § 5, docs/pricing.md "Kilometre rules"): the driven km
 * against the contract km (km per year × months / 12). Extra km beyond the tolerance are charged at
 * `costsMoreKilometers`, at most `capExtraKilometers` of them; fewer km beyond their tolerance are
 * refunded at `reimbursementLessKilometers`, at most `capFewerKilometers`. Damages add their cost.
 * Every amount is computed in integers (cents and ten-thousandths), so the figures hold to the cent.
 */
export function settle(rules: KilometreRules, drivenKm: number, damagesCents: readonly number[]): Settlement {
  if (!Number.isInteger(drivenKm) || drivenKm < 0) throw new RangeError('drivenKm must be a whole number ≥ 0');
  for (const c of damagesCents)
    if (!Number.isInteger(c) || c < 0) throw new RangeError('damage costs in whole cents ≥ 0');
  const contractKm = contractKmOf(rules);
  const extraKm = Math.max(0, drivenKm - contractKm);
  const fewerKm = Math.max(0, contractKm - drivenKm);
  const chargedExtraKm = Math.min(Math.max(0, extraKm - rules.excessMileageAllowance), rules.capExtraKilometers);
  const refundedFewerKm = Math.min(Math.max(0, fewerKm - rules.exemptionLimitLessKilometers), rules.capFewerKilometers);
  const extraCents = kmTimesRateCents(chargedExtraKm, toE4(rules.costsMoreKilometers));
  const fewerCents = kmTimesRateCents(refundedFewerKm, toE4(rules.reimbursementLessKilometers));
  const damagesTotal = damagesCents.reduce((sum, c) => sum + c, 0);
  return {
    contractKm,
    drivenKm,
    extraKm,
    chargedExtraKm,
    extraKmEur: eurOf(extraCents),
    fewerKm,
    refundedFewerKm,
    fewerKmEur: eurOf(fewerCents),
    damagesEur: eurOf(damagesTotal),
    totalEur: eurOf(extraCents + damagesTotal - fewerCents),
  };
}

/** ISO date plus whole months, clamped to the month's last day (2026-08-31 + 6 → 2027-02-28). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export function addDays(isoDate: string, days: number): string {
  const t = Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000;
  return new Date(t).toISOString().slice(0, 10);
}

/** The last day of a lease handed over on `handoverDate` for `durationMonths`. */
export function leaseEndsOn(handoverDate: string, durationMonths: number): string {
  return addDays(addMonths(handoverDate, durationMonths), -1);
}

export type LicenceStatus = 'OK' | 'DUE' | 'OVERDUE';

/** Days before the due date when the check is offered and the first reminder goes out. */
export const LICENCE_REMINDER_DAYS = 14;

/**
 * A licence check's due date (the last successful check plus the policy's interval) and its state on
 * `today`: DUE from 14 days before the due date, OVERDUE after it.
 */
export function licenceDue(
  lastCheckedOn: string,
  intervalMonths: number,
  today: string,
): { dueOn: string; status: LicenceStatus } {
  const dueOn = addMonths(lastCheckedOn, intervalMonths);
  if (today > dueOn) return { dueOn, status: 'OVERDUE' };
  if (today >= addDays(dueOn, -LICENCE_REMINDER_DAYS)) return { dueOn, status: 'DUE' };
  return { dueOn, status: 'OK' };
}
