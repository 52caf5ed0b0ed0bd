import { cents, ppm } from '../../payslip/money.js';
import type { SocialParameterSet } from '../parameters.js';

/**
 * Social-insurance and payroll values of 2025 (payment dates 2025-01-01 – 2025-12-31), one value per
 * field with its source in the comment above it. A new year is a new file like this one, filled from
 * that year's Sozialversicherungs-Rechengrößenverordnung, the Beitragssatz ordinances and
 * announcements, the Mindestlohnanpassungsverordnung and the Kammer rules (never copied forward
 * without a source); registered by `npm run payroll:add-year` (packages/payroll/README.md).
 */
export const SV_2025: SocialParameterSet = {
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
};
