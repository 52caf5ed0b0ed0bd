/**
 * Calendar dates in the back office are German days: a code "valid through 31 March" works until
 * midnight in Berlin, a filter "from 1 March" starts at midnight in Berlin, whatever the server's zone.
 */
const HOUR_IN_BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  hourCycle: 'h23',
});
const DATE_IN_BERLIN = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });
const MONTH_IN_BERLIN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
});

/** The instant 00:00 in Berlin starts the day `date` (ISO `YYYY-MM-DD`), `plusDays` later. */
export function startOfBerlinDay(date: string, plusDays = 0): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const midnightUtc = Date.UTC(y, m - 1, d + plusDays);
  // Berlin is UTC+1 in winter and UTC+2 in summer: the candidate that reads 00 there is the one.
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(midnightUtc - offsetHours * 3600_000);
    if (HOUR_IN_BERLIN.format(candidate) === '00') return candidate;
  }
  return new Date(midnightUtc - 3600_000);
}

/** `YYYY-MM` of the instant in Berlin. */
export function berlinMonth(at: Date): string {
  return MONTH_IN_BERLIN.format(at);
}

/** `YYYY-MM-DD` of the instant in Berlin. */
export function berlinDate(at: Date): string {
  return DATE_IN_BERLIN.format(at);
}
