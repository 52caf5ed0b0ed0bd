import { daysInMonth, parseIsoDate, type IsoDate } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';

/** A payroll month `YYYY-MM`. */
export type PayrollMonth = string;

/** A payroll month as `year * 12 + (month − 1)`: consecutive months are consecutive integers. */
export type MonthIndex = number;

const MONTH = /^(\d{4})-(\d{2})$/;

/** Parses `YYYY-MM`; throws a German `INVALID_INPUT` error otherwise. */
export function parsePayrollMonth(value: unknown): MonthIndex {
  const match = typeof value === 'string' ? MONTH.exec(value) : null;
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12 || year < 2000) {
    throw new PayslipError('INVALID_INPUT', `Monat im Format JJJJ-MM erwartet, nicht „${String(value)}“.`);
  }
  return year * 12 + (month - 1);
}

/** `YYYY-MM` of a month index. */
export function formatPayrollMonth(index: MonthIndex): PayrollMonth {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month an ISO date falls in. */
export function monthOfDate(date: IsoDate, field: string): MonthIndex {
  const d = parseIsoDate(date, field);
  return d.year * 12 + (d.month - 1);
}

/** First and last calendar day of a month as ISO dates. */
export function monthBounds(index: MonthIndex): { first: IsoDate; last: IsoDate } {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const mm = String(month).padStart(2, '0');
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${String(daysInMonth(year, month)).padStart(2, '0')}` };
}

/**
 * The last day of a lease of `durationMonths` handed over on `handover` (§ 188 Abs. 2 BGB): the day
 * before the same day-of-month `durationMonths` later; when that month has no such day, its last
 * day (§ 188 Abs. 3 BGB), so a lease handed over on 31 January for one month ends on 28 February.
 */
export function leaseTermEnd(handover: IsoDate, durationMonths: number): IsoDate {
  const d = parseIsoDate(handover, 'handoverDate');
  const endIndex = d.year * 12 + (d.month - 1) + durationMonths;
  const year = Math.floor(endIndex / 12);
  const month = (endIndex % 12) + 1;
  const lastDay = daysInMonth(year, month);
  if (d.day > lastDay) return monthBounds(endIndex).last;
  return new Date(Date.UTC(year, month - 1, d.day) - 86_400_000).toISOString().slice(0, 10);
}
