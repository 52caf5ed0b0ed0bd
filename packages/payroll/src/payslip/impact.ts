import { cents, divRoundHalfUp } from './money.js';
import type { SocialParameters } from '../social/parameters.js';
import type { RentenwertEntry } from '../social/rentenwert.js';
import type { BenefitImpact, PayslipBases, PensionImpact } from './types.js';

const EP_SCALE = 10_000;

/** Signed division rounded half away from zero (Entgeltpunkte are rounded "kaufmännisch"). */
function divSigned(numerator: number, denominator: number): number {
  const magnitude = divRoundHalfUp(Math.abs(numerator), denominator);
  return numerator < 0 ? -magnitude : magnitude;
}

/**
 * Pension effect of one year of conversion. Entgeltpunkte = RV wage / Durchschnittsentgelt of the
 * year (§ 70 Abs. 1 SGB VI; the provisional value is used for the current year, § 69 Abs. 2 SGB
 * VI), four decimals (§ 121 Abs. 1 SGB VI). The RV wage is the SV wage up to the BBG RV; in the
 * Übergangsbereich the full wage counts, not the reduced base (§ 70 Abs. 1a SGB VI). Monthly
 * pension = Entgeltpunkte × aktueller Rentenwert (§ 64 SGB VI; Zugangs- and Rentenartfaktor 1).
 */
export function pensionImpact(
  before: PayslipBases,
  after: PayslipBases,
  statutory: boolean,
  p: SocialParameters,
  rentenwert: RentenwertEntry,
): PensionImpact {
  const cap = p.bbgRvAv;
  const reductionMonth = statutory ? Math.min(before.svWage, cap) - Math.min(after.svWage, cap) : 0;
  const reductionYear = reductionMonth * 12;
  const ep = divSigned(reductionYear * EP_SCALE, p.durchschnittsentgeltVorlaeufig);
  return {
    applies: statutory,
    rvEntgeltReductionPerYear: cents(reductionYear),
    entgeltpunkteReductionPerYear: ep / EP_SCALE,
    monthlyPensionReduction: cents(divSigned(ep * rentenwert.rentenwert, EP_SCALE)),
    durchschnittsentgelt: p.durchschnittsentgeltVorlaeufig,
    rentenwert: rentenwert.rentenwert,
    rentenwertCarriedForward: rentenwert.carriedForward,
  };
}

const NOTE_KRANKENGELD =
  'Das Krankengeld bemisst sich am beitragspflichtigen Entgelt; es sinkt durch die Gehaltsumwandlung.';
const NOTE_ALG =
  'Das Arbeitslosengeld bemisst sich am beitragspflichtigen Entgelt; es sinkt durch die Gehaltsumwandlung.';
const NOTE_ELTERNGELD =
  'Das Elterngeld bemisst sich am steuerpflichtigen Arbeitslohn der letzten zwölf Monate; es sinkt durch die Gehaltsumwandlung.';
// Falling below the Versicherungspflichtgrenze is not a note but a warning with its amounts
// (`warnings`, code JAEG_UNDERRUN, warnings.ts); the flag below stays for callers that need it.
const NOTE_BY_BIT = [NOTE_KRANKENGELD, NOTE_ALG, NOTE_ELTERNGELD];

/** The notes for every combination of flags, built once (the per-vehicle path allocates none). */
const NOTES_BY_MASK: readonly (readonly string[])[] = Array.from({ length: 8 }, (_, mask) =>
  Object.freeze(NOTE_BY_BIT.filter((_, bit) => (mask & (1 << bit)) !== 0)),
);

/** Which wage-replacement benefits the conversion lowers (flags plus German notes). */
export function benefitImpact(
  before: PayslipBases,
  after: PayslipBases,
  flags: { statutoryHealth: boolean; unemploymentInsurance: boolean },
  p: SocialParameters,
): BenefitImpact {
  const kvDrop = Math.min(before.svWage, p.bbgKvPv) > Math.min(after.svWage, p.bbgKvPv);
  const avDrop = Math.min(before.svWage, p.bbgRvAv) > Math.min(after.svWage, p.bbgRvAv);
  const krankengeldReduced = flags.statutoryHealth && kvDrop;
  const arbeitslosengeldReduced = flags.unemploymentInsurance && avDrop;
  const elterngeldReduced = after.taxableWage < before.taxableWage;
  const jaeg = p.versicherungspflichtgrenze;
  const versicherungspflichtgrenzeUnterschritten =
    !flags.statutoryHealth && before.svWage >= jaeg && after.svWage < jaeg;
  const mask = (krankengeldReduced ? 1 : 0) | (arbeitslosengeldReduced ? 2 : 0) | (elterngeldReduced ? 4 : 0);
  return {
    svEntgeltReductionPerMonth: cents(before.svWage - after.svWage),
    taxableWageReductionPerMonth: cents(before.taxableWage - after.taxableWage),
    krankengeldReduced,
    arbeitslosengeldReduced,
    elterngeldReduced,
    versicherungspflichtgrenzeUnterschritten,
    notes: NOTES_BY_MASK[mask] ?? [],
  };
}
