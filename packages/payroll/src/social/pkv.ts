import { cents, mulPpmRound, ppm, type Cents, type Ppm } from '../payslip/money.js';
import type { SocialParameters } from './parameters.js';

/** Employer subsidies to a private health (PKV) and long-term-care (PPV) insurance. */
export interface PkvZuschuss {
  /** Subsidy to the PKV premium (§ 257 Abs. 2 SGB V). */
  readonly kv: Cents;
  /** Subsidy to the PPV premium (§ 61 Abs. 2 SGB XI). */
  readonly pv: Cents;
}

/** No subsidy (statutory members, or PKV members whose employer pays none). */
export const NO_PKV_ZUSCHUSS: PkvZuschuss = Object.freeze({ kv: cents(0), pv: cents(0) });

/** The employer's KV rate the subsidy uses: half the general rate plus half the average Zusatzbeitrag. */
export function pkvZuschussRateKv(p: SocialParameters): Ppm {
  return ppm((p.kvAllgemein + p.kvDurchschnittlicherZusatz) / 2);
}

/** The employer's PV share (§ 58 SGB XI): half the rate, in Saxony the lower employer share. */
export function pkvZuschussRatePv(saxony: boolean, p: SocialParameters): Ppm {
  return saxony ? p.pvArbeitgeberSachsen : ppm(p.pvGesamt - p.pvArbeitnehmer);
}

/**
 * The employer subsidies for a privately insured employee in one payslip.
 *
 * § 257 Abs. 2 Satz 2 SGB V: the KV subsidy is the amount that half the general rate (§ 241)
 * plus half the average Zusatzbeitrag (§ 242a) gives as a contribution on the contribution base
 * that would apply under compulsory insurance (§ 226 Abs. 1 Satz 1 Nr. 1 SGB V: the wage, up to
 * the BBG KV), "höchstens jedoch die Hälfte des Betrages, den der Beschäftigte für seine
 * Krankenversicherung zu zahlen hat". § 61 Abs. 2 SGB XI: the PPV subsidy is the employer's
 * share under compulsory insurance (§ 58: 1.8 %, Saxony 1.3 %), at most half the PPV premium.
 *
 * So the subsidies follow the wage of the payslip: a salary conversion that takes the wage below
 * the BBG KV lowers them. `beitragsbasis` is the base of the total contribution of that payslip:
 * the SV wage up to the BBG KV/PV, or in the Übergangsbereich the base of § 20 Abs. 2a Satz 1
 * SGB IV (§ 226 Abs. 4 SGB V). The statutory share is rounded half up like a contribution (BVV § 1
 * Abs. 2; Haufe's example: 4,837.50 × 7.95 % = 384.58); half the premium is rounded down
 * ("höchstens die Hälfte"). The subsidies are tax-free (§ 3 Nr. 62 EStG).
 */
export function pkvZuschuss(
  beitragPkv: Cents,
  beitragPv: Cents,
  saxony: boolean,
  beitragsbasis: Cents,
  p: SocialParameters,
): PkvZuschuss {
  const base = beitragsbasis < p.bbgKvPv ? beitragsbasis : p.bbgKvPv;
  const kvShare = mulPpmRound(base, pkvZuschussRateKv(p));
  const pvShare = mulPpmRound(base, pkvZuschussRatePv(saxony, p));
  const halfKv = Math.floor(beitragPkv / 2);
  const halfPv = Math.floor(beitragPv / 2);
  return {
    kv: cents(halfKv < kvShare ? halfKv : kvShare),
    pv: cents(halfPv < pvShare ? halfPv : pvShare),
  };
}
