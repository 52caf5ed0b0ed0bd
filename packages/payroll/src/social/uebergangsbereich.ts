import { cents, divRoundHalfUp, type Cents } from '../payslip/money.js';
import type { SocialParameters } from './parameters.js';

/** The two reduced bases of a Midijob (§ 20 Abs. 2a SGB IV), each rounded to the cent. */
export interface UebergangsbereichBases {
  /** Base of the total contribution (Satz 1): F × G + ([OG/(OG−G)] − [G/(OG−G)] × F) × (AE − G). */
  readonly gesamt: Cents;
  /** Base of the employee's share (Satz 6 as amended 1.10.2022): OG/(OG−G) × (AE − G). */
  readonly arbeitnehmer: Cents;
}

const F_SCALE = 10_000;

/**
 * The Übergangsbereich bases for a regular monthly wage `ae`, or `null` if `ae` is above the
 * Übergangsbereich. The caller has already refused wages up to the Geringfügigkeitsgrenze.
 * Integer arithmetic: F is held in 1/10,000 (it is fixed to four decimals by the BMAS), and each
 * base is rounded half up to the cent as in the Spitzenverbände's examples (e.g. TK: 564.28).
 */
export function uebergangsbereichBases(ae: Cents, p: SocialParameters): UebergangsbereichBases | null {
  if (ae > p.uebergangsbereichBis || ae <= p.geringfuegigkeitsgrenze) return null;
  const g = p.geringfuegigkeitsgrenze;
  const og = p.uebergangsbereichBis;
  const span = og - g;
  const above = ae - g;
  const gesamtNumerator = p.faktorF * g * span + (og * F_SCALE - g * p.faktorF) * above;
  return {
    gesamt: cents(divRoundHalfUp(gesamtNumerator, F_SCALE * span)),
    arbeitnehmer: cents(divRoundHalfUp(og * above, span)),
  };
}
