/**
 * What a date field shows and reads (ADR 0062): German `TT.MM.JJJJ` (de-DE), British `DD/MM/YYYY` when
 * the interface is English (en-GB, as `lib/format.ts`); the form and the API keep the ISO day
 * `YYYY-MM-DD` and the month `YYYY-MM`. Pure functions, without dayjs, so they can be tested alone.
 */
import type { Language } from '@leasing/contract';

/** dayjs formats of a day and a month, per interface language. */
export const DAY_FORMAT: Record<Language, string> = { de: 'DD.MM.YYYY', en: 'DD/MM/YYYY' };
export const MONTH_FORMAT: Record<Language, string> = { de: 'MMMM YYYY', en: 'MMMM YYYY' };
/** What an empty day field shows: the format in the person's words. */
export const DAY_PLACEHOLDER: Record<Language, string> = { de: 'TT.MM.JJJJ', en: 'DD/MM/YYYY' };

const DAY_FIRST = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A typed day as the ISO day, or null while it is none (yet): day first with dots or slashes in
 * either language (`5.3.2026`, `05/03/2026`; never month first, so a US date cannot slip in), or an
 * ISO day pasted as it is. Only real calendar days: `31.02.2026` is none.
 */
export function parseTypedDay(text: string): string | null {
  const trimmed = text.trim();
  const dayFirst = DAY_FIRST.exec(trimmed);
  const iso = dayFirst ? null : ISO_DAY.exec(trimmed);
  const [year, month, day] = dayFirst
    ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (year < 1000) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `YYYY-MM` as the first day of that month (a month picker's value), or null. */
export function monthToDay(month: string): string | null {
  return /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : null;
}

/** The month `YYYY-MM` of a picked day `YYYY-MM-DD`. */
export function dayToMonth(day: string): string {
  return day.slice(0, 7);
}
