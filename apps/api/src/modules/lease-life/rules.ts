import { DEFAULT_ABSENCE_PAYERS, type AbsencePayerRule, type AbsenceType, type TenantPolicy } from '@leasing/contract';
import { effectivePayer } from '@leasing/payroll';

import { mailFormat } from '../mail/index.js';

const germanDate = mailFormat('de').date;

/** An absence as the rules see it (ISO dates; `to` null = open end). */
export interface AbsencePeriod {
  id: string;
  from: string;
  to: string | null;
}

export interface FieldError {
  field: string;
  message: string;
}

const validDate = (date: string) =>
  !Number.isNaN(Date.parse(`${date}T00:00:00Z`)) && new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date;

/** The same calendar day one year earlier (29 February → 28 February). */
export function oneYearBefore(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - 1, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return new Date(Date.UTC(y - 1, m - 1, d - 1)).toISOString().slice(0, 10);
  return date.toISOString().slice(0, 10);
}

/**
 * Why an absence cannot be recorded or moved, as German field errors (empty: it can):
 * - both dates real calendar days, and `to` not before `from`;
 * - not before the earliest handover of the person's leases (`handovers`): no lease, nothing to pause;
 * - not more than a year back (`today` in Germany): older payroll months are closed;
 * - no overlap with another absence of the person (`others`, the absence itself left out).
 */
export function absenceRefusals(
  period: { from: string; to: string | null },
  handovers: readonly string[],
  others: readonly AbsencePeriod[],
  today: string,
): FieldError[] {
  const errors: FieldError[] = [];
  if (!validDate(period.from)) errors.push({ field: 'from', message: 'Bitte ein gültiges Datum angeben.' });
  if (period.to !== null && !validDate(period.to))
    errors.push({ field: 'to', message: 'Bitte ein gültiges Datum angeben.' });
  if (errors.length > 0) return errors;
  if (period.to !== null && period.to < period.from) {
    errors.push({ field: 'to', message: 'Das Ende darf nicht vor dem Beginn liegen.' });
  }
  const firstHandover = [...handovers].sort()[0];
  if (firstHandover === undefined) {
    errors.push({ field: 'from', message: 'Für diese Person ist kein Leasingfahrzeug übergeben.' });
  } else if (period.from < firstHandover) {
    errors.push({
      field: 'from',
      message: `Der Beginn darf nicht vor der Übergabe des Leasingfahrzeugs am ${germanDate(firstHandover)} liegen.`,
    });
  }
  const earliest = oneYearBefore(today);
  if (period.from < earliest) {
    errors.push({
      field: 'from',
      message: `Der Beginn darf höchstens ein Jahr zurückliegen (frühestens ${germanDate(earliest)}).`,
    });
  }
  const overlapping = others.find(
    (o) => (o.to === null || o.to >= period.from) && (period.to === null || period.to >= o.from),
  );
  if (overlapping) {
    const until = overlapping.to === null ? 'offen' : germanDate(overlapping.to);
    errors.push({
      field: 'from',
      message: `Überschneidet sich mit der Abwesenheit vom ${germanDate(overlapping.from)} bis ${until}.`,
    });
  }
  return errors;
}

/** The policy's rule for an absence type (the defaults where the policy names none). */
export function payerRule(policy: TenantPolicy, type: AbsenceType): AbsencePayerRule {
  return (policy.absencePayers ?? DEFAULT_ABSENCE_PAYERS)[type];
}

/** The payer of one lease: the rate insurance only where its package includes it. */
export function payerFor(policy: TenantPolicy, type: AbsenceType, rateInsuranceIncluded: boolean): AbsencePayerRule {
  return effectivePayer(payerRule(policy, type), rateInsuranceIncluded);
}

const BERLIN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in Germany as ISO `YYYY-MM-DD`. */
export function berlinToday(now: Date): string {
  return BERLIN_DAY.format(now);
}
