/*
 * GENERATED FILE - DO NOT EDIT. Regenerate with: npx tsx packages/payroll/scripts/generate-pap.ts
 *
 * Source: pap-xml/Lohnsteuer2025.xml
 *   PAP name="Lohnsteuer2025" version="1.0", Stand 2025-09-17 13:05
 *   SHA-256 878ea4a0a1e0bb7122e44b02fe7f2e1d70b605768a2b42ec84f895365f4fb7e1
 * Programmablaufplan für den Lohnsteuerabzug, published by the Bundesministerium der
 * Finanzen / ITZBund (bmf-steuerrechner.de). Names and structure follow the PAP.
 *
 * Every BigDecimal field holds value x 10^scale as an integer (scale noted at the field):
 * a number where the generator proved |value x 10^scale| < 2^53, else a bigint.
 */
import { divDown as $divDown, divUp as $divUp, divExact as $divExact, bigDivDown as $bigDivDown, bigDivUp as $bigDivUp } from '../runtime.js';
import type { PapModuleMeta } from '../types.js';

/** Inputs of PAP Lohnsteuer2025 (money in cent). Left-out inputs take their default. */
export interface Lohnsteuer2025Input {
  /**
   * 1, wenn die Anwendung des Faktorverfahrens gewählt wurden (nur in Steuerklasse IV)
   *
   * (int; 0 .. 1; default 1)
   */
  readonly af?: number;
  /**
   * Auf die Vollendung des 64. Lebensjahres folgende
   * Kalenderjahr (erforderlich, wenn ALTER1=1)
   *
   * (int; 0 .. 9999; default 0)
   */
  readonly AJAHR?: number;
  /**
   * 1, wenn das 64. Lebensjahr zu Beginn des Kalenderjahres vollendet wurde, in dem
   * der Lohnzahlungszeitraum endet (§ 24 a EStG), sonst = 0
   *
   * (int; 0 .. 1; default 0)
   */
  readonly ALTER1?: number;
  /**
   * eingetragener Faktor mit drei Nachkommastellen
   *
   * (double; 0.001 .. 1, up to 3 decimals; default 1)
   */
  readonly f?: number | string;
  /**
   * Jahresfreibetrag für die Ermittlung der Lohnsteuer für die sonstigen Bezüge
   * sowie für Vermögensbeteiligungen nach § 19a Absatz 1 und 4 EStG nach Maßgabe der
   * elektronischen Lohnsteuerabzugsmerkmale nach § 39e EStG oder der Eintragung
   * auf der Bescheinigung für den Lohnsteuerabzug 2025 in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JFREIB?: number;
  /**
   * Jahreshinzurechnungsbetrag für die Ermittlung der Lohnsteuer für die sonstigen Bezüge
   * sowie für Vermögensbeteiligungen nach § 19a Absatz 1 und 4 EStG nach Maßgabe der
   * elektronischen Lohnsteuerabzugsmerkmale nach § 39e EStG oder der Eintragung auf der
   * Bescheinigung für den Lohnsteuerabzug 2025 in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JHINZU?: number;
  /**
   * Voraussichtlicher Jahresarbeitslohn ohne sonstige Bezüge (d.h. auch ohne
   * die zu besteuernden Vorteile bei Vermögensbeteiligungen,
   * § 19a Absatz 4 EStG) in Cent.
   * Anmerkung: Die Eingabe dieses Feldes (ggf. 0) ist erforderlich bei Eingaben zu sonstigen
   * Bezügen (Feld SONSTB).
   * Sind in einem vorangegangenen Abrechnungszeitraum bereits sonstige Bezüge gezahlt worden,
   * so sind sie dem voraussichtlichen Jahresarbeitslohn hinzuzurechnen. Gleiches gilt für zu
   * besteuernde Vorteile bei Vermögensbeteiligungen (§ 19a Absatz 4 EStG).
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JRE4?: number;
  /**
   * In JRE4 enthaltene Entschädigungen nach § 24 Nummer 1 EStG und zu besteuernde
   * Vorteile bei Vermögensbeteiligungen (§ 19a Absatz 4 EStG in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JRE4ENT?: number;
  /**
   * In JRE4 enthaltene Versorgungsbezuege in Cents (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JVBEZ?: number;
  /**
   * Merker für die Vorsorgepauschale
   * 0 = der Arbeitnehmer ist in der gesetzlichen Rentenversicherung oder einer
   * berufsständischen Versorgungseinrichtung pflichtversichert oder bei Befreiung von der
   * Versicherungspflicht freiwillig versichert; es gilt die allgemeine Beitragsbemessungsgrenze
   *
   * 1 = wenn nicht 0
   *
   * (int; 0 .. 1; default 0)
   */
  readonly KRV?: number;
  /**
   * Kassenindividueller Zusatzbeitragssatz bei einem gesetzlich krankenversicherten Arbeitnehmer
   * in Prozent (bspw. 2,50 für 2,50 %) mit 2 Dezimalstellen.
   * Es ist der volle Zusatzbeitragssatz anzugeben. Die Aufteilung in Arbeitnehmer- und Arbeitgeber-
   * anteil erfolgt im Programmablauf.
   *
   * (BigDecimal; 0 .. 20, up to 2 decimals; default 0)
   */
  readonly KVZ?: number | string;
  /**
   * Lohnzahlungszeitraum:
   * 1 = Jahr
   * 2 = Monat
   * 3 = Woche
   * 4 = Tag
   *
   * (int; 1 .. 4; required)
   */
  readonly LZZ?: number;
  /**
   * Der als elektronisches Lohnsteuerabzugsmerkmal für den Arbeitgeber nach § 39e EStG festgestellte
   * oder in der Bescheinigung für den Lohnsteuerabzug 2025 eingetragene Freibetrag für den
   * Lohnzahlungszeitraum in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly LZZFREIB?: number;
  /**
   * Der als elektronisches Lohnsteuerabzugsmerkmal für den Arbeitgeber nach § 39e EStG festgestellte
   * oder in der Bescheinigung für den Lohnsteuerabzug 2025 eingetragene Hinzurechnungsbetrag für den
   * Lohnzahlungszeitraum in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly LZZHINZU?: number;
  /**
   * Nicht zu besteuernde Vorteile bei Vermögensbeteiligungen
   * (§ 19a Absatz 1 Satz 4 EStG) in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly MBV?: number;
  /**
   * Dem Arbeitgeber mitgeteilte Zahlungen des Arbeitnehmers zur privaten
   * Kranken- bzw. Pflegeversicherung im Sinne des §10 Abs. 1 Nr. 3 EStG 2010
   * als Monatsbetrag in Cent (der Wert ist inabhängig vom Lohnzahlungszeitraum immer
   * als Monatsbetrag anzugeben).
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly PKPV?: number;
  /**
   * Krankenversicherung:
   * 0 = gesetzlich krankenversicherte Arbeitnehmer
   * 1 = ausschließlich privat krankenversicherte Arbeitnehmer ohne Arbeitgeberzuschuss
   * 2 = ausschließlich privat krankenversicherte Arbeitnehmer mit Arbeitgeberzuschuss
   *
   * (int; 0 .. 2; default 0)
   */
  readonly PKV?: number;
  /**
   * Zahl der beim Arbeitnehmer zu berücksichtigenden Beitragsabschläge in der sozialen Pflegeversicherung
   * bei mehr als einem Kind
   * 0 = kein Abschlag
   * 1 = Beitragsabschlag für das 2. Kind
   * 2 = Beitragsabschläge für das 2. und 3. Kind
   * 3 = Beitragsabschläge für 2. bis 4. Kinder
   * 4 = Beitragsabschläge für 2. bis 5. oder mehr Kinder
   *
   * (BigDecimal; 0 .. 4; default 0)
   */
  readonly PVA?: number;
  /**
   * 1, wenn bei der sozialen Pflegeversicherung die Besonderheiten in Sachsen zu berücksichtigen sind bzw.
   * zu berücksichtigen wären
   *
   * (int; 0 .. 1; default 0)
   */
  readonly PVS?: number;
  /**
   * 1, wenn er der Arbeitnehmer den Zuschlag zur sozialen Pflegeversicherung
   * zu zahlen hat
   *
   * (int; 0 .. 1; default 0)
   */
  readonly PVZ?: number;
  /**
   * Religionsgemeinschaft des Arbeitnehmers lt. elektronischer Lohnsteuerabzugsmerkmale oder der
   * Bescheinigung für den Lohnsteuerabzug 2025 (bei keiner Religionszugehörigkeit = 0)
   *
   * (int; 0 .. 99; default 0)
   */
  readonly R?: number;
  /**
   * Steuerpflichtiger Arbeitslohn für den Lohnzahlungszeitraum vor Berücksichtigung des
   * Versorgungsfreibetrags und des Zuschlags zum Versorgungsfreibetrag, des Altersentlastungsbetrags
   * und des als elektronisches Lohnsteuerabzugsmerkmal festgestellten oder in der Bescheinigung für
   * den Lohnsteuerabzug 2025 für den Lohnzahlungszeitraum eingetragenen Freibetrags bzw.
   * Hinzurechnungsbetrags in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly RE4?: number;
  /**
   * Sonstige Bezüge einschließlich zu besteuernde Vorteile bei Vermögensbeteiligungen und Sterbegeld bei Versorgungsbezügen sowie
   * Kapitalauszahlungen/Abfindungen, in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly SONSTB?: number;
  /**
   * In SONSTB enthaltene Entschädigungen nach § 24 Nummer 1 EStG sowie zu besteuernde Vorteile bei Vermögensbeteiligungen (§ 19a
   * Absatz 4 EStG), in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly SONSTENT?: number;
  /**
   * Sterbegeld bei Versorgungsbezuegen sowie Kapitalauszahlungen/Abfindungen
   * (in SONSTB enthalten), in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly STERBE?: number;
  /**
   * Steuerklasse:
   * 1 = I
   * 2 = II
   * 3 = III
   * 4 = IV
   * 5 = V
   * 6 = VI
   *
   * (int; 1 .. 6; required)
   */
  readonly STKL?: number;
  /**
   * In RE4 enthaltene Versorgungsbezüge in Cent (ggf. 0) ggf. unter Berücksichtigung einer geänderten Bemessungsgrundlage nach
   * § 19 Absatz 2 Satz 10 und 11 EStG
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VBEZ?: number;
  /**
   * Versorgungsbezug im Januar 2005 bzw. für den ersten vollen Monat, wenn der Versorgungsbezug erstmalig nach Januar 2005 gewährt
   * wurde, in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VBEZM?: number;
  /**
   * Voraussichtliche Sonderzahlungen von Versorgungsbezügen im
   * Kalenderjahr des Versorgungsbeginns bei Versorgungsempfängern
   * ohne Sterbegeld, Kapitalauszahlungen/Abfindungen in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VBEZS?: number;
  /**
   * In SONSTB enthaltene Versorgungsbezuege einschliesslich Sterbegeld
   * in Cents (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VBS?: number;
  /**
   * Jahr, in dem der Versorgungsbezug erstmalig gewährt wurde;
   * werden mehrere Versorgungsbezüge gezahlt, wird aus
   * Vereinfachungsgründen für die Berechnung das Jahr des ältesten
   * erstmaligen Bezugs herangezogen; auf die Möglichkeit der
   * getrennten Abrechnung verschiedenartiger Bezüge (§ 39e Absatz 5a
   * EStG) wird im Übrigen verwiesen
   *
   * (int; 0 .. 9999; default 0)
   */
  readonly VJAHR?: number;
  /**
   * Zahl der Freibetraege fuer Kinder (eine Dezimalstelle, nur bei Steuerklassen
   * I, II, III und IV)
   *
   * (BigDecimal; 0 .. 50, up to 1 decimals; default 0)
   */
  readonly ZKF?: number | string;
  /**
   * Zahl der Monate, fuer die Versorgungsbezuege gezahlt werden [nur
   * erforderlich bei Jahresberechnung (LZZ = 1)]
   *
   * (int; 0 .. 12; default 0)
   */
  readonly ZMVB?: number;
}

/** Validated inputs of PAP Lohnsteuer2025, each as value x 10^scale (see {@link meta}). */
export type Lohnsteuer2025ScaledInput = {
  readonly af: number;
  readonly AJAHR: number;
  readonly ALTER1: number;
  readonly f: number;
  readonly JFREIB: number;
  readonly JHINZU: number;
  readonly JRE4: number;
  readonly JRE4ENT: number;
  readonly JVBEZ: number;
  readonly KRV: number;
  readonly KVZ: number;
  readonly LZZ: number;
  readonly LZZFREIB: number;
  readonly LZZHINZU: number;
  readonly MBV: number;
  readonly PKPV: number;
  readonly PKV: number;
  readonly PVA: number;
  readonly PVS: number;
  readonly PVZ: number;
  readonly R: number;
  readonly RE4: number;
  readonly SONSTB: number;
  readonly SONSTENT: number;
  readonly STERBE: number;
  readonly STKL: number;
  readonly VBEZ: number;
  readonly VBEZM: number;
  readonly VBEZS: number;
  readonly VBS: number;
  readonly VJAHR: number;
  readonly ZKF: number;
  readonly ZMVB: number;
};

/** Outputs of PAP Lohnsteuer2025, all in cent. */
export interface Lohnsteuer2025Output {
  /**
   * Bemessungsgrundlage fuer die Kirchenlohnsteuer in Cents
   *
   * (output group STANDARD)
   */
  readonly BK: number;
  /**
   * Bemessungsgrundlage der sonstigen Bezüge  für die Kirchenlohnsteuer in Cent.
   * Hinweis: Negativbeträge, die aus nicht zu besteuernden Vorteilen bei
   * Vermögensbeteiligungen (§ 19a Absatz 1 Satz 4 EStG) resultieren, mindern BK
   * (maximal bis 0). Der Sonderausgabenabzug für tatsächlich erbrachte Vorsorgeaufwendungen
   * im Rahmen der Veranlagung zur Einkommensteuer bleibt unberührt.
   *
   * (output group STANDARD)
   */
  readonly BKS: number;
  /**
   * Fuer den Lohnzahlungszeitraum einzubehaltende Lohnsteuer in Cents
   *
   * (output group STANDARD)
   */
  readonly LSTLZZ: number;
  /**
   * Fuer den Lohnzahlungszeitraum einzubehaltender Solidaritaetszuschlag
   * in Cents
   *
   * (output group STANDARD)
   */
  readonly SOLZLZZ: number;
  /**
   * Solidaritätszuschlag für sonstige Bezüge in Cent.
   * Hinweis: Negativbeträge, die aus nicht zu besteuernden Vorteilen bei
   * Vermögensbeteiligungen (§ 19a Absatz 1 Satz 4 EStG) resultieren,
   * mindern SOLZLZZ (maximal bis 0). Der Sonderausgabenabzug für
   * tatsächlich erbrachte Vorsorgeaufwendungen im Rahmen der
   * Veranlagung zur Einkommensteuer bleibt unberührt.
   *
   * (output group STANDARD)
   */
  readonly SOLZS: number;
  /**
   * Lohnsteuer für sonstige Bezüge in Cent
   * Hinweis: Negativbeträge, die aus nicht zu besteuernden Vorteilen bei Vermögensbeteiligungen
   * (§ 19a Absatz 1 Satz 4 EStG) resultieren, mindern LSTLZZ (maximal bis 0). Der
   * Sonderausgabenabzug für tatsächlich erbrachte Vorsorgeaufwendungen im Rahmen der
   * Veranlagung zur Einkommensteuer bleibt unberührt.
   *
   * (output group STANDARD)
   */
  readonly STS: number;
  /**
   * Für den Lohnzahlungszeitraum berücksichtigte Beiträge des Arbeitnehmers zur
   * privaten Basis-Krankenversicherung und privaten Pflege-Pflichtversicherung (ggf. auch
   * die Mindestvorsorgepauschale) in Cent beim laufenden Arbeitslohn. Für Zwecke der Lohn-
   * steuerbescheinigung sind die einzelnen Ausgabewerte außerhalb des eigentlichen Lohn-
   * steuerbescheinigungsprogramms zu addieren; hinzuzurechnen sind auch die Ausgabewerte
   * VKVSONST
   *
   * (output group STANDARD)
   */
  readonly VKVLZZ: number;
  /**
   * Für den Lohnzahlungszeitraum berücksichtigte Beiträge des Arbeitnehmers
   * zur privaten Basis-Krankenversicherung und privaten Pflege-Pflichtversicherung (ggf.
   * auch die Mindestvorsorgepauschale) in Cent bei sonstigen Bezügen. Der Ausgabewert kann
   * auch negativ sein.
   *
   * (output group STANDARD)
   */
  readonly VKVSONST: number;
  /**
   * Verbrauchter Freibetrag bei Berechnung des laufenden Arbeitslohns, in Cent
   *
   * (output group DBA)
   */
  readonly VFRB: number;
  /**
   * Verbrauchter Freibetrag bei Berechnung des voraussichtlichen Jahresarbeitslohns, in Cent
   *
   * (output group DBA)
   */
  readonly VFRBS1: number;
  /**
   * Verbrauchter Freibetrag bei Berechnung der sonstigen Bezüge, in Cent
   *
   * (output group DBA)
   */
  readonly VFRBS2: number;
  /**
   * Für die weitergehende Berücksichtigung des Steuerfreibetrags nach dem DBA Türkei verfügbares ZVE über
   * dem Grundfreibetrag bei der Berechnung des laufenden Arbeitslohns, in Cent
   *
   * (output group DBA)
   */
  readonly WVFRB: number;
  /**
   * Für die weitergehende Berücksichtigung des Steuerfreibetrags nach dem DBA Türkei verfügbares ZVE über dem Grundfreibetrag
   * bei der Berechnung des voraussichtlichen Jahresarbeitslohns, in Cent
   *
   * (output group DBA)
   */
  readonly WVFRBO: number;
  /**
   * Für die weitergehende Berücksichtigung des Steuerfreibetrags nach dem DBA Türkei verfügbares ZVE
   * über dem Grundfreibetrag bei der Berechnung der sonstigen Bezüge, in Cent
   *
   * (output group DBA)
   */
  readonly WVFRBM: number;
}

/** Metadata of PAP Lohnsteuer2025: source file, inputs (scaled bounds/defaults), outputs. */
export const meta: PapModuleMeta = {
  papName: "Lohnsteuer2025",
  papVersion: "1.0",
  stand: "2025-09-17 13:05",
  xmlFile: "Lohnsteuer2025.xml",
  xmlSha256: "878ea4a0a1e0bb7122e44b02fe7f2e1d70b605768a2b42ec84f895365f4fb7e1",
  inputs: [
    { name: 'af', javaType: 'int', scale: 0, min: 0, max: 1, default: 1, unit: 'number' },
    { name: 'AJAHR', javaType: 'int', scale: 0, min: 0, max: 9999, default: 0, unit: 'number' },
    { name: 'ALTER1', javaType: 'int', scale: 0, min: 0, max: 1, default: 0, unit: 'number' },
    { name: 'f', javaType: 'double', scale: 3, min: 1, max: 1000, default: 1000, unit: 'number' },
    { name: 'JFREIB', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JHINZU', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JRE4', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JRE4ENT', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JVBEZ', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'KRV', javaType: 'int', scale: 0, min: 0, max: 1, default: 0, unit: 'number' },
    { name: 'KVZ', javaType: 'BigDecimal', scale: 2, min: 0, max: 2000, default: 0, unit: 'number' },
    { name: 'LZZ', javaType: 'int', scale: 0, min: 1, max: 4, default: null, unit: 'number' },
    { name: 'LZZFREIB', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'LZZHINZU', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'MBV', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'PKPV', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'PKV', javaType: 'int', scale: 0, min: 0, max: 2, default: 0, unit: 'number' },
    { name: 'PVA', javaType: 'BigDecimal', scale: 0, min: 0, max: 4, default: 0, unit: 'number' },
    { name: 'PVS', javaType: 'int', scale: 0, min: 0, max: 1, default: 0, unit: 'number' },
    { name: 'PVZ', javaType: 'int', scale: 0, min: 0, max: 1, default: 0, unit: 'number' },
    { name: 'R', javaType: 'int', scale: 0, min: 0, max: 99, default: 0, unit: 'number' },
    { name: 'RE4', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'SONSTB', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'SONSTENT', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'STERBE', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'STKL', javaType: 'int', scale: 0, min: 1, max: 6, default: null, unit: 'number' },
    { name: 'VBEZ', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VBEZM', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VBEZS', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VBS', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VJAHR', javaType: 'int', scale: 0, min: 0, max: 9999, default: 0, unit: 'number' },
    { name: 'ZKF', javaType: 'BigDecimal', scale: 1, min: 0, max: 500, default: 0, unit: 'number' },
    { name: 'ZMVB', javaType: 'int', scale: 0, min: 0, max: 12, default: 0, unit: 'number' },
  ],
  outputs: ['BK', 'BKS', 'LSTLZZ', 'SOLZLZZ', 'SOLZS', 'STS', 'VKVLZZ', 'VKVSONST', 'VFRB', 'VFRBS1', 'VFRBS2', 'WVFRB', 'WVFRBO', 'WVFRBM'],
};

/**
 * Tabelle für die Prozentsätze des Versorgungsfreibetrags
 * geändert für 2025
 *
 * (scale 3)
 */
const TAB1: readonly number[] = [0, 400, 384, 368, 352, 336, 320, 304, 288, 272, 256, 240, 224, 208, 192, 176, 160, 152, 144, 140, 136, 132, 128, 124, 120, 116, 112, 108, 104, 100, 96, 92, 88, 84, 80, 76, 72, 68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4, 0];
/**
 * Tabelle für die Höchstbeträge des Versorgungsfreibetrags
 * geändert für 2025
 *
 * (scale 0)
 */
const TAB2: readonly number[] = [0, 3000, 2880, 2760, 2640, 2520, 2400, 2280, 2160, 2040, 1920, 1800, 1680, 1560, 1440, 1320, 1200, 1140, 1080, 1050, 1020, 990, 960, 930, 900, 870, 840, 810, 780, 750, 720, 690, 660, 630, 600, 570, 540, 510, 480, 450, 420, 390, 360, 330, 300, 270, 240, 210, 180, 150, 120, 90, 60, 30, 0];
/**
 * Tabelle für die Zuschläge zum Versorgungsfreibetrag
 * geändert für 2025
 *
 * (scale 0)
 */
const TAB3: readonly number[] = [0, 900, 864, 828, 792, 756, 720, 684, 648, 612, 576, 540, 504, 468, 432, 396, 360, 342, 324, 315, 306, 297, 288, 279, 270, 261, 252, 243, 234, 225, 216, 207, 198, 189, 180, 171, 162, 153, 144, 135, 126, 117, 108, 99, 90, 81, 72, 63, 54, 45, 36, 27, 18, 9, 0];
/**
 * Tabelle für die Höchstbeträge des Altersentlastungsbetrags
 * geändert für 2025
 *
 * (scale 3)
 */
const TAB4: readonly number[] = [0, 400, 384, 368, 352, 336, 320, 304, 288, 272, 256, 240, 224, 208, 192, 176, 160, 152, 144, 140, 136, 132, 128, 124, 120, 116, 112, 108, 104, 100, 96, 92, 88, 84, 80, 76, 72, 68, 64, 60, 56, 52, 48, 44, 40, 36, 32, 28, 24, 20, 16, 12, 8, 4, 0];
/**
 * Tabelle fuer die Hoechstbetraege des Altersentlastungsbetrags
 * geändert für 2025
 *
 * (scale 0)
 */
const TAB5: readonly number[] = [0, 1900, 1824, 1748, 1672, 1596, 1520, 1444, 1368, 1292, 1216, 1140, 1064, 988, 912, 836, 760, 722, 684, 665, 646, 627, 608, 589, 570, 551, 532, 513, 494, 475, 456, 437, 418, 399, 380, 361, 342, 323, 304, 285, 266, 247, 228, 209, 190, 171, 152, 133, 114, 95, 76, 57, 38, 19, 0];

// PAP fields (inputs, outputs, internals), reset by every run().
let af: number = 1; // input, int, int
let AJAHR: number = 0; // input, int, int
let ALTER1: number = 0; // input, int, int
let f: number = 1000; // input, double, scale 3
let JFREIB: number = 0; // input, BigDecimal, scale 0
let JHINZU: number = 0; // input, BigDecimal, scale 0
let JRE4: number = 0; // input, BigDecimal, scale 0
let JRE4ENT: number = 0; // input, BigDecimal, scale 0
let JVBEZ: number = 0; // input, BigDecimal, scale 0
let KRV: number = 0; // input, int, int
let KVZ: number = 0; // input, BigDecimal, scale 2
let LZZ: number = 0; // input, int, int
let LZZFREIB: number = 0; // input, BigDecimal, scale 0
let LZZHINZU: number = 0; // input, BigDecimal, scale 0
let MBV: number = 0; // input, BigDecimal, scale 0
let PKPV: number = 0; // input, BigDecimal, scale 0
let PKV: number = 0; // input, int, int
let PVA: number = 0; // input, BigDecimal, scale 0
let PVS: number = 0; // input, int, int
let PVZ: number = 0; // input, int, int
let R: number = 0; // input, int, int
let RE4: number = 0; // input, BigDecimal, scale 0
let SONSTB: number = 0; // input, BigDecimal, scale 0
let SONSTENT: number = 0; // input, BigDecimal, scale 0
let STERBE: number = 0; // input, BigDecimal, scale 0
let STKL: number = 0; // input, int, int
let VBEZ: number = 0; // input, BigDecimal, scale 0
let VBEZM: number = 0; // input, BigDecimal, scale 0
let VBEZS: number = 0; // input, BigDecimal, scale 0
let VBS: number = 0; // input, BigDecimal, scale 0
let VJAHR: number = 0; // input, int, int
let ZKF: number = 0; // input, BigDecimal, scale 1
let ZMVB: number = 0; // input, int, int
let BK: number = 0; // output, BigDecimal, scale 0
let BKS: number = 0; // output, BigDecimal, scale 0
let LSTLZZ: number = 0; // output, BigDecimal, scale 0
let SOLZLZZ: number = 0; // output, BigDecimal, scale 0
let SOLZS: number = 0; // output, BigDecimal, scale 0
let STS: number = 0; // output, BigDecimal, scale 0
let VKVLZZ: number = 0; // output, BigDecimal, scale 0
let VKVSONST: number = 0; // output, BigDecimal, scale 0
let VFRB: number = 0; // output, BigDecimal, scale 0
let VFRBS1: number = 0; // output, BigDecimal, scale 2
let VFRBS2: number = 0; // output, BigDecimal, scale 2
let WVFRB: number = 0; // output, BigDecimal, scale 0
let WVFRBO: number = 0; // output, BigDecimal, scale 2
let WVFRBM: number = 0; // output, BigDecimal, scale 2
let ALTE: number = 0; // internal, BigDecimal, scale 0
let ANP: number = 0; // internal, BigDecimal, scale 0
let ANTEIL1: number = 0; // internal, BigDecimal, scale 0
let BBGKVPV: number = 0; // internal, BigDecimal, scale 0
let BBGRV: number = 0; // internal, BigDecimal, scale 0
let EFA: number = 0; // internal, BigDecimal, scale 0
let FVB: number = 0; // internal, BigDecimal, scale 2
let FVBSO: number = 0; // internal, BigDecimal, scale 2
let FVBZ: number = 0; // internal, BigDecimal, scale 0
let FVBZSO: number = 0; // internal, BigDecimal, scale 0
let GFB: number = 0; // internal, BigDecimal, scale 0
let JBMG: number = 0; // internal, BigDecimal, scale 0
let JLFREIB: number = 0; // internal, BigDecimal, scale 2
let JLHINZU: number = 0; // internal, BigDecimal, scale 2
let JW: number = 0; // internal, BigDecimal, scale 0
let KFB: number = 0; // internal, BigDecimal, scale 0
let KVSATZAG: number = 0; // internal, BigDecimal, scale 4
let KVSATZAN: number = 0; // internal, BigDecimal, scale 5
let KZTAB: number = 0; // internal, int, int
let LSTJAHR: number = 0; // internal, BigDecimal, scale 0
let LSTOSO: number = 0; // internal, BigDecimal, scale 0
let PVSATZAG: number = 0; // internal, BigDecimal, scale 3
let PVSATZAN: number = 0; // internal, BigDecimal, scale 4
let RVSATZAN: number = 0; // internal, BigDecimal, scale 3
let SAP: number = 0; // internal, BigDecimal, scale 0
let SOLZFREI: number = 0; // internal, BigDecimal, scale 0
let SOLZVBMG: number = 0; // internal, BigDecimal, scale 0
let ST: number = 0; // internal, BigDecimal, scale 0
let VBEZBSO: number = 0; // internal, BigDecimal, scale 0
let VKV: number = 0; // internal, BigDecimal, scale 0
let VSP: number = 0; // internal, BigDecimal, scale 2
let VSP1: number = 0; // internal, BigDecimal, scale 2
let VSP2: number = 0; // internal, BigDecimal, scale 2
let VSP3: number = 0; // internal, BigDecimal, scale 2
let W1STKL5: number = 0; // internal, BigDecimal, scale 0
let W2STKL5: number = 0; // internal, BigDecimal, scale 0
let W3STKL5: number = 0; // internal, BigDecimal, scale 0
let X: number = 0; // internal, BigDecimal, scale 2
let ZRE4: number = 0; // internal, BigDecimal, scale 2
let ZRE4J: number = 0; // internal, BigDecimal, scale 2
let ZRE4VP: number = 0; // internal, BigDecimal, scale 2
let ZTABFB: number = 0; // internal, BigDecimal, scale 2
let ZVBEZ: number = 0; // internal, BigDecimal, scale 2
let ZVBEZJ: number = 0; // internal, BigDecimal, scale 2
let ZVE: number = 0; // internal, BigDecimal, scale 2
let ZX: number = 0; // internal, BigDecimal, scale 2

/**
 * Zuweisung von Werten für bestimmte Sozialversicherungsparameter  PAP Seite 14
 */
function MPARA(): void {
  // IF KRV < 1
  if ((KRV < 1)) {
    // BBGRV = new BigDecimal(96600)
    BBGRV = 96600;
    // RVSATZAN = BigDecimal.valueOf(0.093)
    RVSATZAN = 93;
  }
  // BBGKVPV = new BigDecimal(66150)
  BBGKVPV = 66150;
  // KVSATZAN = (KVZ.divide(ZAHL2).divide(ZAHL100)).add(BigDecimal.valueOf(0.07))
  KVSATZAN = ((KVZ * 5) + 7000);
  // KVSATZAG = BigDecimal.valueOf(0.0125).add(BigDecimal.valueOf(0.07))
  KVSATZAG = 825;
  // IF PVS == 1
  if ((PVS === 1)) {
    // PVSATZAN = BigDecimal.valueOf(0.023)
    PVSATZAN = 230;
    // PVSATZAG = BigDecimal.valueOf(0.013)
    PVSATZAG = 13;
  } else {
    // PVSATZAN =  BigDecimal.valueOf(0.018)
    PVSATZAN = 180;
    // PVSATZAG =  BigDecimal.valueOf(0.018)
    PVSATZAG = 18;
  }
  // IF PVZ == 1
  if ((PVZ === 1)) {
    // PVSATZAN = PVSATZAN.add(BigDecimal.valueOf(0.006))
    PVSATZAN = (PVSATZAN + 60);
  } else {
    // PVSATZAN = PVSATZAN.subtract(PVA.multiply(BigDecimal.valueOf(0.0025)))
    PVSATZAN = (PVSATZAN - (PVA * 25));
  }
  // W1STKL5 = new BigDecimal(13785)
  W1STKL5 = 13785;
  // W2STKL5 = new BigDecimal(34240)
  W2STKL5 = 34240;
  // W3STKL5 = new BigDecimal(222260)
  W3STKL5 = 222260;
  // GFB = new BigDecimal(12096)
  GFB = 12096;
  // SOLZFREI = new BigDecimal(19950)
  SOLZFREI = 19950;
}

/**
 * Ermittlung des Jahresarbeitslohns nach § 39 b Abs. 2 Satz 2 EStG, PAP Seite 15
 */
function MRE4JL(): void {
  // IF LZZ == 1
  if ((LZZ === 1)) {
    // ZRE4J= RE4.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    ZRE4J = RE4;
    // ZVBEZJ= VBEZ.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    ZVBEZJ = VBEZ;
    // JLFREIB= LZZFREIB.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    JLFREIB = LZZFREIB;
    // JLHINZU= LZZHINZU.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    JLHINZU = LZZHINZU;
  } else {
    // IF LZZ == 2
    if ((LZZ === 2)) {
      // ZRE4J= (RE4.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      ZRE4J = (RE4 * 12);
      // ZVBEZJ= (VBEZ.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      ZVBEZJ = (VBEZ * 12);
      // JLFREIB= (LZZFREIB.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      JLFREIB = (LZZFREIB * 12);
      // JLHINZU= (LZZHINZU.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      JLHINZU = (LZZHINZU * 12);
    } else {
      // IF LZZ == 3
      if ((LZZ === 3)) {
        // ZRE4J= (RE4.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        ZRE4J = $divDown(((RE4 * 360) * 100), 700);
        // ZVBEZJ= (VBEZ.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        ZVBEZJ = $divDown(((VBEZ * 360) * 100), 700);
        // JLFREIB= (LZZFREIB.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        JLFREIB = $divDown(((LZZFREIB * 360) * 100), 700);
        // JLHINZU= (LZZHINZU.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        JLHINZU = $divDown(((LZZHINZU * 360) * 100), 700);
      } else {
        // ZRE4J= (RE4.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        ZRE4J = (RE4 * 360);
        // ZVBEZJ= (VBEZ.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        ZVBEZJ = (VBEZ * 360);
        // JLFREIB= (LZZFREIB.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        JLFREIB = (LZZFREIB * 360);
        // JLHINZU= (LZZHINZU.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        JLHINZU = (LZZHINZU * 360);
      }
    }
  }
  // IF af == 0
  if ((af === 0)) {
    // f= 1
    f = 1000;
  }
}

/**
 * Freibeträge für Versorgungsbezüge, Altersentlastungsbetrag (§ 39b Abs. 2 Satz 3 EStG), PAP Seite 16
 */
function MRE4(): void {
  let J: number = 0; // PAP field J used only here, int
  let VBEZB: number = 0; // PAP field VBEZB used only here, scale 2
  let HFVB: number = 0; // PAP field HFVB used only here, scale 0
  let HFVBZSO: number = 0; // PAP field HFVBZSO used only here, scale 2
  let HFVBZ: number = 0; // PAP field HFVBZ used only here, scale 2
  // IF ZVBEZJ.compareTo (BigDecimal.ZERO) == 0
  if ((ZVBEZJ === 0)) {
    // FVBZ= BigDecimal.ZERO
    FVBZ = 0;
    // FVB= BigDecimal.ZERO
    FVB = 0;
    // FVBZSO= BigDecimal.ZERO
    FVBZSO = 0;
    // FVBSO= BigDecimal.ZERO
    FVBSO = 0;
  } else {
    // IF VJAHR < 2006
    if ((VJAHR < 2006)) {
      // J= 1
      J = 1;
    } else {
      // IF VJAHR < 2058
      if ((VJAHR < 2058)) {
        // J= VJAHR - 2004
        J = (VJAHR - 2004);
      } else {
        // J= 54
        J = 54;
      }
    }
    // IF LZZ == 1
    if ((LZZ === 1)) {
      // VBEZB= (VBEZM.multiply (BigDecimal.valueOf (ZMVB))).add (VBEZS)
      VBEZB = (((VBEZM * ZMVB) + VBEZS) * 100);
      // HFVB= TAB2[J].divide (ZAHL12).multiply (BigDecimal.valueOf (ZMVB)).setScale (0, BigDecimal.ROUND_UP)
      HFVB = $divUp(($divExact((TAB2[J]! * 100), 12) * ZMVB), 100);
      // FVBZ= TAB3[J].divide (ZAHL12).multiply (BigDecimal.valueOf (ZMVB)).setScale (0, BigDecimal.ROUND_UP)
      FVBZ = $divUp(($divExact((TAB3[J]! * 100), 12) * ZMVB), 100);
    } else {
      // VBEZB= ((VBEZM.multiply (ZAHL12)).add (VBEZS)).setScale (2, BigDecimal.ROUND_DOWN)
      VBEZB = (((VBEZM * 12) + VBEZS) * 100);
      // HFVB= TAB2[J]
      HFVB = TAB2[J]!;
      // FVBZ= TAB3[J]
      FVBZ = TAB3[J]!;
    }
    // FVB= ((VBEZB.multiply (TAB1[J]))).divide (ZAHL100).setScale (2, BigDecimal.ROUND_UP)
    FVB = Number($bigDivUp((BigInt(VBEZB) * BigInt(TAB1[J]!)), 100000n));
    // IF FVB.compareTo (HFVB) == 1
    if ((FVB > (HFVB * 100))) {
      // FVB = HFVB
      FVB = (HFVB * 100);
    }
    // IF FVB.compareTo (ZVBEZJ) == 1
    if ((FVB > ZVBEZJ)) {
      // FVB = ZVBEZJ
      FVB = ZVBEZJ;
    }
    // FVBSO= (FVB.add((VBEZBSO.multiply (TAB1[J])).divide (ZAHL100))).setScale (2, BigDecimal.ROUND_UP)
    FVBSO = $divUp(((FVB * 1000) + (VBEZBSO * TAB1[J]!)), 1000);
    // IF FVBSO.compareTo (TAB2[J]) == 1
    if ((FVBSO > (TAB2[J]! * 100))) {
      // FVBSO = TAB2[J]
      FVBSO = (TAB2[J]! * 100);
    }
    // HFVBZSO= (((VBEZB.add(VBEZBSO)).divide (ZAHL100)).subtract (FVBSO)).setScale (2, BigDecimal.ROUND_DOWN)
    HFVBZSO = $divDown(((VBEZB + (VBEZBSO * 100)) - (FVBSO * 100)), 100);
    // FVBZSO= (FVBZ.add((VBEZBSO).divide (ZAHL100))).setScale (0, BigDecimal.ROUND_UP)
    FVBZSO = $divUp(((FVBZ * 100) + VBEZBSO), 100);
    // IF FVBZSO.compareTo (HFVBZSO) == 1
    if (((FVBZSO * 100) > HFVBZSO)) {
      // FVBZSO = HFVBZSO.setScale(0, BigDecimal.ROUND_UP)
      FVBZSO = $divUp(HFVBZSO, 100);
    }
    // IF FVBZSO.compareTo (TAB3[J]) == 1
    if ((FVBZSO > TAB3[J]!)) {
      // FVBZSO = TAB3[J]
      FVBZSO = TAB3[J]!;
    }
    // HFVBZ= ((VBEZB.divide (ZAHL100)).subtract (FVB)).setScale (2, BigDecimal.ROUND_DOWN)
    HFVBZ = $divDown((VBEZB - (FVB * 100)), 100);
    // IF FVBZ.compareTo (HFVBZ) == 1
    if (((FVBZ * 100) > HFVBZ)) {
      // FVBZ = HFVBZ.setScale (0, BigDecimal.ROUND_UP)
      FVBZ = $divUp(HFVBZ, 100);
    }
  }
  MRE4ALTE();
}

/**
 * Altersentlastungsbetrag (§ 39b Abs. 2 Satz 3 EStG), PAP Seite 17
 */
function MRE4ALTE(): void {
  let K: number = 0; // PAP field K used only here, int
  let BMG: number = 0; // PAP field BMG used only here, scale 2
  let HBALTE: number = 0; // PAP field HBALTE used only here, scale 0
  // IF ALTER1 == 0
  if ((ALTER1 === 0)) {
    // ALTE= BigDecimal.ZERO
    ALTE = 0;
  } else {
    // IF AJAHR < 2006
    if ((AJAHR < 2006)) {
      // K= 1
      K = 1;
    } else {
      // IF AJAHR < 2058
      if ((AJAHR < 2058)) {
        // K= AJAHR - 2004
        K = (AJAHR - 2004);
      } else {
        // K= 54
        K = 54;
      }
    }
    // BMG= ZRE4J.subtract (ZVBEZJ)
    BMG = (ZRE4J - ZVBEZJ);
    // ALTE = (BMG.multiply(TAB4[K])).setScale(0, BigDecimal.ROUND_UP)
    ALTE = Number($bigDivUp((BigInt(BMG) * BigInt(TAB4[K]!)), 100000n));
    // HBALTE= TAB5[K]
    HBALTE = TAB5[K]!;
    // IF ALTE.compareTo (HBALTE) == 1
    if ((ALTE > HBALTE)) {
      // ALTE= HBALTE
      ALTE = HBALTE;
    }
  }
}

/**
 * Ermittlung des Jahresarbeitslohns nach Abzug der Freibeträge nach § 39 b Abs. 2 Satz 3 und 4 EStG, PAP Seite 20
 */
function MRE4ABZ(): void {
  // ZRE4= (ZRE4J.subtract (FVB).subtract   (ALTE).subtract (JLFREIB).add (JLHINZU)).setScale (2, BigDecimal.ROUND_DOWN)
  ZRE4 = ((((ZRE4J - FVB) - (ALTE * 100)) - JLFREIB) + JLHINZU);
  // IF ZRE4.compareTo (BigDecimal.ZERO) == -1
  if ((ZRE4 < 0)) {
    // ZRE4= BigDecimal.ZERO
    ZRE4 = 0;
  }
  // ZRE4VP= ZRE4J
  ZRE4VP = ZRE4J;
  // ZVBEZ = ZVBEZJ.subtract(FVB).setScale(2, BigDecimal.ROUND_DOWN)
  ZVBEZ = (ZVBEZJ - FVB);
  // IF ZVBEZ.compareTo(BigDecimal.ZERO) == -1
  if ((ZVBEZ < 0)) {
    // ZVBEZ = BigDecimal.ZERO
    ZVBEZ = 0;
  }
}

/**
 * Berechnung fuer laufende Lohnzahlungszeitraueme Seite 21
 */
function MBERECH(): void {
  MZTABFB();
  // VFRB = ((ANP.add(FVB.add(FVBZ))).multiply(ZAHL100)).setScale(0, BigDecimal.ROUND_DOWN)
  VFRB = ((ANP * 100) + (FVB + (FVBZ * 100)));
  MLSTJAHR();
  // WVFRB = ((ZVE.subtract(GFB)).multiply(ZAHL100)).setScale(0, BigDecimal.ROUND_DOWN)
  WVFRB = (ZVE - (GFB * 100));
  // IF WVFRB.compareTo(BigDecimal.ZERO) == -1
  if ((WVFRB < 0)) {
    // WVFRB = BigDecimal.valueOf(0)
    WVFRB = 0;
  }
  // LSTJAHR = (ST.multiply(BigDecimal.valueOf(f))).setScale(0,BigDecimal.ROUND_DOWN)
  LSTJAHR = $divDown((ST * f), 1000);
  UPLSTLZZ();
  UPVKVLZZ();
  // IF ZKF.compareTo(BigDecimal.ZERO) == 1
  if ((ZKF > 0)) {
    // ZTABFB = ZTABFB.add(KFB)
    ZTABFB = (ZTABFB + (KFB * 100));
    MRE4ABZ();
    MLSTJAHR();
    // JBMG = (ST.multiply(BigDecimal.valueOf(f))).setScale(0,BigDecimal.ROUND_DOWN)
    JBMG = $divDown((ST * f), 1000);
  } else {
    // JBMG = LSTJAHR
    JBMG = LSTJAHR;
  }
  MSOLZ();
}

/**
 * Ermittlung der festen Tabellenfreibeträge (ohne Vorsorgepauschale), PAP Seite 22
 */
function MZTABFB(): void {
  // ANP= BigDecimal.ZERO
  ANP = 0;
  // IF ZVBEZ.compareTo (BigDecimal.ZERO) >= 0 && ZVBEZ.compareTo(FVBZ) == -1
  if (((ZVBEZ >= 0) && (ZVBEZ < (FVBZ * 100)))) {
    // FVBZ = BigDecimal.valueOf(ZVBEZ.longValue())
    FVBZ = $divDown(ZVBEZ, 100);
  }
  // IF STKL < 6
  if ((STKL < 6)) {
    // IF ZVBEZ.compareTo (BigDecimal.ZERO) == 1
    if ((ZVBEZ > 0)) {
      // IF (ZVBEZ.subtract (FVBZ)).compareTo (BigDecimal.valueOf (102)) == -1
      if (((ZVBEZ - (FVBZ * 100)) < 10200)) {
        // ANP= (ZVBEZ.subtract (FVBZ)).setScale (0, BigDecimal.ROUND_UP)
        ANP = $divUp((ZVBEZ - (FVBZ * 100)), 100);
      } else {
        // ANP= BigDecimal.valueOf (102)
        ANP = 102;
      }
    }
  } else {
    // FVBZ= BigDecimal.valueOf (0)
    FVBZ = 0;
    // FVBZSO= BigDecimal.valueOf (0)
    FVBZSO = 0;
  }
  // IF STKL < 6
  if ((STKL < 6)) {
    // IF ZRE4.compareTo(ZVBEZ) == 1
    if ((ZRE4 > ZVBEZ)) {
      // IF ZRE4.subtract(ZVBEZ).compareTo(BigDecimal.valueOf(1230)) == -1
      if (((ZRE4 - ZVBEZ) < 123000)) {
        // ANP = ANP.add(ZRE4).subtract(ZVBEZ).setScale(0,BigDecimal.ROUND_UP)
        ANP = $divUp((((ANP * 100) + ZRE4) - ZVBEZ), 100);
      } else {
        // ANP = ANP.add(BigDecimal.valueOf(1230))
        ANP = (ANP + 1230);
      }
    }
  }
  // KZTAB= 1
  KZTAB = 1;
  // IF STKL == 1
  if ((STKL === 1)) {
    // SAP= BigDecimal.valueOf (36)
    SAP = 36;
    // KFB= (ZKF.multiply (BigDecimal.valueOf (9600))).setScale (0, BigDecimal.ROUND_DOWN)
    KFB = (ZKF * 960);
  } else {
    // IF STKL == 2
    if ((STKL === 2)) {
      // EFA= BigDecimal.valueOf (4260)
      EFA = 4260;
      // SAP= BigDecimal.valueOf (36)
      SAP = 36;
      // KFB= (ZKF.multiply (BigDecimal.valueOf (9600))).setScale (0, BigDecimal.ROUND_DOWN)
      KFB = (ZKF * 960);
    } else {
      // IF STKL == 3
      if ((STKL === 3)) {
        // KZTAB= 2
        KZTAB = 2;
        // SAP= BigDecimal.valueOf (36)
        SAP = 36;
        // KFB= (ZKF.multiply (BigDecimal.valueOf (9600))).setScale (0, BigDecimal.ROUND_DOWN)
        KFB = (ZKF * 960);
      } else {
        // IF STKL == 4
        if ((STKL === 4)) {
          // SAP= BigDecimal.valueOf (36)
          SAP = 36;
          // KFB= (ZKF.multiply (BigDecimal.valueOf (4800))).setScale (0, BigDecimal.ROUND_DOWN)
          KFB = (ZKF * 480);
        } else {
          // IF STKL == 5
          if ((STKL === 5)) {
            // SAP= BigDecimal.valueOf (36)
            SAP = 36;
            // KFB= BigDecimal.ZERO
            KFB = 0;
          } else {
            // KFB= BigDecimal.ZERO
            KFB = 0;
          }
        }
      }
    }
  }
  // ZTABFB= (EFA.add (ANP).add (SAP).add (FVBZ)).setScale (2, BigDecimal.ROUND_DOWN)
  ZTABFB = ((((EFA + ANP) + SAP) + FVBZ) * 100);
}

/**
 * Ermittlung Jahreslohnsteuer, PAP Seite 23
 */
function MLSTJAHR(): void {
  UPEVP();
  // ZVE= ZRE4.subtract (ZTABFB).subtract(VSP)
  ZVE = ((ZRE4 - ZTABFB) - VSP);
  UPMLST();
}

/**
 * PAP Seite 24
 */
function UPVKVLZZ(): void {
  UPVKV();
  // JW = VKV
  JW = VKV;
  UPANTEIL();
  // VKVLZZ = ANTEIL1
  VKVLZZ = ANTEIL1;
}

/**
 * PAP Seite 24
 */
function UPVKV(): void {
  // IF PKV > 0
  if ((PKV > 0)) {
    // IF VSP2.compareTo(VSP3) == 1
    if ((VSP2 > VSP3)) {
      // VKV = VSP2.multiply(ZAHL100)
      VKV = VSP2;
    } else {
      // VKV = VSP3.multiply(ZAHL100)
      VKV = VSP3;
    }
  } else {
    // VKV = BigDecimal.ZERO
    VKV = 0;
  }
}

/**
 * PAP Seite 25
 */
function UPLSTLZZ(): void {
  // JW = LSTJAHR.multiply(ZAHL100)
  JW = (LSTJAHR * 100);
  UPANTEIL();
  // LSTLZZ = ANTEIL1
  LSTLZZ = ANTEIL1;
}

/**
 * Ermittlung der Jahreslohnsteuer aus dem Einkommensteuertarif. PAP Seite 26
 */
function UPMLST(): void {
  // IF ZVE.compareTo (ZAHL1) == -1
  if ((ZVE < 100)) {
    // ZVE= BigDecimal.ZERO
    ZVE = 0;
    // X= BigDecimal.ZERO
    X = 0;
  } else {
    // X= (ZVE.divide (BigDecimal.valueOf(KZTAB))).setScale (0, BigDecimal.ROUND_DOWN)
    X = ($divDown($divExact((ZVE * 10), KZTAB), 1000) * 100);
  }
  // IF STKL < 5
  if ((STKL < 5)) {
    UPTAB25();
  } else {
    MST5_6();
  }
}

/**
 * Vorsorgepauschale (§ 39b Absatz 2 Satz 5 Nummer 3 und Absatz 4 EStG) PAP Seite 27
 */
function UPEVP(): void {
  let VHB: number = 0; // PAP field VHB used only here, scale 0
  let VSPN: number = 0; // PAP field VSPN used only here, scale 0
  // IF KRV == 1
  if ((KRV === 1)) {
    // VSP1= BigDecimal.ZERO
    VSP1 = 0;
  } else {
    // IF ZRE4VP.compareTo(BBGRV) == 1
    if ((ZRE4VP > (BBGRV * 100))) {
      // ZRE4VP = BBGRV
      ZRE4VP = (BBGRV * 100);
    }
    // VSP1 = (ZRE4VP.multiply(RVSATZAN)).setScale(2,BigDecimal.ROUND_DOWN)
    VSP1 = $divDown((ZRE4VP * RVSATZAN), 1000);
  }
  // VSP2 = (ZRE4VP.multiply(BigDecimal.valueOf(0.12))).setScale(2,BigDecimal.ROUND_DOWN)
  VSP2 = $divDown((ZRE4VP * 12), 100);
  // IF STKL == 3
  if ((STKL === 3)) {
    // VHB = BigDecimal.valueOf(3000)
    VHB = 3000;
  } else {
    // VHB = BigDecimal.valueOf(1900)
    VHB = 1900;
  }
  // IF VSP2.compareTo (VHB) == 1
  if ((VSP2 > (VHB * 100))) {
    // VSP2= VHB
    VSP2 = (VHB * 100);
  }
  // VSPN= (VSP1.add (VSP2)).setScale (0, BigDecimal.ROUND_UP)
  VSPN = $divUp((VSP1 + VSP2), 100);
  MVSP();
  // IF VSPN.compareTo (VSP) == 1
  if (((VSPN * 100) > VSP)) {
    // VSP= VSPN.setScale (2, BigDecimal.ROUND_DOWN)
    VSP = (VSPN * 100);
  }
}

/**
 * Vorsorgepauschale (§39b Abs. 2 Satz 5 Nr 3 EStG) Vergleichsberechnung fuer Guenstigerpruefung, PAP Seite 28
 */
function MVSP(): void {
  // IF ZRE4VP.compareTo(BBGKVPV) == 1
  if ((ZRE4VP > (BBGKVPV * 100))) {
    // ZRE4VP = BBGKVPV
    ZRE4VP = (BBGKVPV * 100);
  }
  // IF PKV > 0
  if ((PKV > 0)) {
    // IF STKL == 6
    if ((STKL === 6)) {
      // VSP3 = BigDecimal.ZERO
      VSP3 = 0;
    } else {
      // VSP3 = PKPV.multiply(ZAHL12).divide(ZAHL100)
      VSP3 = (PKPV * 12);
      // IF PKV == 2
      if ((PKV === 2)) {
        // VSP3 = VSP3.subtract( ZRE4VP.multiply( KVSATZAG.add(PVSATZAG))).setScale(2,BigDecimal.ROUND_DOWN)
        VSP3 = Number($bigDivDown(((BigInt(VSP3) * 10000n) - BigInt((ZRE4VP * (KVSATZAG + (PVSATZAG * 10))))), 10000n));
      }
    }
  } else {
    // VSP3 = ZRE4VP.multiply(KVSATZAN.add(PVSATZAN)).setScale(2, BigDecimal.ROUND_DOWN)
    VSP3 = $divDown((ZRE4VP * (KVSATZAN + (PVSATZAN * 10))), 100000);
  }
  // VSP = VSP3.add(VSP1).setScale(0, BigDecimal.ROUND_UP)
  VSP = ($divUp((VSP3 + VSP1), 100) * 100);
}

/**
 * Lohnsteuer fuer die Steuerklassen V und VI (§ 39b Abs. 2 Satz 7 EStG), PAP Seite 29
 */
function MST5_6(): void {
  let ZZX: number = 0; // PAP field ZZX used only here, scale 2
  let VERGL: number = 0; // PAP field VERGL used only here, scale 0
  let HOCH: number = 0; // PAP field HOCH used only here, scale 0
  // ZZX= X
  ZZX = X;
  // IF ZZX.compareTo(W2STKL5) == 1
  if ((ZZX > (W2STKL5 * 100))) {
    // ZX= W2STKL5
    ZX = (W2STKL5 * 100);
    UP5_6();
    // IF ZZX.compareTo (W3STKL5) == 1
    if ((ZZX > (W3STKL5 * 100))) {
      // ST= (ST.add ((W3STKL5.subtract (W2STKL5)).multiply (BigDecimal.valueOf (0.42)))).setScale (0, BigDecimal.ROUND_DOWN)
      ST = $divDown(((ST * 100) + ((W3STKL5 - W2STKL5) * 42)), 100);
      // ST= (ST.add ((ZZX.subtract (W3STKL5)).multiply (BigDecimal.valueOf (0.45)))).setScale (0, BigDecimal.ROUND_DOWN)
      ST = $divDown(((ST * 10000) + ((ZZX - (W3STKL5 * 100)) * 45)), 10000);
    } else {
      // ST= (ST.add ((ZZX.subtract (W2STKL5)).multiply (BigDecimal.valueOf (0.42)))).setScale (0, BigDecimal.ROUND_DOWN)
      ST = $divDown(((ST * 10000) + ((ZZX - (W2STKL5 * 100)) * 42)), 10000);
    }
  } else {
    // ZX= ZZX
    ZX = ZZX;
    UP5_6();
    // IF ZZX.compareTo (W1STKL5) == 1
    if ((ZZX > (W1STKL5 * 100))) {
      // VERGL= ST
      VERGL = ST;
      // ZX= W1STKL5
      ZX = (W1STKL5 * 100);
      UP5_6();
      // HOCH= (ST.add ((ZZX.subtract (W1STKL5)).multiply (BigDecimal.valueOf (0.42)))).setScale (0, BigDecimal.ROUND_DOWN)
      HOCH = $divDown(((ST * 10000) + ((ZZX - (W1STKL5 * 100)) * 42)), 10000);
      // IF HOCH.compareTo (VERGL) == -1
      if ((HOCH < VERGL)) {
        // ST= HOCH
        ST = HOCH;
      } else {
        // ST= VERGL
        ST = VERGL;
      }
    }
  }
}

/**
 * Unterprogramm zur Lohnsteuer fuer die Steuerklassen V und VI (§ 39b Abs. 2 Satz 7 EStG), PAP Seite 30
 */
function UP5_6(): void {
  let ST1: number = 0; // PAP field ST1 used only here, scale 0
  let ST2: number = 0; // PAP field ST2 used only here, scale 0
  let DIFF: number = 0; // PAP field DIFF used only here, scale 0
  let MIST: number = 0; // PAP field MIST used only here, scale 0
  // X= (ZX.multiply (BigDecimal.valueOf (1.25))).setScale (2, BigDecimal.ROUND_DOWN)
  X = $divDown((ZX * 125), 100);
  UPTAB25();
  // ST1= ST
  ST1 = ST;
  // X= (ZX.multiply (BigDecimal.valueOf (0.75))).setScale (2, BigDecimal.ROUND_DOWN)
  X = $divDown((ZX * 75), 100);
  UPTAB25();
  // ST2= ST
  ST2 = ST;
  // DIFF= (ST1.subtract (ST2)).multiply (ZAHL2)
  DIFF = ((ST1 - ST2) * 2);
  // MIST= (ZX.multiply (BigDecimal.valueOf (0.14))).setScale (0, BigDecimal.ROUND_DOWN)
  MIST = $divDown((ZX * 14), 10000);
  // IF MIST.compareTo (DIFF) == 1
  if ((MIST > DIFF)) {
    // ST= MIST
    ST = MIST;
  } else {
    // ST= DIFF
    ST = DIFF;
  }
}

/**
 * Solidaritaetszuschlag, PAP Seite 31
 */
function MSOLZ(): void {
  let SOLZJ: number = 0; // PAP field SOLZJ used only here, scale 2
  let SOLZMIN: number = 0; // PAP field SOLZMIN used only here, scale 2
  // SOLZFREI = (SOLZFREI.multiply(BigDecimal.valueOf(KZTAB)))
  SOLZFREI = (SOLZFREI * KZTAB);
  // IF JBMG.compareTo (SOLZFREI) == 1
  if ((JBMG > SOLZFREI)) {
    // SOLZJ= (JBMG.multiply (BigDecimal.valueOf (5.5))).divide(ZAHL100).setScale(2, BigDecimal.ROUND_DOWN)
    SOLZJ = $divDown((JBMG * 55), 10);
    // SOLZMIN= (JBMG.subtract (SOLZFREI)).multiply (BigDecimal.valueOf (11.9)).divide (ZAHL100).setScale (2, BigDecimal.ROUND_DOWN)
    SOLZMIN = $divDown(((JBMG - SOLZFREI) * 119), 10);
    // IF SOLZMIN.compareTo (SOLZJ) == -1
    if ((SOLZMIN < SOLZJ)) {
      // SOLZJ= SOLZMIN
      SOLZJ = SOLZMIN;
    }
    // JW= SOLZJ.multiply (ZAHL100).setScale (0, BigDecimal.ROUND_DOWN)
    JW = SOLZJ;
    UPANTEIL();
    // SOLZLZZ= ANTEIL1
    SOLZLZZ = ANTEIL1;
  } else {
    // SOLZLZZ= BigDecimal.ZERO
    SOLZLZZ = 0;
  }
  // IF R > 0
  if ((R > 0)) {
    // JW= JBMG.multiply (ZAHL100)
    JW = (JBMG * 100);
    UPANTEIL();
    // BK= ANTEIL1
    BK = ANTEIL1;
  } else {
    // BK= BigDecimal.ZERO
    BK = 0;
  }
}

/**
 * Anteil von Jahresbetraegen fuer einen LZZ (§ 39b Abs. 2 Satz 9 EStG), PAP Seite 32
 */
function UPANTEIL(): void {
  // IF LZZ == 1
  if ((LZZ === 1)) {
    // ANTEIL1= JW
    ANTEIL1 = JW;
  } else {
    // IF LZZ == 2
    if ((LZZ === 2)) {
      // ANTEIL1= JW.divide (ZAHL12, 0, BigDecimal.ROUND_DOWN)
      ANTEIL1 = $divDown(JW, 12);
    } else {
      // IF LZZ == 3
      if ((LZZ === 3)) {
        // ANTEIL1= (JW.multiply (ZAHL7)).divide (ZAHL360, 0, BigDecimal.ROUND_DOWN)
        ANTEIL1 = $divDown((JW * 7), 360);
      } else {
        // ANTEIL1= JW.divide (ZAHL360, 0, BigDecimal.ROUND_DOWN)
        ANTEIL1 = $divDown(JW, 360);
      }
    }
  }
}

/**
 * Berechnung sonstiger Bezuege nach § 39b Abs. 3 Saetze 1 bis 8 EStG), PAP Seite 33
 */
function MSONST(): void {
  let LSTSO$1: number = 0; // PAP field LSTSO used only here, scale 0
  let LSTSO$2: number = 0; // PAP field LSTSO used only here, scale 0
  // LZZ= 1
  LZZ = 1;
  // IF ZMVB == 0
  if ((ZMVB === 0)) {
    // ZMVB= 12
    ZMVB = 12;
  }
  // IF SONSTB.compareTo (BigDecimal.ZERO) == 0 && MBV.compareTo (BigDecimal.ZERO) == 0
  if (((SONSTB === 0) && (MBV === 0))) {
    // VKVSONST= BigDecimal.ZERO
    VKVSONST = 0;
    // LSTSO= BigDecimal.ZERO
    LSTSO$1 = 0;
    // STS= BigDecimal.ZERO
    STS = 0;
    // SOLZS= BigDecimal.ZERO
    SOLZS = 0;
    // BKS= BigDecimal.ZERO
    BKS = 0;
  } else {
    MOSONST();
    UPVKV();
    // VKVSONST = VKV
    VKVSONST = VKV;
    // ZRE4J= ((JRE4.add (SONSTB)).divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
    ZRE4J = (JRE4 + SONSTB);
    // ZVBEZJ= ((JVBEZ.add (VBS)).divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
    ZVBEZJ = (JVBEZ + VBS);
    // VBEZBSO= STERBE
    VBEZBSO = STERBE;
    MRE4SONST();
    MLSTJAHR();
    // WVFRBM = (ZVE.subtract(GFB)).multiply(ZAHL100).setScale(2,BigDecimal.ROUND_DOWN)
    WVFRBM = ((ZVE - (GFB * 100)) * 100);
    // IF WVFRBM.compareTo(BigDecimal.ZERO) == -1
    if ((WVFRBM < 0)) {
      // WVFRBM = BigDecimal.ZERO
      WVFRBM = 0;
    }
    UPVKV();
    // VKVSONST = VKV.subtract(VKVSONST)
    VKVSONST = (VKV - VKVSONST);
    // LSTSO= ST.multiply (ZAHL100)
    LSTSO$2 = (ST * 100);
    // STS = LSTSO.subtract(LSTOSO).multiply(BigDecimal.valueOf(f)).divide(ZAHL100, 0, BigDecimal.ROUND_DOWN).multiply(ZAHL100)
    STS = ($divDown(((LSTSO$2 - LSTOSO) * f), 100000) * 100);
    STSMIN();
  }
}

/**
 * PAP Seite 34
 */
function STSMIN(): void {
  // IF STS.compareTo(BigDecimal.ZERO) == -1
  if ((STS < 0)) {
    // IF MBV.compareTo(BigDecimal.ZERO) == 0
    if ((MBV === 0)) {
    } else {
      // LSTLZZ = LSTLZZ.add(STS)
      LSTLZZ = (LSTLZZ + STS);
      // IF LSTLZZ.compareTo(BigDecimal.ZERO) == -1
      if ((LSTLZZ < 0)) {
        // LSTLZZ = BigDecimal.ZERO
        LSTLZZ = 0;
      }
      // SOLZLZZ = SOLZLZZ.add(STS.multiply(BigDecimal.valueOf(5.5).divide(ZAHL100))).setScale(0, BigDecimal.ROUND_DOWN)
      SOLZLZZ = $divDown(((SOLZLZZ * 1000) + (STS * 55)), 1000);
      // IF SOLZLZZ.compareTo(BigDecimal.ZERO) == -1
      if ((SOLZLZZ < 0)) {
        // SOLZLZZ = BigDecimal.ZERO
        SOLZLZZ = 0;
      }
      // BK = BK.add(STS)
      BK = (BK + STS);
      // IF BK.compareTo(BigDecimal.ZERO) == -1
      if ((BK < 0)) {
        // BK = BigDecimal.ZERO
        BK = 0;
      }
    }
    // STS = BigDecimal.ZERO
    STS = 0;
    // SOLZS = BigDecimal.ZERO
    SOLZS = 0;
  } else {
    MSOLZSTS();
  }
  // IF R > 0
  if ((R > 0)) {
    // BKS = STS
    BKS = STS;
  } else {
    // BKS = BigDecimal.ZERO
    BKS = 0;
  }
}

/**
 * Berechnung des SolZ auf sonstige Bezüge, PAP Seite 35
 */
function MSOLZSTS(): void {
  let SOLZSZVE$1: number = 0; // PAP field SOLZSZVE used only here, scale 2
  let SOLZSZVE$2: number = 0; // PAP field SOLZSZVE used only here, scale 0
  let SOLZSBMG: number = 0; // PAP field SOLZSBMG used only here, scale 0
  // IF ZKF.compareTo(BigDecimal.ZERO) == 1
  if ((ZKF > 0)) {
    // SOLZSZVE= ZVE.subtract(KFB)
    SOLZSZVE$1 = (ZVE - (KFB * 100));
  } else {
    // SOLZSZVE= ZVE
    SOLZSZVE$1 = ZVE;
  }
  // IF SOLZSZVE.compareTo(BigDecimal.ONE) == -1
  if ((SOLZSZVE$1 < 100)) {
    // SOLZSZVE= BigDecimal.ZERO
    SOLZSZVE$2 = 0;
    // X= BigDecimal.ZERO
    X = 0;
  } else {
    // X= SOLZSZVE.divide(BigDecimal.valueOf(KZTAB), 0, BigDecimal.ROUND_DOWN)
    X = ($divDown(SOLZSZVE$1, (KZTAB * 100)) * 100);
  }
  // IF STKL < 5
  if ((STKL < 5)) {
    UPTAB25();
  } else {
    MST5_6();
  }
  // SOLZSBMG= ST.multiply(BigDecimal.valueOf(f)).setScale(0,BigDecimal.ROUND_DOWN)
  SOLZSBMG = $divDown((ST * f), 1000);
  // IF SOLZSBMG.compareTo(SOLZFREI) == 1
  if ((SOLZSBMG > SOLZFREI)) {
    // SOLZS= STS.multiply(BigDecimal.valueOf(5.5)).divide(ZAHL100, 0, BigDecimal.ROUND_DOWN)
    SOLZS = $divDown((STS * 55), 1000);
  } else {
    // SOLZS= BigDecimal.ZERO
    SOLZS = 0;
  }
}

/**
 * Sonderberechnung ohne sonstige Bezüge für Berechnung bei sonstigen Bezügen oder Vergütung für mehrjährige Tätigkeit, PAP Seite 36
 */
function MOSONST(): void {
  // ZRE4J= (JRE4.divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
  ZRE4J = JRE4;
  // ZVBEZJ= (JVBEZ.divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
  ZVBEZJ = JVBEZ;
  // JLFREIB= JFREIB.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
  JLFREIB = JFREIB;
  // JLHINZU= JHINZU.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
  JLHINZU = JHINZU;
  MRE4();
  MRE4ABZ();
  // ZRE4VP = ZRE4VP.subtract(JRE4ENT.divide(ZAHL100))
  ZRE4VP = (ZRE4VP - JRE4ENT);
  MZTABFB();
  // VFRBS1 = ((ANP.add(FVB.add(FVBZ))).multiply(ZAHL100)).setScale(2,BigDecimal.ROUND_DOWN)
  VFRBS1 = (((ANP * 100) + (FVB + (FVBZ * 100))) * 100);
  MLSTJAHR();
  // WVFRBO = ((ZVE.subtract(GFB)).multiply(ZAHL100)).setScale(2, BigDecimal.ROUND_DOWN)
  WVFRBO = ((ZVE - (GFB * 100)) * 100);
  // IF WVFRBO.compareTo(BigDecimal.ZERO) == -1
  if ((WVFRBO < 0)) {
    // WVFRBO = BigDecimal.ZERO
    WVFRBO = 0;
  }
  // LSTOSO= ST.multiply (ZAHL100)
  LSTOSO = (ST * 100);
}

/**
 * Sonderberechnung mit sonstige Bezüge für Berechnung bei sonstigen Bezügen oder Vergütung für mehrjährige Tätigkeit, PAP Seite 37
 */
function MRE4SONST(): void {
  MRE4();
  // FVB= FVBSO
  FVB = FVBSO;
  MRE4ABZ();
  // ZRE4VP = ZRE4VP.add(MBV.divide(ZAHL100)).subtract(JRE4ENT.divide(ZAHL100)).subtract(SONSTENT.divide(ZAHL100))
  ZRE4VP = (((ZRE4VP + MBV) - JRE4ENT) - SONSTENT);
  // FVBZ= FVBZSO
  FVBZ = FVBZSO;
  MZTABFB();
  // VFRBS2 = ((((ANP.add(FVB).add(FVBZ))).multiply(ZAHL100))).subtract(VFRBS1)
  VFRBS2 = (((((ANP * 100) + FVB) + (FVBZ * 100)) * 100) - VFRBS1);
}

/**
 * Tarifliche Einkommensteuer §32a EStG, PAP Seite 38
 */
function UPTAB25(): void {
  let Y$1: number = 0; // PAP field Y used only here, scale 6
  let Y$2: number = 0; // PAP field Y used only here, scale 6
  let RW$1: number = 0; // PAP field RW used only here, scale 7
  let RW$2: number = 0; // PAP field RW used only here, scale 7
  let RW$3: number = 0; // PAP field RW used only here, scale 8
  let RW$4: number = 0; // PAP field RW used only here, scale 8
  let RW$5: bigint = 0n; // PAP field RW used only here, scale 14
  // IF X.compareTo(GFB.add(ZAHL1)) == -1
  if ((X < ((GFB + 1) * 100))) {
    // ST= BigDecimal.ZERO
    ST = 0;
  } else {
    // IF X.compareTo (BigDecimal.valueOf (17444)) == -1
    if ((X < 1744400)) {
      // Y = (X.subtract(GFB)).divide(ZAHL10000, 6,BigDecimal.ROUND_DOWN)
      Y$1 = (X - (GFB * 100));
      // RW= Y.multiply (BigDecimal.valueOf (932.30))
      RW$1 = (Y$1 * 9323);
      // RW= RW.add (BigDecimal.valueOf (1400))
      RW$2 = (RW$1 + 14000000000);
      // ST= (RW.multiply (Y)).setScale (0, BigDecimal.ROUND_DOWN)
      ST = Number($bigDivDown((BigInt(RW$2) * BigInt(Y$1)), 10000000000000n));
    } else {
      // IF X.compareTo (BigDecimal.valueOf (68481)) == -1
      if ((X < 6848100)) {
        // Y= (X.subtract (BigDecimal.valueOf (17443))).divide (ZAHL10000, 6, BigDecimal.ROUND_DOWN)
        Y$2 = (X - 1744300);
        // RW= Y.multiply (BigDecimal.valueOf (176.64))
        RW$3 = (Y$2 * 17664);
        // RW= RW.add (BigDecimal.valueOf (2397))
        RW$4 = (RW$3 + 239700000000);
        // RW= RW.multiply (Y)
        RW$5 = (BigInt(RW$4) * BigInt(Y$2));
        // ST= (RW.add (BigDecimal.valueOf (1015.13))).setScale (0, BigDecimal.ROUND_DOWN)
        ST = Number($bigDivDown((RW$5 + 101513000000000000n), 100000000000000n));
      } else {
        // IF X.compareTo (BigDecimal.valueOf (277826)) == -1
        if ((X < 27782600)) {
          // ST= ((X.multiply (BigDecimal.valueOf (0.42))).subtract (BigDecimal.valueOf (10911.92))).setScale (0, BigDecimal.ROUND_DOWN)
          ST = $divDown(((X * 42) - 109119200), 10000);
        } else {
          // ST= ((X.multiply (BigDecimal.valueOf (0.45))).subtract (BigDecimal.valueOf (19246.67))).setScale (0, BigDecimal.ROUND_DOWN)
          ST = $divDown(((X * 45) - 192466700), 10000);
        }
      }
    }
  }
  // ST= ST.multiply (BigDecimal.valueOf (KZTAB))
  ST = (ST * KZTAB);
}

/** Runs PAP Lohnsteuer2025 (MAIN) on validated, scaled inputs. Not re-entrant. */
export function run(input: Lohnsteuer2025ScaledInput): Lohnsteuer2025Output {
  af = input.af;
  AJAHR = input.AJAHR;
  ALTER1 = input.ALTER1;
  f = input.f;
  JFREIB = input.JFREIB;
  JHINZU = input.JHINZU;
  JRE4 = input.JRE4;
  JRE4ENT = input.JRE4ENT;
  JVBEZ = input.JVBEZ;
  KRV = input.KRV;
  KVZ = input.KVZ;
  LZZ = input.LZZ;
  LZZFREIB = input.LZZFREIB;
  LZZHINZU = input.LZZHINZU;
  MBV = input.MBV;
  PKPV = input.PKPV;
  PKV = input.PKV;
  PVA = input.PVA;
  PVS = input.PVS;
  PVZ = input.PVZ;
  R = input.R;
  RE4 = input.RE4;
  SONSTB = input.SONSTB;
  SONSTENT = input.SONSTENT;
  STERBE = input.STERBE;
  STKL = input.STKL;
  VBEZ = input.VBEZ;
  VBEZM = input.VBEZM;
  VBEZS = input.VBEZS;
  VBS = input.VBS;
  VJAHR = input.VJAHR;
  ZKF = input.ZKF;
  ZMVB = input.ZMVB;
  BK = 0;
  BKS = 0;
  LSTLZZ = 0;
  SOLZLZZ = 0;
  SOLZS = 0;
  STS = 0;
  VKVLZZ = 0;
  VKVSONST = 0;
  VFRB = 0;
  VFRBS1 = 0;
  VFRBS2 = 0;
  WVFRB = 0;
  WVFRBO = 0;
  WVFRBM = 0;
  ALTE = 0;
  ANP = 0;
  ANTEIL1 = 0;
  BBGKVPV = 0;
  BBGRV = 0;
  EFA = 0;
  FVB = 0;
  FVBSO = 0;
  FVBZ = 0;
  FVBZSO = 0;
  GFB = 0;
  JBMG = 0;
  JLFREIB = 0;
  JLHINZU = 0;
  JW = 0;
  KFB = 0;
  KVSATZAG = 0;
  KVSATZAN = 0;
  KZTAB = 0;
  LSTJAHR = 0;
  LSTOSO = 0;
  PVSATZAG = 0;
  PVSATZAN = 0;
  RVSATZAN = 0;
  SAP = 0;
  SOLZFREI = 0;
  SOLZVBMG = 0;
  ST = 0;
  VBEZBSO = 0;
  VKV = 0;
  VSP = 0;
  VSP1 = 0;
  VSP2 = 0;
  VSP3 = 0;
  W1STKL5 = 0;
  W2STKL5 = 0;
  W3STKL5 = 0;
  X = 0;
  ZRE4 = 0;
  ZRE4J = 0;
  ZRE4VP = 0;
  ZTABFB = 0;
  ZVBEZ = 0;
  ZVBEZJ = 0;
  ZVE = 0;
  ZX = 0;
  MPARA();
  MRE4JL();
  // VBEZBSO= BigDecimal.ZERO
  VBEZBSO = 0;
  MRE4();
  MRE4ABZ();
  MBERECH();
  MSONST();
  return {
    BK: BK + 0,
    BKS: BKS + 0,
    LSTLZZ: LSTLZZ + 0,
    SOLZLZZ: SOLZLZZ + 0,
    SOLZS: SOLZS + 0,
    STS: STS + 0,
    VKVLZZ: VKVLZZ + 0,
    VKVSONST: VKVSONST + 0,
    VFRB: VFRB + 0,
    VFRBS1: VFRBS1 / 100 + 0,
    VFRBS2: VFRBS2 / 100 + 0,
    WVFRB: WVFRB + 0,
    WVFRBO: WVFRBO / 100 + 0,
    WVFRBM: WVFRBM / 100 + 0,
  };
}
