import type { PayrollTotals } from '@leasing/contract';
import {
  employerSvSaving,
  monthBounds,
  payrollLinesFrom,
  PayslipError,
  resolvePayrollYear,
  type Cents,
  type PayrollLease,
  type PayrollLine,
} from '@leasing/payroll';

/**
 * The payroll export's totals, summed a batch at a time while the rows are written (ADR 0041):
 * integer cents, so the order of the sums does not matter, and the same figures as the rows and the
 * CSV's totals line.
 */

export type SvPerson = Parameters<typeof employerSvSaving>[0];
export type Pay = { grossCents: number; person: SvPerson } | null;

const eur = (value: number) => value / 100;

export interface PayrollSums {
  leases: number;
  grossConversion: number;
  employerContribution: number;
  benefitPrivateUse: number;
  benefitCommute: number;
  employeePays: number;
  employerPays: number;
  rateInsurancePays: number;
  settlement: number;
  claimExcess: number;
  saving: number;
  savingYear: number;
  savingNotComputed: number;
}

export const emptySums = (): PayrollSums => ({
  leases: 0,
  grossConversion: 0,
  employerContribution: 0,
  benefitPrivateUse: 0,
  benefitCommute: 0,
  employeePays: 0,
  employerPays: 0,
  rateInsurancePays: 0,
  settlement: 0,
  claimExcess: 0,
  saving: 0,
  savingYear: 0,
  savingNotComputed: 0,
});

/** Adds one lease of the month: its line (null: not in use this month) and its saving. */
export function addLease(sums: PayrollSums, lease: PayrollLease, line: PayrollLine | null, pay: Pay, month: number): void {
  sums.savingYear += yearSavingOf(lease, pay, month);
  if (!line) return;
  sums.leases += 1;
  sums.grossConversion += line.grossConversion;
  sums.employerContribution += line.employerContribution;
  sums.benefitPrivateUse += line.benefitPrivateUse;
  sums.benefitCommute += line.benefitCommute;
  sums.employeePays += line.pause?.employeePays ?? 0;
  sums.employerPays += line.pause?.employerPays ?? 0;
  sums.rateInsurancePays += line.pause?.rateInsurancePays ?? 0;
  const saving = savingOfLine(line, pay, month);
  if (saving === null) sums.savingNotComputed += 1;
  else sums.saving += saving;
}

/** The contract's totals of the sums, in the contract's order of fields. */
export function totalsOf(sums: PayrollSums, month: number): PayrollTotals {
  return {
    leases: sums.leases,
    grossConversionEur: eur(sums.grossConversion),
    employerContributionEur: eur(sums.employerContribution),
    benefitPrivateUseEur: eur(sums.benefitPrivateUse),
    benefitCommuteEur: eur(sums.benefitCommute),
    employeePaysEur: eur(sums.employeePays),
    employerPaysEur: eur(sums.employerPays),
    rateInsurancePaysEur: eur(sums.rateInsurancePays),
    settlementEur: eur(sums.settlement),
    claimExcessEur: eur(sums.claimExcess),
    employerSavingEur: eur(sums.saving),
    employerSavingYearEur: eur(sums.savingYear),
    savingNotComputed: sums.savingNotComputed,
    ...savingBasis(month),
  };
}

/** The lease's saving over the calendar year of `month` (the months not yet paid as they stand today). */
function yearSavingOf(lease: PayrollLease, pay: Pay, month: number): number {
  const firstOfYear = month - (month % 12);
  return payrollLinesFrom(lease, firstOfYear, 12).reduce(
    (year, line, offset) => year + (line ? (savingOfLine(line, pay, firstOfYear + offset) ?? 0) : 0),
    0,
  );
}

/** The employer's SV saving of one line; null without a usable profile or SV values for the month. */
function savingOfLine(line: PayrollLine, pay: Pay, month: number): number | null {
  if (!pay) return null;
  const after = pay.grossCents - line.grossConversion + line.benefitPrivateUse + line.benefitCommute;
  try {
    return employerSvSaving(pay.person, monthBounds(month).first, pay.grossCents as Cents, after as Cents);
  } catch (error) {
    if (error instanceof PayslipError) return null; // before the first known year
    throw error;
  }
}

/** The marker of a saving computed with an earlier year's SV values (ADR 0035); nothing for a known year. */
function savingBasis(month: number): { employerSavingProvisional?: { year: number; basedOnYear: number } } {
  let basis;
  try {
    basis = resolvePayrollYear(monthBounds(month).first);
  } catch {
    return {}; // before the first known year: no saving is computed at all
  }
  return basis.provisional ? { employerSavingProvisional: { year: basis.requestedYear, basedOnYear: basis.year } } : {};
}
