import { cents, formatEur, mulPpmRound, ppm, type Cents, type Ppm } from '../payslip/money.js';
import { PayslipError } from '../payslip/errors.js';
import type { SocialParameters } from './parameters.js';
import { uebergangsbereichBases } from './uebergangsbereich.js';

/**
 * The employee's social-insurance situation, resolved once per profile and payment month:
 * which branches apply and at which employee rates.
 */
export interface SvPerson {
  /** Statutory health and long-term-care insurance (GKV/SPV); false = private (PKV). */
  readonly statutoryHealth: boolean;
  /** Employee's KV rate: half of the insurer's general rate (14.6 % or reduced 14.0 %). */
  readonly kvArbeitnehmer: Ppm;
  /** Employee's half of the insurer's Zusatzbeitrag. */
  readonly kvZusatzArbeitnehmer: Ppm;
  /** Employee's PV rate without the childless surcharge, after child reductions (Saxony aware). */
  readonly pvArbeitnehmer: Ppm;
  /** Childless surcharge (0 if it does not apply). */
  readonly pvZuschlag: Ppm;
  /** Statutory pension insurance. */
  readonly rv: boolean;
  /** Statutory unemployment insurance. */
  readonly av: boolean;
}

/** The employee's contributions for one month. */
export interface SvContributions {
  /** KV employee share incl. half the Zusatzbeitrag (0 for PKV: the premium is added elsewhere). */
  readonly krankenversicherung: Cents;
  /** PV employee share incl. childless surcharge. */
  readonly pflegeversicherung: Cents;
  /** RV employee share. */
  readonly rentenversicherung: Cents;
  /** AV employee share. */
  readonly arbeitslosenversicherung: Cents;
  /** Whether the Übergangsbereich formula was applied. */
  readonly uebergangsbereich: boolean;
  /** Base of the total contribution: wage up to the BBG KV, or the Midijob base (Satz 1). */
  readonly beitragsbasisKv: Cents;
  /** RV base: wage up to the BBG RV, or the Midijob base (Satz 1). */
  readonly beitragsbasisRv: Cents;
}

/** The SV branches' employee rates: half the total rate (BVV § 2 Abs. 1: "halber Beitragssatz"). */
export function rvArbeitnehmer(p: SocialParameters): Ppm {
  return ppm(p.rvGesamt / 2);
}

/** AV employee rate, half of the total. */
export function avArbeitnehmer(p: SocialParameters): Ppm {
  return ppm(p.avGesamt / 2);
}

/**
 * Employee contributions on the regular monthly SV wage `svWage` (after conversions, including
 * non-cash benefits). Refuses Minijob wages. Rounding per Beitragsverfahrensverordnung § 2 Abs. 1:
 * equal splits use the half rate on the wage, rounded; unequal splits (Saxony PV, child reductions,
 * surcharge) use the employee's own total rate, rounded once. The KV Zusatzbeitrag is a
 * contribution of its own (§ 242 SGB V, separate field in the Beitragsnachweis) and is rounded
 * separately.
 */
export function svContributions(svWage: Cents, person: SvPerson, p: SocialParameters): SvContributions {
  if (svWage <= p.geringfuegigkeitsgrenze) throw minijobError(svWage, p);
  const midi = uebergangsbereichBases(svWage, p);
  if (midi) return midijobContributions(midi.gesamt, midi.arbeitnehmer, person, p);
  const kvBase = svWage < p.bbgKvPv ? svWage : p.bbgKvPv;
  const rvBase = svWage < p.bbgRvAv ? svWage : p.bbgRvAv;
  return {
    krankenversicherung: person.statutoryHealth ? kv(kvBase, person) : cents(0),
    pflegeversicherung: person.statutoryHealth
      ? mulPpmRound(kvBase, ppm(person.pvArbeitnehmer + person.pvZuschlag))
      : cents(0),
    rentenversicherung: person.rv ? mulPpmRound(rvBase, rvArbeitnehmer(p)) : cents(0),
    arbeitslosenversicherung: person.av ? mulPpmRound(rvBase, avArbeitnehmer(p)) : cents(0),
    uebergangsbereich: false,
    beitragsbasisKv: kvBase,
    beitragsbasisRv: rvBase,
  };
}

function kv(base: Cents, person: SvPerson): Cents {
  return cents(mulPpmRound(base, person.kvArbeitnehmer) + mulPpmRound(base, person.kvZusatzArbeitnehmer));
}

/**
 * Midijob: every employee share uses the employee base (§ 20 Abs. 2a Satz 6 SGB IV); the
 * childless surcharge, borne by the employee alone, uses the total base (Satz 1), as the
 * Spitzenverbände prescribe (ikk-suedwest.de, "gesondert ... auf die reduzierte beitragspflichtige
 * Einnahme"; steuerkanzlei-gelbrich.de "siehe Schritt 1").
 */
function midijobContributions(
  gesamt: Cents,
  arbeitnehmer: Cents,
  person: SvPerson,
  p: SocialParameters,
): SvContributions {
  const pv = person.statutoryHealth
    ? mulPpmRound(arbeitnehmer, person.pvArbeitnehmer) + mulPpmRound(gesamt, person.pvZuschlag)
    : 0;
  return {
    krankenversicherung: person.statutoryHealth ? kv(arbeitnehmer, person) : cents(0),
    pflegeversicherung: cents(pv),
    rentenversicherung: person.rv ? mulPpmRound(arbeitnehmer, rvArbeitnehmer(p)) : cents(0),
    arbeitslosenversicherung: person.av ? mulPpmRound(arbeitnehmer, avArbeitnehmer(p)) : cents(0),
    uebergangsbereich: true,
    beitragsbasisKv: gesamt,
    beitragsbasisRv: gesamt,
  };
}

function minijobError(svWage: Cents, p: SocialParameters): PayslipError {
  const limit = formatEur(p.geringfuegigkeitsgrenze).replace('.', ',');
  const wage = formatEur(svWage).replace('.', ',');
  return new PayslipError(
    'MINIJOB_NOT_SUPPORTED',
    `Das sozialversicherungspflichtige Entgelt von ${wage} EUR liegt nicht über der Geringfügigkeitsgrenze von ${limit} EUR. Für Minijobs ist keine Gehaltsumwandlung möglich.`,
  );
}
