import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { formatAmount, formatDate } from '../../lib/format';

export interface EmployerFormat {
  /** Exact amounts with cents: `1.234,56 €` (German) or `€1,234.56` (English). */
  amount: (eur: number | null | undefined) => string;
  /** A calendar date (`YYYY-MM-DD` or ISO time): `05.03.2026` or `05/03/2026`. */
  date: (value: string | null | undefined) => string;
  /** A payroll month `YYYY-MM`: `April 2026`. */
  month: (month: string) => string;
  /** Whole numbers with thousands separators. */
  integer: (value: number) => string;
}

const MISSING = '?';

function formatsFor(locale: 'de-DE' | 'en-GB'): EmployerFormat {
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 });
  const day = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  });
  // Months are calendar months, not instants: formatted in UTC so no zone shifts them.
  const monthName = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const month = (value: string) => {
    const date = new Date(`${value}-01T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? value : monthName.format(date);
  };
  if (locale === 'de-DE') {
    // The app's German formats (lib/format.ts), so the portal reads like every other page.
    return { amount: formatAmount, date: formatDate, month, integer: (value) => integer.format(value) };
  }
  return {
    amount: (eur) => (typeof eur === 'number' && Number.isFinite(eur) ? money.format(eur) : MISSING),
    date: (value) => {
      if (!value) return MISSING;
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? MISSING : day.format(date);
    },
    month,
    integer: (value) => integer.format(value),
  };
}

const GERMAN = formatsFor('de-DE');
let englishCache: EmployerFormat | undefined;

/** Money, dates and months in the language shown: de-DE by default, en-GB when English is chosen. */
export function useEmployerFormat(): EmployerFormat {
  const { i18n } = useTranslation();
  const english = (i18n.resolvedLanguage ?? i18n.language).startsWith('en');
  return useMemo(() => (english ? englishFormats() : GERMAN), [english]);
}

function englishFormats(): EmployerFormat {
  englishCache ??= formatsFor('en-GB');
  return englishCache;
}
