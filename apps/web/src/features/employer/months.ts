import { PayrollMonthSchema } from '@leasing/contract';

const berlinMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });

/** The current month in German time as `YYYY-MM` (payroll months follow the employer's calendar). */
export function currentMonth(now: Date = new Date()): string {
  const parts = berlinMonth.formatToParts(now);
  const year = parts.find((part) => part.type === 'year')?.value ?? '';
  const month = parts.find((part) => part.type === 'month')?.value ?? '';
  return `${year}-${month}`;
}

/** A payroll month `YYYY-MM` as the API accepts it. */
export function isMonth(value: string | undefined): value is string {
  return value !== undefined && PayrollMonthSchema.safeParse(value).success;
}

/** `month` moved by `delta` months, e.g. `shiftMonth('2026-01', -1)` = `2025-12`. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const total = year * 12 + (index - 1) + delta;
  const nextYear = Math.floor(total / 12);
  return `${String(nextYear).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in German time as `YYYY-MM-DD`. */
export function todayIso(now: Date = new Date()): string {
  return berlinDay.format(now);
}

/** A real calendar date `YYYY-MM-DD`. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
