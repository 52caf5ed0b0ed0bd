import type { Language } from '@leasing/contract';

/**
 * Dates and amounts in mails, in the reader's language: the web's formats (`apps/web/src/lib/format.ts`),
 * German (de-DE, `05.03.2026`, `1.234,50 €`) or British English (en-GB, `05/03/2026`: day before
 * month, `€1,234.50`), built on `Intl`.
 */
export interface MailFormat {
  /** A calendar date given as ISO `YYYY-MM-DD`, without a time zone shift. */
  date(isoDate: string): string;
  /** A calendar month given as `YYYY-MM`: "Dezember 2026", "December 2026". */
  month(isoMonth: string): string;
  /** An amount in euros (not cents), with two decimals. */
  euro(amount: number): string;
}

const LOCALES: Record<Language, 'de-DE' | 'en-GB'> = { de: 'de-DE', en: 'en-GB' };
const built = new Map<Language, MailFormat>();

export function mailFormat(language: Language): MailFormat {
  let format = built.get(language);
  if (!format) {
    const locale = LOCALES[language];
    // A calendar date is midnight UTC read in UTC: the day never moves with the server's zone.
    const day = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const euro = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
    format = {
      date: (isoDate) => {
        const parsed = new Date(`${isoDate}T00:00:00Z`);
        return Number.isNaN(parsed.getTime()) ? isoDate : day.format(parsed);
      },
      month: (isoMonth) => {
        const parsed = /^\d{4}-\d{2}$/.test(isoMonth) ? new Date(`${isoMonth}-01T00:00:00Z`) : new Date(Number.NaN);
        return Number.isNaN(parsed.getTime()) ? isoMonth : month.format(parsed);
      },
      euro: (amount) => euro.format(amount),
    };
    built.set(language, format);
  }
  return format;
}
