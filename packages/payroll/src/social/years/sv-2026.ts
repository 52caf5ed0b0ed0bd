import { cents, ppm } from '../../payslip/money.js';
import type { SocialParameterSet } from '../parameters.js';

/**
 * Social-insurance and payroll values of 2026 (payment dates 2026-01-01 – 2026-12-31), one value per
 * field with its source in the comment above it. A new year is a new file like this one, filled from
 * that year's Sozialversicherungs-Rechengrößenverordnung, the Beitragssatz ordinances and
 * announcements, the Mindestlohnanpassungsverordnung and the Kammer rules (never copied forward
 * without a source); registered by `npm run payroll:add-year` (packages/payroll/README.md).
 */
export const SV_2026: SocialParameterSet = {
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
};
