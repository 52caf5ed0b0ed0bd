import { mulPpmRound, ppm, type Cents, type Ppm } from '../payslip/money.js';
import { dateKey, type DateKey, type IsoDate } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';
import { SV_YEARS } from './years/index.js';

/**
 * Which dialect of the BMF PAP inputs a payment date needs. PAP 2026 added `ALV` and `PKPVAGZ`
 * and dropped `PKV = 2` ("private with employer subsidy"), see Lohnsteuer2025.xml / 2026.xml.
 */
export type PapDialect = '2025' | '2026';

/**
 * Social-insurance and payroll parameters valid for a span of payment dates. Money in cents
 * per month, rates in ppm (1 % = 10,000 ppm). Every value cites its source where it is set.
 */
export interface SocialParameterSet {
  /** First payment date (inclusive) the set applies to. */
  readonly validFrom: IsoDate;
  /** Last payment date (inclusive) the set applies to. */
  readonly validTo: IsoDate;
  /** Input dialect of the PAP for these payment dates. */
  readonly papDialect: PapDialect;
  /** Beitragsbemessungsgrenze Kranken-/Pflegeversicherung per month. */
  readonly bbgKvPv: Cents;
  /** Beitragsbemessungsgrenze Renten-/Arbeitslosenversicherung per month (uniform west/east since 2025). */
  readonly bbgRvAv: Cents;
  /** Jahresarbeitsentgeltgrenze (Versicherungspflichtgrenze) KV, per month. */
  readonly versicherungspflichtgrenze: Cents;
  /** Gesetzlicher Mindestlohn per hour (§ 1 Abs. 2 MiLoG with the Mindestlohnanpassungsverordnung). */
  readonly mindestlohnProStunde: Cents;
  /** Geringfügigkeitsgrenze per month: a regular wage up to this is a Minijob. */
  readonly geringfuegigkeitsgrenze: Cents;
  /** Upper end of the Übergangsbereich (Midijob) per month. */
  readonly uebergangsbereichBis: Cents;
  /** Faktor F of § 20 Abs. 2a SGB IV, four decimals, as an integer in 1/10,000 (0.6683 → 6683). */
  readonly faktorF: number;
  /** KV general contribution rate (allgemeiner Beitragssatz). */
  readonly kvAllgemein: Ppm;
  /** Average KV Zusatzbeitrag (durchschnittlicher Zusatzbeitragssatz), for the PKV subsidy cap. */
  readonly kvDurchschnittlicherZusatz: Ppm;
  /** PV rate total. */
  readonly pvGesamt: Ppm;
  /** PV employee share, general case (half of the total). */
  readonly pvArbeitnehmer: Ppm;
  /** PV employee share in Saxony (Buß- und Bettag not abolished there). */
  readonly pvArbeitnehmerSachsen: Ppm;
  /** PV employer share in Saxony. */
  readonly pvArbeitgeberSachsen: Ppm;
  /** PV childless surcharge, employee only. */
  readonly pvKinderlosenzuschlag: Ppm;
  /** Age whose completion starts the childless surcharge (from the following month). */
  readonly pvKinderlosenzuschlagAbAlter: number;
  /** PV reduction per child from the 2nd child (employee only). */
  readonly pvAbschlagJeKind: Ppm;
  /** Highest number of children with a reduction (2nd to 5th child = 4). */
  readonly pvAbschlagMaxKinder: number;
  /** RV rate total. */
  readonly rvGesamt: Ppm;
  /** AV rate total. */
  readonly avGesamt: Ppm;
  /** Arbeitnehmerkammer Bremen: rate on the taxable wage, no ceiling. */
  readonly arbeitskammerBremen: Ppm;
  /** Arbeitskammer des Saarlandes: rate on the SV wage, capped at the BBG RV. */
  readonly arbeitskammerSaarland: Ppm;
  /** Provisional Durchschnittsentgelt of the year (Anlage 1 SGB VI), EUR per year, in cents. */
  readonly durchschnittsentgeltVorlaeufig: Cents;
  /** Tax-free bAV share (§ 3 Nr. 63 EStG): 8 % of the BBG RV. */
  readonly bavSteuerfreiAnteil: Ppm;
  /** SV-free bAV share (§ 1 Abs. 1 Satz 1 Nr. 9 SvEV): 4 % of the BBG RV. */
  readonly bavSvFreiAnteil: Ppm;
}

/** Values derived once per parameter set (caps of subsidies and of bAV). */
export interface DerivedParameters {
  /** Highest employer subsidy to a private health insurance per month (§ 257 Abs. 2 SGB V). */
  readonly pkvZuschussMaxKv: Cents;
  /** Highest employer subsidy to a private long-term-care insurance (§ 61 Abs. 2 SGB XI). */
  readonly pkvZuschussMaxPv: Cents;
  /** The same in Saxony, where the employer's PV share is lower. */
  readonly pkvZuschussMaxPvSachsen: Cents;
  /** Monthly bAV conversion that stays tax-free. */
  readonly bavSteuerfreiMonat: Cents;
  /** Monthly bAV conversion that stays free of social insurance. */
  readonly bavSvFreiMonat: Cents;
}

/** A parameter set with its derived values and date keys. */
export interface SocialParameters extends SocialParameterSet, DerivedParameters {
  readonly fromKey: DateKey;
  readonly toKey: DateKey;
}

/**
 * The registry: one entry per span of payment dates, sorted, without gaps or overlaps
 * (checked by a test), one data file per year in `years/` (`sv-<year>.ts`, each value with its
 * source). A new value (e.g. a mid-year rate change) gets a new entry.
 */
export const SOCIAL_PARAMETER_SETS: readonly SocialParameterSet[] = SV_YEARS;

function derive(set: SocialParameterSet): SocialParameters {
  return {
    ...set,
    fromKey: dateKey(set.validFrom),
    toKey: dateKey(set.validTo),
    // § 257 Abs. 2 SGB V: half of the contribution at the general rate plus the average
    // Zusatzbeitrag on the BBG (2025: 471.32, 2026: 508.59 EUR; big-direkt.de, lohn-info.de).
    pkvZuschussMaxKv: mulPpmRound(set.bbgKvPv, ppm((set.kvAllgemein + set.kvDurchschnittlicherZusatz) / 2)),
    // § 61 Abs. 2 SGB XI: the employer's PV share on the BBG (2025: 99.23 EUR, Sachsen 71.66, as
    // published by big-direkt.de; 2026: 104.625 → 104.63, Sachsen 75.5625 → 75.56, computed with
    // the same half-up rounding, not found published).
    pkvZuschussMaxPv: mulPpmRound(set.bbgKvPv, ppm(set.pvGesamt - set.pvArbeitnehmer)),
    pkvZuschussMaxPvSachsen: mulPpmRound(set.bbgKvPv, set.pvArbeitgeberSachsen),
    bavSteuerfreiMonat: mulPpmRound(set.bbgRvAv, set.bavSteuerfreiAnteil),
    bavSvFreiMonat: mulPpmRound(set.bbgRvAv, set.bavSvFreiAnteil),
  };
}

const REGISTRY: readonly SocialParameters[] = SOCIAL_PARAMETER_SETS.map(derive);

/** All parameter sets with their derived values, sorted by date. */
export function socialParameterRegistry(): readonly SocialParameters[] {
  return REGISTRY;
}

/** The parameter set for a payment date; a German `NO_PARAMETERS_FOR_DATE` error if none. */
export function socialParametersFor(key: DateKey): SocialParameters {
  for (const set of REGISTRY) {
    if (set.fromKey <= key && key <= set.toKey) return set;
  }
  // Strict: the payslip asks for the date of the year whose rules it uses (`resolvePayrollYear`), so
  // a year without values is computed with the latest year's, marked provisional (ADR 0035).
  throw new PayslipError(
    'NO_PARAMETERS_FOR_DATE',
    `Für den Abrechnungsmonat ${formatKey(key)} sind die Sozialversicherungswerte und der Lohnsteuer-Programmablaufplan des BMF noch nicht hinterlegt; eine Nettorate kann erst danach berechnet werden (unterstützt: 2025 und 2026).`,
  );
}

function formatKey(key: DateKey): string {
  const text = String(key);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}
