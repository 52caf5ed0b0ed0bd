import { cents, mulPpmRound, ppm, type Cents, type Ppm } from '../payslip/money.js';
import { dateKey, type DateKey, type IsoDate } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';

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
 * (checked by a test). A new value (e.g. a mid-year rate change) gets a new entry.
 */
export const SOCIAL_PARAMETER_SETS: readonly SocialParameterSet[] = [
  {
    validFrom: '2025-01-01',
    validTo: '2025-12-31',
    papDialect: '2025',
    // Sozialversicherungsrechengrößen-Verordnung 2025 (BGBl. 2024 I Nr. 365): BBG KV/PV
    // 66,150 EUR/year = 5,512.50/month (§ 223 Abs. 3 SGB V, § 55 Abs. 2 SGB XI).
    bbgKvPv: cents(551_250),
    // Same VO: BBG RV/AV 96,600 EUR/year = 8,050/month, one value west and east from 2025
    // (§ 275a SGB VI expired; § 341 Abs. 4 SGB III). PAP 2025 MPARA uses 96,600 as well.
    bbgRvAv: cents(805_000),
    // Same VO: allgemeine Jahresarbeitsentgeltgrenze 73,800 EUR (§ 6 Abs. 6 SGB V).
    versicherungspflichtgrenze: cents(615_000),
    // Vierte Mindestlohnanpassungsverordnung: 12.82 EUR per hour from 1.1.2025.
    mindestlohnProStunde: cents(1_282),
    // § 8 Abs. 1a SGB IV: Mindestlohn 12.82 EUR × 130 / 3 = 555.53, rounded up to 556 EUR.
    geringfuegigkeitsgrenze: cents(55_600),
    // § 20 Abs. 2 SGB IV: Übergangsbereich ends at 2,000 EUR.
    uebergangsbereichBis: cents(200_000),
    // § 20 Abs. 2a Satz 2 SGB IV: F = 28 % / Gesamtsozialversicherungsbeitragssatz 41.9 %
    // (14.6 + 2.5 + 18.6 + 2.6 + 3.6) = 0.6683 (BMAS Bekanntmachung; haufe.de, treuhand.de).
    faktorF: 6683,
    // § 241 SGB V: 14.6 %.
    kvAllgemein: ppm(146_000),
    // § 242a SGB V, BMG Bekanntmachung vom 24.10.2024: durchschnittlicher Zusatzbeitrag 2.5 %.
    kvDurchschnittlicherZusatz: ppm(25_000),
    // § 55 Abs. 1 SGB XI as amended by the Pflegebeitragssatz-VO 2025: 3.6 % from 1.1.2025.
    pvGesamt: ppm(36_000),
    pvArbeitnehmer: ppm(18_000),
    // § 58 Abs. 3 SGB XI (Sachsen): employee 2.3 %, employer 1.3 %.
    pvArbeitnehmerSachsen: ppm(23_000),
    pvArbeitgeberSachsen: ppm(13_000),
    // § 55 Abs. 3 Satz 1 SGB XI: +0.6 percentage points for childless members after completing
    // their 23rd year (from the following month, § 55 Abs. 3 Satz 7 SGB XI).
    pvKinderlosenzuschlag: ppm(6_000),
    pvKinderlosenzuschlagAbAlter: 23,
    // § 55 Abs. 3 Satz 4 SGB XI: −0.25 points for the 2nd to 5th child under 25.
    pvAbschlagJeKind: ppm(2_500),
    pvAbschlagMaxKinder: 4,
    // § 158 SGB VI, Beitragssatzbekanntmachung 2025: RV 18.6 %.
    rvGesamt: ppm(186_000),
    // § 341 Abs. 2 SGB III: AV 2.6 %.
    avGesamt: ppm(26_000),
    // Beitragsordnung der Arbeitnehmerkammer Bremen; finanzen.bremen.de ("0,14 v. H. (ab
    // 01.01.2025: 0,12 v. H.) des steuerpflichtigen Arbeitslohns"). Haufe still shows 0.14 %
    // "since 2023"; the official Bremen page is newer and wins.
    arbeitskammerBremen: ppm(1_200),
    // Verordnung über die Erhebung von Beiträgen für die Arbeitskammer des Saarlandes:
    // 0.15 % of the SV wage, at most 0.15 % of the BBG RV (arbeitskammer.de; lohn-info.de).
    arbeitskammerSaarland: ppm(1_500),
    // SV-Rechengrößen-VO 2025, Anlage 1 SGB VI: vorläufiges Durchschnittsentgelt 50,493 EUR.
    durchschnittsentgeltVorlaeufig: cents(5_049_300),
    // § 3 Nr. 63 Satz 1 EStG: 8 % of the BBG RV (allgemeine Rentenversicherung).
    bavSteuerfreiAnteil: ppm(80_000),
    // § 1 Abs. 1 Satz 1 Nr. 9 SvEV: 4 % of the BBG RV.
    bavSvFreiAnteil: ppm(40_000),
  },
  {
    validFrom: '2026-01-01',
    validTo: '2026-12-31',
    papDialect: '2026',
    // Sozialversicherungsrechengrößen-Verordnung 2026 (Bundesrat 21.11.2025): BBG KV/PV 69,750 EUR
    // = 5,812.50/month (cdh.de, ihk.de Halle, wista-ag.de; PAP 2026 MPARA BBGKVPV = 69,750).
    bbgKvPv: cents(581_250),
    // Same VO: BBG RV/AV 101,400 EUR = 8,450/month (PAP 2026 MPARA BBGRVALV = 101,400).
    bbgRvAv: cents(845_000),
    // Same VO (Sozialversicherungs-Rechengrößenverordnung 2026, Bundesrat consent 21.11.2025, BR-Drs.
    // 567/25): allgemeine Jahresarbeitsentgeltgrenze nach § 6 Abs. 6 SGB V 77,400 EUR = 6,450/month.
    // Read from the BMAS draft table (9.9.2025, as reproduced by nwb.de, steuertipps.de) and the
    // table of the adopted VO (cdh.de citing BR-Drs. 567/25); the Federal Law Gazette text itself
    // was not available. The besondere JAEG (§ 6 Abs. 7 SGB V, PKV members since 2002) is 69,750.
    versicherungspflichtgrenze: cents(645_000),
    // Fünfte Mindestlohnanpassungsverordnung: 13.90 EUR per hour from 1.1.2026.
    mindestlohnProStunde: cents(1_390),
    // § 8 Abs. 1a SGB IV with Mindestlohn 13.90 EUR (Fünfte Mindestlohnanpassungsverordnung):
    // 13.90 × 130 / 3 = 602.33, rounded up to 603 EUR (haufe.de "603,01 EUR bis 2.000 EUR").
    geringfuegigkeitsgrenze: cents(60_300),
    uebergangsbereichBis: cents(200_000),
    // 28 / 42.3 (14.6 + 2.9 + 18.6 + 2.6 + 3.6) = 0.6619 (haufe.de "Faktor F 2026").
    faktorF: 6619,
    kvAllgemein: ppm(146_000),
    // BMG Bekanntmachung 2025-10: durchschnittlicher Zusatzbeitrag 2026 2.9 % (hct-steuerberater.de;
    // BMF-Schreiben 12.11.2025 zum PAP 2026).
    kvDurchschnittlicherZusatz: ppm(29_000),
    // § 55 SGB XI unchanged for 2026: 3.6 % (jotax.de; mf.sachsen-anhalt.de).
    pvGesamt: ppm(36_000),
    pvArbeitnehmer: ppm(18_000),
    pvArbeitnehmerSachsen: ppm(23_000),
    pvArbeitgeberSachsen: ppm(13_000),
    pvKinderlosenzuschlag: ppm(6_000),
    pvKinderlosenzuschlagAbAlter: 23,
    pvAbschlagJeKind: ppm(2_500),
    pvAbschlagMaxKinder: 4,
    rvGesamt: ppm(186_000),
    avGesamt: ppm(26_000),
    // UNCONFIRMED from a primary source (see "Legal readings" in the package README): 0.11 % for
    // 2026 is quoted by one public project citing the Arbeitnehmerkammer's
    // "Beitragsmerkblatt-Arbeitnehmerkammer_2026.pdf"; neither that leaflet nor the 2026
    // Beitragsordnung was available here. finanzen.bremen.de states 0.12 % from 1.1.2025 only.
    arbeitskammerBremen: ppm(1_100),
    // Rate unchanged (arbeitskammer.de); cap = 0.15 % × 8,450 = 12.67 EUR/month.
    arbeitskammerSaarland: ppm(1_500),
    // SV-Rechengrößen-VO 2026 (Bundesrat 21.11.2025, BR-Drs. 567/25; cdh.de), § 69 Abs. 2 SGB VI:
    // vorläufiges Durchschnittsentgelt 51,944 EUR.
    durchschnittsentgeltVorlaeufig: cents(5_194_400),
    bavSteuerfreiAnteil: ppm(80_000),
    bavSvFreiAnteil: ppm(40_000),
  },
];

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
  // A new year is refused until its values are entered (never computed with last year's values):
  // the SV-Rechengrößen, rates and the BMF's PAP are published in the autumn before.
  throw new PayslipError(
    'NO_PARAMETERS_FOR_DATE',
    `Für den Abrechnungsmonat ${formatKey(key)} sind die Sozialversicherungswerte und der Lohnsteuer-Programmablaufplan des BMF noch nicht hinterlegt; eine Nettorate kann erst danach berechnet werden (unterstützt: 2025 und 2026).`,
  );
}

function formatKey(key: DateKey): string {
  const text = String(key);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}
