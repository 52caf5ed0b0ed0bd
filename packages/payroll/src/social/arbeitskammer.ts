import { cents, mulPpmFloor, type Cents } from '../payslip/money.js';
import type { SocialParameters } from './parameters.js';

/** The states with a chamber contribution: Bremen (Arbeitnehmerkammer) and Saarland (Arbeitskammer). */
export type ArbeitskammerLand = 'HB' | 'SL';

/**
 * The monthly chamber contribution, fractions of a cent dropped in both states.
 *
 * Bremen (Gesetz über die Arbeitnehmerkammer § 20, Beitragsordnung § 3): a rate of the taxable
 * wage (steuerpflichtiger Arbeitslohn, so non-cash benefits count), no ceiling, only for wages
 * above the Geringfügigkeitsgrenze (haufe.de "Arbeitnehmerkammern 1.1/1.2").
 *
 * Saarland (VO über die Erhebung von Beiträgen für die Arbeitskammer): 0.15 % of the wage subject
 * to social insurance, at most of the BBG RV; in the Übergangsbereich of the reduced base
 * ("fiktives Arbeitsentgelt", lohn-info.de). Which of the two Midijob bases is meant is not spelt
 * out in the material used; the base of the total contribution (§ 20 Abs. 2a Satz 1 SGB IV) is
 * taken. Minijobs are exempt, but they are refused earlier anyway.
 */
export function arbeitskammerBeitrag(
  land: ArbeitskammerLand,
  taxableWage: Cents,
  svBaseRv: Cents,
  p: SocialParameters,
): Cents {
  if (land === 'HB') {
    return taxableWage > p.geringfuegigkeitsgrenze ? mulPpmFloor(taxableWage, p.arbeitskammerBremen) : cents(0);
  }
  const base = svBaseRv < p.bbgRvAv ? svBaseRv : p.bbgRvAv;
  return mulPpmFloor(base, p.arbeitskammerSaarland);
}
