import { InvoiceMonthSchema } from '@leasing/contract';

import { dateTimeFormat } from '../../lib/format';

const berlinMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });

/** The current month in German time as `YYYY-MM`. */
export function currentMonth(now: Date = new Date()): string {
  const parts = berlinMonth.formatToParts(now);
  const year = parts.find((part) => part.type === 'year')?.value ?? '';
  const month = parts.find((part) => part.type === 'month')?.value ?? '';
  return `${year}-${month}`;
}

/** `month` moved by `delta` months, e.g. `shiftMonth('2026-01', -1)` = `2025-12`. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, index = 1] = month.split('-').map(Number);
  const total = year * 12 + (index - 1) + delta;
  return `${String(Math.floor(total / 12)).padStart(4, '0')}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** An invoice month `YYYY-MM` as the API accepts it. */
export function isInvoiceMonth(value: string | null | undefined): value is string {
  return typeof value === 'string' && InvoiceMonthSchema.safeParse(value).success;
}

/**
 * A month's name in the display language (lib/format.ts): `Dezember 2026`, or `December 2026` in
 * English. Months are calendar months, not instants: formatted in UTC so no zone shifts them.
 */
export function formatMonth(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (!isInvoiceMonth(month) || Number.isNaN(date.getTime())) return month;
  return dateTimeFormat({ month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/**
 * The months a picker offers, newest first: from `newest` back over `count` months, plus `extra` (a
 * month from the address outside that range) where it is a valid month. Each with its German name.
 */
export function monthOptions(newest: string, count: number, extra?: string | null): { value: string; label: string }[] {
  const months = Array.from({ length: count }, (_, index) => shiftMonth(newest, -index));
  if (isInvoiceMonth(extra) && !months.includes(extra)) {
    months.push(extra);
    months.sort((a, b) => b.localeCompare(a));
  }
  return months.map((value) => ({ value, label: formatMonth(value) }));
}
