import { dateKey, type IsoDate } from '../payslip/dates.js';
import { resolvePayrollYear } from '../payslip/year-basis.js';
import { cents, mulPpmRound, ppm, type Cents, type Ppm } from '../payslip/money.js';
import { socialParametersFor } from '../social/parameters.js';

/** What the employer's social-security share depends on. */
export interface EmployerSvPerson {
  /** Statutory health and care insurance; false = private (the employer's subsidy is not a contribution). */
  readonly statutoryHealth: boolean;
  /** The insurer's Zusatzbeitrag in percent (e.g. 2.9); the employer pays half. */
  readonly kvZusatzPercent: number;
  readonly pensionInsurance: boolean;
  readonly unemploymentInsurance: boolean;
  /** Saxony: the employer's PV share is lower (Buß- und Bettag). */
  readonly saxony: boolean;
}

/**
 * The employer's monthly social-security saving from one salary conversion: its share of KV, PV, RV
 * and AV on the SV wage before (gross) minus the same on the SV wage after (gross − conversion +
 * benefit), each base capped at its Beitragsbemessungsgrenze. Returns null when either wage lies
 * in the Übergangsbereich or below, where the employer's share follows § 20 Abs. 2a SGB IV and is
 * not modelled here. The levies U1/U2/U3 and the accident insurance are left out (they depend on
 * the employer's insurer and trade association).
 */
export function employerSvSaving(
  person: EmployerSvPerson,
  paymentDate: IsoDate,
  svWageBefore: Cents,
  svWageAfter: Cents,
): Cents | null {
  // A year without its SV values yet uses the latest known year's (provisional, ADR 0035): the
  // caller marks the figure with `resolvePayrollYear(paymentDate).provisional`.
  const p = socialParametersFor(dateKey(resolvePayrollYear(paymentDate).rulesDate));
  if (svWageBefore <= p.uebergangsbereichBis || svWageAfter <= p.uebergangsbereichBis) return null;
  // The employer pays half of the general KV rate and of the Zusatzbeitrag (§ 249 Abs. 1 SGB V),
  // half of RV and AV (§ 168 SGB VI, § 346 SGB III) and the PV total less the employee's share
  // (§ 58 SGB XI; the childless surcharge is the employee's alone).
  const zusatz = ppm(Math.round(person.kvZusatzPercent * 10_000) / 2);
  const rates: EmployerRates = {
    kv: person.statutoryHealth ? ppm(p.kvAllgemein / 2 + zusatz) : null,
    pv: person.statutoryHealth ? (person.saxony ? p.pvArbeitgeberSachsen : ppm(p.pvGesamt - p.pvArbeitnehmer)) : null,
    rv: person.pensionInsurance ? ppm(p.rvGesamt / 2) : null,
    av: person.unemploymentInsurance ? ppm(p.avGesamt / 2) : null,
  };
  return cents(
    employerShare(svWageBefore, rates, p.bbgKvPv, p.bbgRvAv) - employerShare(svWageAfter, rates, p.bbgKvPv, p.bbgRvAv),
  );
}

/** The employer's rate of each branch (null: the person is not insured there through the employer). */
interface EmployerRates {
  kv: Ppm | null;
  pv: Ppm | null;
  rv: Ppm | null;
  av: Ppm | null;
}

/** The employer's share on one SV wage, each base capped at its Beitragsbemessungsgrenze. */
function employerShare(wage: Cents, rates: EmployerRates, bbgKvPv: Cents, bbgRvAv: Cents): number {
  const kvBase = cents(Math.min(wage, bbgKvPv));
  const rvBase = cents(Math.min(wage, bbgRvAv));
  return part(kvBase, rates.kv) + part(kvBase, rates.pv) + part(rvBase, rates.rv) + part(rvBase, rates.av);
}

const part = (base: Cents, rate: Ppm | null): number => (rate === null ? 0 : mulPpmRound(base, rate));
