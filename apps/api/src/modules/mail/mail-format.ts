import type { Language } from '@leasing/contract';

/**
 * Dates in mails, in the reader's language: the web's formats (`apps/web/src/lib/format.ts`), German
 * (de-DE, `05.03.2026`) or British English (en-GB, `05/03/2026`: day before month), built on `Intl`.
 */
export interface MailFormat {
  /** A calendar date given as ISO `YYYY-MM-DD`, without a time zone shift. */
  date(isoDate: string): string;
}

const LOCALES: Record<Language, 'de-DE' | 'en-GB'> = { de: 'de-DE', en: 'en-GB' };
const built = new Map<Language, MailFormat>();

export function mailFormat(language: Language): MailFormat {
  let format = built.get(language);
  if (!format) {
    // A calendar date is midnight UTC read in UTC: the day never moves with the server's zone.
    const day = new Intl.DateTimeFormat(LOCALES[language], {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'UTC',
    });
    format = {
      date: (isoDate) => {
        const parsed = new Date(`${isoDate}T00:00:00Z`);
        return Number.isNaN(parsed.getTime()) ? isoDate : day.format(parsed);
      },
    };
    built.set(language, format);
  }
  return format;
}
