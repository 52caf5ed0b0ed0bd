import { PayslipError } from './errors.js';

/** An ISO calendar date `YYYY-MM-DD` (no time, no zone: payroll works on calendar months). */
export type IsoDate = string;

/** A calendar date as the integer `yyyymmdd`, so that dates compare with `<` and `<=`. */
export type DateKey = number;

/** A parsed calendar date. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly key: DateKey;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses and validates an ISO date; throws a German `INVALID_INPUT` error otherwise. */
export function parseIsoDate(value: unknown, field: string): CalendarDate {
  const match = typeof value === 'string' ? ISO_DATE.exec(value) : null;
  if (!match) throw new PayslipError('INVALID_INPUT', `${field}: Datum im Format JJJJ-MM-TT erwartet.`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new PayslipError('INVALID_INPUT', `${field}: „${String(value)}“ ist kein gültiges Datum.`);
  }
  return { year, month, day, key: year * 10_000 + month * 100 + day };
}

/** The date key of an ISO date already known to be valid (used for static tables). */
export function dateKey(iso: IsoDate): DateKey {
  return parseIsoDate(iso, 'date').key;
}

/** Number of days of a month in the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * The month in which a person "completes" (vollendet) a year of life. German law (§ 187 Abs. 2
 * Satz 2, § 188 Abs. 2 BGB) lets a year of life end on the day before the birthday, so someone
 * born on the 1st of a month completes it in the previous month. Returned as `year * 12 + month0`.
 */
export function monthOfCompletingAge(birth: CalendarDate, age: number): number {
  const year = birth.year + age;
  const monthIndex = year * 12 + (birth.month - 1);
  return birth.day === 1 ? monthIndex - 1 : monthIndex;
}

/** `year * 12 + month0` of a date, the same month index as {@link monthOfCompletingAge}. */
export function monthIndex(date: CalendarDate): number {
  return date.year * 12 + (date.month - 1);
}
