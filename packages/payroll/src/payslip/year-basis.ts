import { PAP_VERSIONS } from '../pap/registry.js';
import { SOCIAL_PARAMETER_SETS } from '../social/parameters.js';
import { daysInMonth, parseIsoDate, type IsoDate } from './dates.js';
import { PayslipError } from './errors.js';

/**
 * The rules a payment date is computed with. A year counts as "known" once both its wage-tax plan
 * (PAP, `PAP_VERSIONS`) and its social-insurance values (`SOCIAL_PARAMETER_SETS`) cover every day of
 * it. A payment date in a later year is computed with the latest known year's rules and marked
 * `provisional`: the BMF publishes the PAP and the ordinances fix the SV values for a year in its
 * autumn before, sometimes later, and the product must not go dark on the first of January
 * (ADR 0035). The marker travels with every figure computed that way.
 */
export interface PayrollYearBasis {
  /** The year whose rules the figures are computed with. */
  readonly year: number;
  /** The year of the payment date. */
  readonly requestedYear: number;
  /** True when `year` differs from `requestedYear`: the figures are an estimate with last year's rules. */
  readonly provisional: boolean;
  /** The payment date moved into `year` (same month and day; 29 February becomes the 28th): the date the rules are looked up for. */
  readonly rulesDate: IsoDate;
}

/** Years whose PAP and SV values each cover 1 January to 31 December (sorted). */
function knownYears(): number[] {
  const covered = (ranges: readonly { validFrom: string; validTo: string }[], year: number) => {
    // Ranges are contiguous and sorted (tested in registry.test.ts and parameters.test.ts).
    const inYear = ranges.filter((r) => r.validFrom <= `${year}-12-31` && r.validTo >= `${year}-01-01`);
    return (
      inYear.length > 0 &&
      (inYear[0]?.validFrom ?? '') <= `${year}-01-01` &&
      (inYear[inYear.length - 1]?.validTo ?? '') >= `${year}-12-31`
    );
  };
  const years = new Set(PAP_VERSIONS.map((v) => Number(v.validFrom.slice(0, 4))));
  return [...years].filter((y) => covered(PAP_VERSIONS, y) && covered(SOCIAL_PARAMETER_SETS, y)).sort((a, b) => a - b);
}

const KNOWN_YEARS = knownYears();

/** The latest year with both a wage-tax plan and social-insurance values. */
export function latestKnownPayrollYear(): number {
  const latest = KNOWN_YEARS[KNOWN_YEARS.length - 1];
  if (latest === undefined) throw new Error('No payroll year has both a PAP and social-insurance values.');
  return latest;
}

/**
 * Which year's rules a payment date is computed with. A known year: its own rules. A year after the
 * latest known one: the latest known year's rules, `provisional: true`. A date before the first known
 * year is refused (`NO_PARAMETERS_FOR_DATE`, German message): nothing is estimated backwards.
 */
export function resolvePayrollYear(date: IsoDate): PayrollYearBasis {
  const payment = parseIsoDate(date, 'date');
  if (KNOWN_YEARS.includes(payment.year)) {
    return { year: payment.year, requestedYear: payment.year, provisional: false, rulesDate: date };
  }
  const latest = latestKnownPayrollYear();
  if (payment.year < latest) {
    throw new PayslipError(
      'NO_PARAMETERS_FOR_DATE',
      `Für den Abrechnungsmonat ${date} sind die Sozialversicherungswerte und der Lohnsteuer-Programmablaufplan des BMF nicht hinterlegt (unterstützt ab ${KNOWN_YEARS[0] ?? latest}).`,
    );
  }
  const day = Math.min(payment.day, daysInMonth(latest, payment.month));
  const rulesDate = `${latest}-${String(payment.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { year: latest, requestedYear: payment.year, provisional: true, rulesDate };
}

/** The German sentence that goes with provisional figures (tax answer, contract, payroll export). */
export function provisionalYearMessage(basis: Pick<PayrollYearBasis, 'year' | 'requestedYear'>): string {
  return `Vorläufig: berechnet mit den Regeln von ${basis.year}, die Werte für ${basis.requestedYear} (Lohnsteuer-Programmablaufplan des BMF, Sozialversicherungswerte) liegen noch nicht vor. Die Rate wird neu berechnet, sobald sie vorliegen.`;
}
