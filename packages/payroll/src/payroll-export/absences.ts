import { parseIsoDate, type IsoDate } from '../payslip/dates.js';
import { cents, type Cents } from '../payslip/money.js';
import { monthBounds, type MonthIndex } from './months.js';

/**
 * Why no salary is paid (Krankengeld after the six weeks of sick pay, Elternzeit, unpaid leave, …): the
 * contract's `AbsenceTypes`, declared there once. The payroll only carries it through to the row; what
 * it computes depends on the payer alone.
 */
export type AbsenceType = string;

/**
 * Who carries the rate while no salary is paid (the programme policy's rule per absence type):
 * the employee transfers it from net pay, the employer carries it, or the package's rate insurance
 * pays it.
 */
export type AbsencePayer = 'EMPLOYEE_PAYS' | 'EMPLOYER_PAYS' | 'RATE_INSURANCE';

/** One recorded absence as payroll needs it; `to` null = open end. `payer` is the rule in force. */
export interface LeaseAbsence {
  readonly id: string;
  readonly type: AbsenceType;
  readonly from: IsoDate;
  readonly to: IsoDate | null;
  readonly payer: AbsencePayer;
}

/** The paused part of one month (docs/decisions/0036-absences-in-payroll.md). */
export interface MonthPause {
  /** The absence with the most days in the month (the earliest on a tie): the one the row names. */
  readonly absence: LeaseAbsence;
  /** Calendar days of the month covered by an absence. */
  readonly pausedDays: number;
  readonly daysInMonth: number;
  /** The part of the monthly conversion amount not converted, split by who carries it. */
  readonly pausedAmount: Cents;
  readonly employeePays: Cents;
  readonly employerPays: Cents;
  readonly rateInsurancePays: Cents;
}

const DAY = 86_400_000;
const dayNumber = (date: IsoDate, field: string) => {
  const d = parseIsoDate(date, field);
  return Date.UTC(d.year, d.month - 1, d.day) / DAY;
};

/**
 * The pause of a month, or null when no absence touches it. The month is split by calendar days:
 * of a conversion amount `A` in a month of `D` days with `P` absent days, `round(A × P / D)` is
 * paused and the rest converted; the paused amount goes to the payers in proportion to their days,
 * the employee's and the rate insurance's shares rounded half up, the employer taking the remainder
 * (so the parts always add up to the paused amount, to the cent). Overlapping absences are refused
 * when recorded; a day is counted once all the same.
 */
export function monthPause(absences: readonly LeaseAbsence[], month: MonthIndex, amount: Cents): MonthPause | null {
  // Most leases never pause: nothing to count (a large export asks twelve months of every lease).
  if (absences.length === 0) return null;
  const bounds = monthBounds(month);
  const first = dayNumber(bounds.first, 'month');
  const last = dayNumber(bounds.last, 'month');
  const daysInMonth = last - first + 1;
  const covered = new Map<number, LeaseAbsence>();
  for (const absence of [...absences].sort((a, b) => a.from.localeCompare(b.from))) {
    const from = Math.max(first, dayNumber(absence.from, 'from'));
    const to = Math.min(last, absence.to === null ? last : dayNumber(absence.to, 'to'));
    for (let day = from; day <= to; day++) if (!covered.has(day)) covered.set(day, absence);
  }
  if (covered.size === 0) return null;
  const daysOf = new Map<LeaseAbsence, number>();
  const byPayer: Record<AbsencePayer, number> = { EMPLOYEE_PAYS: 0, EMPLOYER_PAYS: 0, RATE_INSURANCE: 0 };
  for (const absence of covered.values()) {
    daysOf.set(absence, (daysOf.get(absence) ?? 0) + 1);
    byPayer[absence.payer] += 1;
  }
  let named: LeaseAbsence | null = null;
  for (const [absence, days] of daysOf) if (named === null || days > (daysOf.get(named) ?? 0)) named = absence;
  if (named === null) return null;
  const pausedDays = covered.size;
  const share = (days: number) => Math.round((amount * days) / daysInMonth);
  const pausedAmount = share(pausedDays);
  const employeePays = Math.min(share(byPayer.EMPLOYEE_PAYS), pausedAmount);
  const rateInsurancePays = Math.min(share(byPayer.RATE_INSURANCE), pausedAmount - employeePays);
  return {
    absence: named,
    pausedDays,
    daysInMonth,
    pausedAmount: cents(pausedAmount),
    employeePays: cents(employeePays),
    employerPays: cents(pausedAmount - employeePays - rateInsurancePays),
    rateInsurancePays: cents(rateInsurancePays),
  };
}

/**
 * The payer a lease gets for an absence: the policy's rule, except that the rate insurance pays only
 * where the lease package includes it; a package without it falls back to the employee (the rate is
 * the employee's own obligation under the conversion agreement).
 */
export function effectivePayer(rule: AbsencePayer, rateInsuranceIncluded: boolean): AbsencePayer {
  return rule === 'RATE_INSURANCE' && !rateInsuranceIncluded ? 'EMPLOYEE_PAYS' : rule;
}
