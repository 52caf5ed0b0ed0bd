import { parsePayrollMonth, rateIn, type Cents, type RateVersion } from '@leasing/payroll';
import type { KilometreRules, PackageChange, PackageTerms } from '@leasing/contract';

/**
 * A kilometre package as a change stores it (ADR 0058): its rate and the kilometre terms the return
 * settles by, frozen when the employee asked (the price list may change; the request does not).
 */
export interface StoredPackage {
  leasePackageId: string;
  durationMonths: number;
  /** What else the package holds (absent in none stored so far): a change keeps all of it, only the kilometres grow. */
  tires?: string;
  services?: string;
  kmPerYear: number;
  monthlyGrossRateCents: number;
  costsMoreKilometers: number;
  reimbursementLessKilometers: number;
  excessMileageAllowance: number;
  exemptionLimitLessKilometers: number;
  capFewerKilometers: number;
  capExtraKilometers: number;
}

/** The package fields the order's frozen terms and the catalogue's packages share. */
interface PackageLike {
  id: string;
  durationMonths: number;
  tires: string;
  maintenanceAndServicingIncluded: boolean;
  vehicleInsuranceIncluded: boolean;
  tirePackageIncluded: boolean;
  tireChangeIncluded: boolean;
  rateInsuranceIncluded: boolean;
  kmPerYear: number;
  costsMoreKilometers: number;
  reimbursementLessKilometers: number;
  excessMileageAllowance: number;
  exemptionLimitLessKilometers: number;
  capFewerKilometers: number;
  capExtraKilometers: number;
}

/** The package's included services as one comparable key. */
function servicesOf(pkg: PackageLike): string {
  return [
    pkg.maintenanceAndServicingIncluded,
    pkg.vehicleInsuranceIncluded,
    pkg.tirePackageIncluded,
    pkg.tireChangeIncluded,
    pkg.rateInsuranceIncluded,
  ]
    .map((included) => (included ? '1' : '0'))
    .join('');
}

/** The same package but for the kilometres: same term, tyres and included services. */
export function sameButKilometres(a: StoredPackage, b: StoredPackage): boolean {
  return a.durationMonths === b.durationMonths && a.tires === b.tires && a.services === b.services;
}

export function storedPackage(pkg: PackageLike, monthlyGrossRateCents: number): StoredPackage {
  return {
    leasePackageId: pkg.id,
    durationMonths: pkg.durationMonths,
    tires: pkg.tires,
    services: servicesOf(pkg),
    kmPerYear: pkg.kmPerYear,
    monthlyGrossRateCents,
    costsMoreKilometers: pkg.costsMoreKilometers,
    reimbursementLessKilometers: pkg.reimbursementLessKilometers,
    excessMileageAllowance: pkg.excessMileageAllowance,
    exemptionLimitLessKilometers: pkg.exemptionLimitLessKilometers,
    capFewerKilometers: pkg.capFewerKilometers,
    capExtraKilometers: pkg.capExtraKilometers,
  };
}

export const termsView = (p: StoredPackage): PackageTerms => ({
  leasePackageId: p.leasePackageId,
  kmPerYear: p.kmPerYear,
  monthlyGrossRateEur: p.monthlyGrossRateCents / 100,
});

/** An approved change as the payroll, the invoices and the return read it. */
export interface ApprovedPackageChange {
  /** `YYYY-MM`: the first month at the new package. */
  effectiveMonth: string;
  to: StoredPackage;
}

export interface PackageChangeRow {
  id: string;
  orderId: number;
  status: PackageChange['status'];
  fromPackage: unknown;
  toPackage: unknown;
  effectiveMonth: string | null;
  note: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
}

export function changeView(row: PackageChangeRow): PackageChange {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    from: termsView(row.fromPackage as StoredPackage),
    to: termsView(row.toPackage as StoredPackage),
    effectiveMonth: row.effectiveMonth,
    note: row.note,
    requestedAt: row.requestedAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** `YYYY-MM` as a count of months, to subtract. */
const monthNumber = (isoMonthOrDate: string) =>
  Number(isoMonthOrDate.slice(0, 4)) * 12 + Number(isoMonthOrDate.slice(5, 7)) - 1;

/**
 * The terms after approved package changes (ADR 0058): the whole term's kilometres are the months
 * before each change at the package then in force and the months from it at the new one (the
 * handover month counts as a full month, as the conversion does), rounded to whole km; the per-km
 * prices, free kilometres and caps are the last package that applies to at least one month of the
 * term. Without changes: the terms as they are.
 */
export function kilometreTermsAfter<T extends KilometreRules>(
  base: T,
  handoverDate: string,
  changes: readonly ApprovedPackageChange[],
): T & { contractKm: number } {
  if (changes.length === 0)
    return { ...base, contractKm: base.contractKm ?? Math.round((base.kmPerYear * base.durationMonths) / 12) };
  const start = monthNumber(handoverDate);
  const monthOfTerm = (month: string) => Math.min(Math.max(monthNumber(month) - start, 0), base.durationMonths);
  let terms: KilometreRules = base;
  let at = 0;
  let kmTimesMonths = 0;
  for (const change of [...changes].sort((a, b) => a.effectiveMonth.localeCompare(b.effectiveMonth))) {
    const from = monthOfTerm(change.effectiveMonth);
    if (from >= base.durationMonths) break;
    kmTimesMonths += terms.kmPerYear * (from - at);
    at = from;
    terms = { ...change.to, durationMonths: base.durationMonths };
  }
  kmTimesMonths += terms.kmPerYear * (base.durationMonths - at);
  return {
    ...base,
    kmPerYear: terms.kmPerYear,
    costsMoreKilometers: terms.costsMoreKilometers,
    reimbursementLessKilometers: terms.reimbursementLessKilometers,
    excessMileageAllowance: terms.excessMileageAllowance,
    exemptionLimitLessKilometers: terms.exemptionLimitLessKilometers,
    capFewerKilometers: terms.capFewerKilometers,
    capExtraKilometers: terms.capExtraKilometers,
    contractKm: Math.round(kmTimesMonths / 12),
  };
}

/** Approved changes as the payroll's rate history (`PayrollLease.rateHistory`), oldest first. */
export function rateHistoryOf(changes: readonly ApprovedPackageChange[]): RateVersion[] {
  return changes.map((change) => ({
    fromMonth: parsePayrollMonth(change.effectiveMonth),
    monthlyGrossRate: change.to.monthlyGrossRateCents as Cents,
  }));
}

/** The monthly gross rate in force in `month` (`YYYY-MM`): the payroll's own rule (`rateIn`). */
export function rateInMonth(orderedCents: number, changes: readonly ApprovedPackageChange[], month: string): number {
  return rateIn(
    { monthlyGrossRate: orderedCents as Cents, rateHistory: rateHistoryOf(changes) },
    parsePayrollMonth(month),
  );
}
