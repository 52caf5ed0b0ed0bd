import { SalaryInfoSchema, type PayrollExport, type PayrollRow } from '@leasing/contract';
import {
  employerSvSaving,
  formatPayrollMonth,
  monthBounds,
  parsePayrollMonth,
  payrollMonth,
  PayslipError,
  resolvePayrollYear,
  type Cents,
  type DriveType,
  type PayrollLease,
  type PayrollLine,
} from '@leasing/payroll';

import { runAsSystem } from '../../db/scope.js';
import { AppError } from '../../lib/errors.js';
import { absenceInputs, commuteHistoryOf, pauseOfLine } from '../lease-life/payroll-inputs.js';
import { leaseEndsOf, withLeaseEnds, withSettlements } from '../lease-end/payroll-ends.js';
import { readSalaryProfiles } from '../profile/salary-store.js';
import { openPrivate, type OrderTerms } from '../orders/snapshot.js';
import type { EmployerDeps } from './deps.js';
import * as repo from './repository.js';

const eur = (value: number) => value / 100;
/** Integer cents read from the database or the frozen order terms. */
const cents = (value: number) => value as Cents;

interface LeaseWithPay {
  lease: PayrollLease;
  /** Gross monthly salary and SV facts from the profile, for the employer's saving (null: no profile). */
  pay: { grossCents: number; person: Parameters<typeof employerSvSaving>[0] } | null;
}

/**
 * The payroll export of one month for the admin's own employer. The figures come from the payroll
 * package; this function only gathers its inputs: the frozen order terms and policy, the leaving
 * date, and the commute from the employee's current salary profile.
 */
export async function payrollExport(deps: EmployerDeps, tenantId: string, month: string): Promise<PayrollExport> {
  const index = parseMonth(month);
  const leases = await loadLeases(deps, tenantId);
  const { lines, totals } = payrollMonth(
    leases.map((l) => l.lease),
    index,
  );
  const byOrder = new Map(leases.map((l) => [l.lease.orderId, l]));
  const saving = savingOf(lines, byOrder, index);
  let year = 0;
  const firstOfYear = index - (index % 12);
  for (let m = firstOfYear; m < firstOfYear + 12; m++) {
    const other =
      m === index
        ? lines
        : payrollMonth(
            leases.map((l) => l.lease),
            m,
          ).lines;
    year += m === index ? saving.total : savingOf(other, byOrder, m).total;
  }
  // The settlement of a car returned this month (modules/lease-end, ADR 0037).
  const ends = await leaseEndsOf(deps.db, [...byOrder.keys()]);
  return {
    month: formatPayrollMonth(index),
    rows: withSettlements(
      lines.map(rowOf),
      formatPayrollMonth(index),
      ends,
      new Map(leases.map((l) => [l.lease.orderId, l.lease])),
    ),
    totals: {
      leases: totals.leases,
      grossConversionEur: eur(totals.grossConversion),
      employerContributionEur: eur(totals.employerContribution),
      benefitPrivateUseEur: eur(totals.benefitPrivateUse),
      benefitCommuteEur: eur(totals.benefitCommute),
      employerSavingEur: eur(saving.total),
      employerSavingYearEur: eur(year),
      savingNotComputed: saving.missing,
      ...savingBasis(index),
    },
  };
}

/** The marker of a saving computed with an earlier year's SV values (ADR 0035); nothing for a known year. */
function savingBasis(month: number): { employerSavingProvisional?: { year: number; basedOnYear: number } } {
  let basis;
  try {
    basis = resolvePayrollYear(monthBounds(month).first);
  } catch {
    return {}; // before the first known year: no saving is computed at all (savingOf)
  }
  return basis.provisional ? { employerSavingProvisional: { year: basis.requestedYear, basedOnYear: basis.year } } : {};
}

function parseMonth(month: string): number {
  try {
    return parsePayrollMonth(month);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Monat im Format JJJJ-MM erwartet.', {
      errors: [{ field: 'month', message: 'invalid' }],
    });
  }
}

function rowOf(line: PayrollLine): PayrollRow {
  return {
    employeeId: line.employeeId,
    name: line.name,
    orderId: line.orderId,
    grossConversionEur: eur(line.grossConversion),
    employerContributionEur: eur(line.employerContribution),
    benefitPrivateUseEur: eur(line.benefitPrivateUse),
    benefitCommuteEur: eur(line.benefitCommute),
    benefitRule: line.benefitRule,
    commutingMethod: line.commutingMethod,
    endDate: line.endDate,
    change: line.change,
    // Absences (lease-life): the month's state, the absence behind a pause and who pays the paused part.
    ...pauseOfLine(line),
  };
}

/** The employer's SV saving of a month's lines; lines without a usable profile are counted apart. */
function savingOf(
  lines: PayrollLine[],
  byOrder: Map<number, LeaseWithPay>,
  month: number,
): { total: number; missing: number } {
  let total = 0;
  let missing = 0;
  const paymentDate = monthBounds(month).first;
  for (const line of lines) {
    const pay = byOrder.get(line.orderId)?.pay;
    const after = pay ? pay.grossCents - line.grossConversion + line.benefitPrivateUse + line.benefitCommute : 0;
    const saving = pay ? savingOrNull(pay.person, paymentDate, pay.grossCents, after) : null;
    if (saving === null) missing++;
    else total += saving;
  }
  return { total, missing };
}

/** The employer's saving, or null where no SV values exist for the month (before the first known year). */
function savingOrNull(
  person: Parameters<typeof employerSvSaving>[0],
  paymentDate: string,
  before: number,
  after: number,
): number | null {
  try {
    return employerSvSaving(person, paymentDate, cents(before), cents(after));
  } catch (error) {
    if (error instanceof PayslipError) return null;
    throw error;
  }
}

async function loadLeases(deps: EmployerDeps, tenantId: string): Promise<LeaseWithPay[]> {
  const rows = await repo.leasesOf(deps.db, tenantId);
  const absencesOf = await absenceInputs(deps.db, tenantId);
  // Salary profiles are the employee's and the platform's alone (row-level security): the admin's
  // right to this employer's payroll was checked by the route, and the query names the employees
  // of this employer's own orders. Read in a few statements, not one per lease.
  const profiles = await runAsSystem(() =>
    readSalaryProfiles(
      deps.db,
      deps.cipher,
      rows.map((row) => ({ userId: row.order.userId, tenantId })),
    ),
  ).catch(() => new Map<string, { salaryInfo: unknown }>());
  const result: LeaseWithPay[] = [];
  for (const row of rows) {
    const terms = row.order.terms as OrderTerms;
    const snapshot = openPrivate(deps.cipher, row.order);
    const stored = profiles.get(row.order.userId) ?? null;
    const parsed = stored ? SalaryInfoSchema.safeParse(stored.salaryInfo) : null;
    const info = parsed?.success ? parsed.data : null;
    result.push({
      lease: {
        orderId: row.order.id,
        employeeId: row.employeeId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        listPrice: cents(terms.vehicle.listPriceGrossCents),
        driveType: (terms.vehicle.driveType as DriveType | undefined) ?? 'BEV',
        handoverDate: row.order.handoverDate ?? '',
        durationMonths: terms.leasePackage.durationMonths,
        leavingDate: row.leavingDate,
        monthlyGrossRate: cents(terms.totalMonthlyGrossCostCents),
        // Orders made before the portal existed carry their subsidy in the snapshot only.
        employerContribution: cents(row.employerContributionCents ?? snapshot.conversion.employerContributionCents),
        deductionStart: row.deductionStart ?? 'HANDOVER_MONTH',
        // Entfernungskilometer are full kilometres (§ 9 Abs. 1 Satz 3 Nr. 4 EStG): fractions dropped.
        distanceKm: Math.floor(info?.arrivalKilometers ?? 0),
        commutingDays: info?.arrivalNumber ?? 0,
        // The profile's choice: 0.002 % per km and trip (the office days) or 0.03 % per km and month.
        singleAssessment: info?.commuteSingleAssessment === true,
        absences: absencesOf(row.order.userId, terms.leasePackage.rateInsuranceIncluded),
        commuteHistory: await commuteHistoryOf(deps, row.order.userId, tenantId),
      },
      pay: info
        ? {
            grossCents: Math.round(info.grossMonthlySalaryEur * 100),
            person: {
              statutoryHealth: info.healthInsurance === 'STATUTORY',
              kvZusatzPercent: info.additionalAmountHealthInsurance ?? 0,
              pensionInsurance: info.pensionInsurance,
              unemploymentInsurance: info.unemploymentInsurance,
              saxony: info.federalState === 'SN',
            },
          }
        : null,
    });
  }
  // A return or a follow-up lease ends the car's use (modules/lease-end, ADR 0037).
  const ends = await leaseEndsOf(
    deps.db,
    rows.map((r) => r.order.id),
  );
  const ended = withLeaseEnds(
    result.map((r) => r.lease),
    rows.map((r) => r.order.userId),
    ends,
  );
  return result.map((r, i) => ({ ...r, lease: ended[i] ?? r.lease }));
}
