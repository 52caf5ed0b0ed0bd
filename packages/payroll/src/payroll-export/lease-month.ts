import { companyCarBenefit, type CommutingMethod } from '../benefit/company-car.js';
import type { DriveType } from '../benefit/rules.js';
import { parseIsoDate, type IsoDate } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';
import { cents, type Cents } from '../payslip/money.js';
import { monthPause, type LeaseAbsence, type MonthPause } from './absences.js';
import { leaseTermEnd, monthBounds, monthOfDate, type MonthIndex } from './months.js';

/** When the employer starts deducting the conversion from the gross salary. */
export type DeductionStart = 'HANDOVER_MONTH' | 'NEXT_MONTH';

/** How a month's payroll line differs from the month before. */
export type PayrollChange = 'NEW' | 'CHANGED' | 'ENDED';

/** A month's state: converting, paused by an absence (wholly or in part), or the last month of use. */
export type PayrollStatus = 'ACTIVE' | 'PAUSED' | 'ENDED';

/** The commute as a salary profile stated it from `from` (ISO date of the save) on. */
export interface CommuteVersion {
  readonly from: IsoDate;
  readonly distanceKm: number;
  readonly commutingDays: number;
  readonly singleAssessment: boolean;
}

/**
 * The monthly rate from a month on, after an approved change of the lease package (a higher
 * kilometre package): it applies from the first month at or after `fromMonth`.
 */
export interface RateVersion {
  readonly fromMonth: MonthIndex;
  readonly monthlyGrossRate: Cents;
}

/** One handed-over lease as payroll needs it. Money in integer cents per month. */
export interface PayrollLease {
  readonly orderId: number;
  /** Personnel number from the profile (may be missing for people who never entered one). */
  readonly employeeId: string | null;
  readonly name: string;
  readonly listPrice: Cents;
  readonly driveType: DriveType;
  /** Handover date: the car is acquired (chooses the benefit rule) and available from this day. */
  readonly handoverDate: IsoDate;
  readonly durationMonths: number;
  /** The person's last day with the employer (leaving), or null. */
  readonly leavingDate: IsoDate | null;
  /** The lease package's total monthly gross cost as ordered. */
  readonly monthlyGrossRate: Cents;
  /** Later rates after package changes, oldest first (none: the ordered rate throughout). */
  readonly rateHistory?: readonly RateVersion[];
  /** The employer's subsidy frozen with the order; only the rest is converted. */
  readonly employerContribution: Cents;
  /** The programme's rule in force when the order was made. */
  readonly deductionStart: DeductionStart;
  /** Commute as the salary profile states it. */
  readonly distanceKm: number;
  readonly commutingDays: number;
  readonly singleAssessment: boolean;
  /** The person's absences without pay, each with the payer the policy gives it (none: always active). */
  readonly absences?: readonly LeaseAbsence[];
  /**
   * The profile's commute over time, oldest first; a month takes the version in force on its last
   * day (before the first version: the first). Without versions the three fields above apply.
   */
  readonly commuteHistory?: readonly CommuteVersion[];
}

/** One lease's payroll line for a month. */
export interface PayrollLine {
  readonly orderId: number;
  readonly employeeId: string | null;
  readonly name: string;
  /** Gross salary converted this month: gross rate − employer subsidy (0 before the deduction starts). */
  readonly grossConversion: Cents;
  readonly employerContribution: Cents;
  /** Taxable benefit for private use (0.25 %/0.5 %/1 % of the rounded list price). */
  readonly benefitPrivateUse: Cents;
  /** Taxable benefit for commuting (0.03 % × km, or 0.002 % × km per trip). */
  readonly benefitCommute: Cents;
  readonly commutingMethod: CommutingMethod;
  /** E.g. "0,25 %". */
  readonly benefitRule: string;
  /** The last day of the car's use when it falls in this month (leaving or end of term), else null. */
  readonly endDate: IsoDate | null;
  readonly change: PayrollChange | null;
  readonly status: PayrollStatus;
  /** The pause of this month (null: no absence touches it). */
  readonly pause: MonthPause | null;
}

interface MonthFigures {
  grossConversion: Cents;
  employerContribution: Cents;
  benefitPrivateUse: Cents;
  benefitCommute: Cents;
  commutingMethod: CommutingMethod;
  benefitRule: string;
  endDate: IsoDate | null;
  pause: MonthPause | null;
  distanceKm: number;
}

/** The commute in force in `month` (see `PayrollLease.commuteHistory`). */
export function commuteIn(lease: PayrollLease, month: MonthIndex): Omit<CommuteVersion, 'from'> {
  const versions = lease.commuteHistory ?? [];
  const first = versions[0];
  if (first === undefined) return lease;
  const last = monthBounds(month).last;
  let found = first;
  for (const version of versions) if (version.from <= last) found = version;
  return found;
}

/** The monthly gross rate in force in `month` (see `PayrollLease.rateHistory`). */
export function rateIn(lease: Pick<PayrollLease, 'monthlyGrossRate' | 'rateHistory'>, month: MonthIndex): Cents {
  let rate = lease.monthlyGrossRate;
  for (const version of lease.rateHistory ?? []) if (version.fromMonth <= month) rate = version.monthlyGrossRate;
  return rate;
}

/** The last day the car is used: the earlier of leaving and the end of the lease term. */
export function lastDayOfUse(lease: PayrollLease): IsoDate {
  const termEnd = leaseTermEnd(lease.handoverDate, lease.durationMonths);
  if (lease.leavingDate === null) return termEnd;
  return parseIsoDate(lease.leavingDate, 'leavingDate').key < parseIsoDate(termEnd, 'termEnd').key
    ? lease.leavingDate
    : termEnd;
}

/** The months a lease is in use: read once per line (or per run of months), not once per month compared. */
interface UseSpan {
  handoverMonth: MonthIndex;
  /** The handover as a date key: the acquisition that chooses the benefit rule. */
  handoverKey: number;
  lastDay: IsoDate;
  lastMonth: MonthIndex;
}

function useSpanOf(lease: PayrollLease): UseSpan {
  const lastDay = lastDayOfUse(lease);
  return {
    handoverMonth: monthOfDate(lease.handoverDate, 'handoverDate'),
    handoverKey: parseIsoDate(lease.handoverDate, 'handoverDate').key,
    lastDay,
    lastMonth: monthOfDate(lastDay, 'lastDayOfUse'),
  };
}

/**
 * The figures of one lease in one month, or null when the car is not available in that month.
 *
 * - The benefit is a monthly amount and is not apportioned: a car available on a single day of a
 *   month (handover on the 31st, leaving on the 1st) carries the full monthly value; only whole
 *   calendar months without any use have none (R 8.1 Abs. 9 Nr. 1 LStR; BMF letter on company cars
 *   of 3.3.2022, IV C 5 - S 2334/21/10004 :001).
 * - The conversion follows the programme: from the handover month, or from the month after it.
 *   It runs to the month of the last day of use inclusive, as the contract says ("endet mit dem
 *   letzten abgerechneten Monat").
 */
function figuresFor(lease: PayrollLease, month: MonthIndex, span: UseSpan = useSpanOf(lease)): MonthFigures | null {
  const { handoverMonth, lastDay, lastMonth } = span;
  if (month < handoverMonth || month > lastMonth) return null;
  const rate = rateIn(lease, month);
  if (lease.employerContribution > rate || lease.employerContribution < 0) {
    throw new PayslipError('INVALID_INPUT', `Bestellung ${lease.orderId}: Zuschuss höher als die Rate.`);
  }
  const commute = commuteIn(lease, month);
  const firstDeduction = lease.deductionStart === 'HANDOVER_MONTH' ? handoverMonth : handoverMonth + 1;
  const deducting = month >= firstDeduction;
  const amount = deducting ? cents(rate - lease.employerContribution) : cents(0);
  const pause = monthPause(lease.absences ?? [], month, amount);
  const wholeMonth = pause !== null && pause.pausedDays === pause.daysInMonth;
  // packages/payroll/README.md, "Legal readings": the car stays with the person, so the private-use
  // benefit stays for every month; the 0.03 % commute value too (it prices the possibility), but a
  // per-trip valuation has no trip in a month without any working day.
  const benefit = companyCarBenefit({
    listPrice: lease.listPrice,
    driveType: lease.driveType,
    acquired: span.handoverKey,
    distanceKm: commute.distanceKm,
    commutingDays: wholeMonth && commute.singleAssessment ? 0 : commute.commutingDays,
    singleAssessment: commute.singleAssessment,
  });
  return {
    grossConversion: cents(amount - (pause?.pausedAmount ?? 0)),
    employerContribution: deducting ? lease.employerContribution : cents(0),
    benefitPrivateUse: benefit.privateUse,
    benefitCommute: benefit.commuting,
    commutingMethod: benefit.commutingMethod,
    benefitRule: benefit.rule.label,
    endDate: month === lastMonth ? lastDay : null,
    pause,
    distanceKm: commute.distanceKm,
  };
}

/**
 * The payroll line of one lease for `month`, with what changed against the month before: NEW in
 * the first month of use, ENDED in the month of the last day of use (the last month payroll
 * deducts), CHANGED when an amount differs from the month before, else null. Null when the car is
 * not in use in that month. Both months are computed from the same `lease`, so only what depends on
 * the month can differ: today the first deduction under "next month" (docs/decisions/0014).
 */
export function payrollLine(lease: PayrollLease, month: MonthIndex): PayrollLine | null {
  const span = useSpanOf(lease);
  const now = figuresFor(lease, month, span);
  if (!now) return null;
  return lineOf(lease, now, figuresFor(lease, month - 1, span));
}

/**
 * The lines of one lease for the months `first` to `first + count − 1`, each exactly as
 * `payrollLine(lease, month)` gives it, for readers that walk a year (the employer's year saving):
 * the use span is read once, and a month's figures serve as the next month's "before".
 */
export function payrollLinesFrom(lease: PayrollLease, first: MonthIndex, count: number): (PayrollLine | null)[] {
  const span = useSpanOf(lease);
  const lines: (PayrollLine | null)[] = [];
  // The figures of the month before the current one, where already computed (undefined: not yet).
  let previous: MonthFigures | null | undefined;
  for (let month = first; month < first + count; month++) {
    const now = figuresFor(lease, month, span);
    // As payrollLine: the month before is read only for a month in use.
    lines.push(now ? lineOf(lease, now, previous === undefined ? figuresFor(lease, month - 1, span) : previous) : null);
    previous = now;
  }
  return lines;
}

/** A month's line from its figures and the month before's (null: not in use then). */
function lineOf(lease: PayrollLease, now: MonthFigures, before: MonthFigures | null): PayrollLine {
  const change: PayrollChange | null =
    now.endDate !== null
      ? 'ENDED'
      : before === null
        ? 'NEW'
        : before.grossConversion !== now.grossConversion ||
            before.benefitPrivateUse !== now.benefitPrivateUse ||
            before.benefitCommute !== now.benefitCommute ||
            before.distanceKm !== now.distanceKm ||
            before.commutingMethod !== now.commutingMethod
          ? 'CHANGED'
          : null;
  return {
    orderId: lease.orderId,
    employeeId: lease.employeeId,
    name: lease.name,
    grossConversion: now.grossConversion,
    employerContribution: now.employerContribution,
    benefitPrivateUse: now.benefitPrivateUse,
    benefitCommute: now.benefitCommute,
    commutingMethod: now.commutingMethod,
    benefitRule: now.benefitRule,
    endDate: now.endDate,
    change,
    status: now.endDate !== null ? 'ENDED' : now.pause !== null ? 'PAUSED' : 'ACTIVE',
    pause: now.pause,
  };
}

/** Sums of a month's lines. */
export interface PayrollTotals {
  readonly leases: number;
  readonly grossConversion: Cents;
  readonly employerContribution: Cents;
  readonly benefitPrivateUse: Cents;
  readonly benefitCommute: Cents;
}

/** Every lease in use in `month`, sorted by personnel number, name and order; with the totals. */
/**
 * The orderings of `localeCompare(…, 'de', …)`, made once: a collator per comparison cost seconds
 * for an employer with ten thousand leases (twelve months of lines are sorted for the year's saving).
 */
const NUMBERS_DE = new Intl.Collator('de', { numeric: true });
const NAMES_DE = new Intl.Collator('de');

/**
 * The order of a month's lines: personnel number, name, order. Exported for readers that page the
 * leases themselves (the API streams a large employer's export in this order).
 */
export function comparePayrollLines(
  a: Pick<PayrollLine, 'employeeId' | 'name' | 'orderId'>,
  b: Pick<PayrollLine, 'employeeId' | 'name' | 'orderId'>,
): number {
  return (
    NUMBERS_DE.compare(a.employeeId ?? '', b.employeeId ?? '') ||
    NAMES_DE.compare(a.name, b.name) ||
    a.orderId - b.orderId
  );
}

export function payrollMonth(
  leases: readonly PayrollLease[],
  month: MonthIndex,
): { lines: PayrollLine[]; totals: PayrollTotals } {
  const lines = leases
    .map((lease) => payrollLine(lease, month))
    .filter((line): line is PayrollLine => line !== null)
    .sort(comparePayrollLines);
  let grossConversion = 0;
  let employerContribution = 0;
  let benefitPrivateUse = 0;
  let benefitCommute = 0;
  for (const line of lines) {
    grossConversion += line.grossConversion;
    employerContribution += line.employerContribution;
    benefitPrivateUse += line.benefitPrivateUse;
    benefitCommute += line.benefitCommute;
  }
  return {
    lines,
    totals: {
      leases: lines.length,
      grossConversion: cents(grossConversion),
      employerContribution: cents(employerContribution),
      benefitPrivateUse: cents(benefitPrivateUse),
      benefitCommute: cents(benefitCommute),
    },
  };
}
