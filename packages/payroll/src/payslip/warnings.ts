import { cents, divRoundHalfUp, type Cents } from './money.js';
import type { NormalizedProfile } from './profile.js';
import type { SocialParameters } from '../social/parameters.js';
import type { PayslipBases, PayslipWarning } from './types.js';

/**
 * Hours of the full-time week the minimum-wage check assumes: the profile has no working hours.
 * A wage that was at least the minimum wage of such a week before the conversion and is below it
 * after is flagged; a part-time wage (below it already before) is never flagged.
 */
export const FULL_TIME_HOURS_PER_WEEK = 40;

const NONE: readonly PayslipWarning[] = Object.freeze([]);

/**
 * The monthly cash wage a full-time week at the minimum wage gives: hourly rate × hours × 13 / 3
 * (13 weeks a quarter, 3 months; the convention of § 8 Abs. 1a SGB IV), rounded half up to the cent.
 */
export function minimumWageMonth(p: SocialParameters): Cents {
  return cents(divRoundHalfUp(p.mindestlohnProStunde * FULL_TIME_HOURS_PER_WEEK * 13, 3));
}

/**
 * The limits the conversion takes the employee below (each only when the conversion is what
 * crosses it: the wage before was at or above it):
 *
 * - `JAEG_UNDERRUN`: a privately insured employee whose regular annual wage (12 × the monthly
 *   SV wage, non-cash benefits included) falls below the allgemeine Jahresarbeitsentgeltgrenze of
 *   § 6 Abs. 6 SGB V: the Versicherungsfreiheit of § 6 Abs. 1 Nr. 1 SGB V ends with the reduction
 *   and compulsory statutory insurance can begin, unless an exception applies (§ 6 Abs. 3a SGB V
 *   from 55, an exemption on application under § 8 Abs. 1 Nr. 1 SGB V, the besondere JAEG of
 *   § 6 Abs. 7 SGB V for those privately insured since 2002). The profile does not say which,
 *   hence "kann".
 * - `MIDIJOB_RANGE`: the monthly SV wage falls into the Übergangsbereich (§ 20 Abs. 2 SGB IV).
 * - `BELOW_MINIMUM_WAGE`: the cash wage left after all conversions falls below the minimum wage of a
 *   full-time month ({@link FULL_TIME_HOURS_PER_WEEK}); the minimum wage is owed in cash (§ 1
 *   MiLoG, § 107 Abs. 1 GewO), non-cash benefits do not count.
 */
export function payslipWarnings(
  before: PayslipBases,
  after: PayslipBases,
  profile: Pick<NormalizedProfile, 'statutoryHealth' | 'gross'>,
  p: SocialParameters,
): readonly PayslipWarning[] {
  let warnings: PayslipWarning[] | null = null;
  const jaegYear = p.versicherungspflichtgrenze * 12;
  if (!profile.statutoryHealth && before.svWage * 12 >= jaegYear && after.svWage * 12 < jaegYear) {
    (warnings ??= []).push(jaegWarning(cents(after.svWage * 12), cents(jaegYear)));
  }
  if (after.uebergangsbereich && !before.uebergangsbereich) {
    (warnings ??= []).push(midijobWarning(after.svWage, p));
  }
  const minimum = minimumWageMonth(p);
  const cashBefore = profile.gross - before.cashConversions;
  const cashAfter = profile.gross - after.cashConversions;
  if (cashBefore >= minimum && cashAfter < minimum) {
    (warnings ??= []).push(minimumWageWarning(cents(cashAfter), minimum, p));
  }
  return warnings ?? NONE;
}

function jaegWarning(wage: Cents, limit: Cents): PayslipWarning {
  const shortfall = cents(limit - wage);
  return {
    code: 'JAEG_UNDERRUN',
    period: 'YEAR',
    limit,
    wage,
    shortfall,
    message:
      `Ihr regelmäßiges Jahresarbeitsentgelt sinkt durch die Gehaltsumwandlung auf ${eurDe(wage)} ` +
      `und liegt damit ${eurDe(shortfall)} unter der Jahresarbeitsentgeltgrenze von ${eurDe(limit)}. ` +
      'Dadurch kann für Sie Versicherungspflicht in der gesetzlichen Krankenversicherung eintreten. ' +
      'Bitte klären Sie das vor der Bestellung mit Ihrer Personalabteilung oder Ihrer Krankenversicherung.',
  };
}

function midijobWarning(wage: Cents, p: SocialParameters): PayslipWarning {
  const limit = p.uebergangsbereichBis;
  const shortfall = cents(limit - wage);
  return {
    code: 'MIDIJOB_RANGE',
    period: 'MONTH',
    limit,
    wage,
    shortfall,
    message:
      `Ihr sozialversicherungspflichtiges Entgelt sinkt durch die Gehaltsumwandlung auf ${eurDe(wage)} ` +
      `im Monat und liegt damit ${eurDe(shortfall)} unter der Obergrenze des Übergangsbereichs ` +
      `(Midijob) von ${eurDe(limit)}. Ihre Sozialversicherungsbeiträge werden dann aus einer ` +
      'verminderten Bemessungsgrundlage berechnet; Ihre Rente bemisst sich weiter am tatsächlichen Entgelt.',
  };
}

function minimumWageWarning(wage: Cents, limit: Cents, p: SocialParameters): PayslipWarning {
  const shortfall = cents(limit - wage);
  return {
    code: 'BELOW_MINIMUM_WAGE',
    period: 'MONTH',
    limit,
    wage,
    shortfall,
    message:
      `Nach der Gehaltsumwandlung bleiben Ihnen ${eurDe(wage)} Barlohn im Monat. Bei einer ` +
      `Vollzeitstelle mit ${FULL_TIME_HOURS_PER_WEEK} Wochenstunden sind das ${eurDe(shortfall)} weniger ` +
      `als der gesetzliche Mindestlohn von ${eurDe(p.mindestlohnProStunde)} je Stunde ` +
      `(${eurDe(limit)} im Monat), der in Geld zu zahlen ist. Bitte klären Sie mit Ihrer ` +
      'Personalabteilung, ob die Umwandlung in dieser Höhe zulässig ist.',
  };
}

/** "1.234,56 EUR": German digit grouping and decimal comma. */
function eurDe(amount: Cents): string {
  const euros = Math.floor(amount / 100);
  const rest = String(amount % 100).padStart(2, '0');
  return `${String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${rest} EUR`;
}
