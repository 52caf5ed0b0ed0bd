/**
 * The calendar day in Germany (`YYYY-MM-DD`) at an instant: leases, handovers, leavings and payroll
 * months are German days, and the UTC date is yesterday's between midnight and 01:00 (02:00 in summer).
 */
const berlinDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' });

export function berlinToday(at: Date): string {
  return berlinDay.format(at);
}
