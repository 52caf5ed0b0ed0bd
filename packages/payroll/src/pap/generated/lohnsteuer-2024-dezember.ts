/*
 * GENERATED FILE - DO NOT EDIT. Regenerate with: npx tsx packages/payroll/scripts/generate-pap.ts
 *
 * Source: pap-xml/Lohnsteuer2024Dezember.xml
 *   PAP name="Lohnsteuer2024Dezember" version="1.0", Stand 2024-10-11 06:50
 *   SHA-256 8cb8a5e00ede0d30a986e8874e4cc4db8d2ef80504c7135cc39fbee5a9d73282
 * Programmablaufplan für den Lohnsteuerabzug, published by the Bundesministerium der
 * Finanzen / ITZBund (bmf-steuerrechner.de). Names and structure follow the PAP.
 *
 * Every BigDecimal field holds value x 10^scale as an integer (scale noted at the field):
 * a number where the generator proved |value x 10^scale| <= 2^52, else a bigint.
 */
import { divDown as $divDown, divUp as $divUp, divExact as $divExact, bigDivDown as $bigDivDown, bigDivUp as $bigDivUp } from '../runtime.js';
import type { PapModuleMeta } from '../types.js';

/** Inputs of PAP Lohnsteuer2024Dezember (money in cent). Left-out inputs take their default. */
export interface Lohnsteuer2024DezemberInput {
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
   * in VKAPA und VMT enthaltene Entschädigungen nach §24 Nummer 1 EStG
   * sowie tarifermäßigt zu besteuernde Vorteile bei Vermögensbeteiligungen
   * (§ 19a Absatz 4 EStG) in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly ENTSCH?: number;
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
   * auf der Bescheinigung für den Lohnsteuerabzug 2024 in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JFREIB?: number;
  /**
   * Jahreshinzurechnungsbetrag für die Ermittlung der Lohnsteuer für die sonstigen Bezüge
   * sowie für Vermögensbeteiligungen nach § 19a Absatz 1 und 4 EStG nach Maßgabe der
   * elektronischen Lohnsteuerabzugsmerkmale nach § 39e EStG oder der Eintragung auf der
   * Bescheinigung für den Lohnsteuerabzug 2024 in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JHINZU?: number;
  /**
   * Voraussichtlicher Jahresarbeitslohn ohne sonstige Bezüge (d.h. auch ohne Vergütung
   * für mehrjährige Tätigkeit und ohne die zu besteuernden Vorteile bei Vermögensbeteiligungen,
   * § 19a Absatz 4 EStG) in Cent.
   * Anmerkung: Die Eingabe dieses Feldes (ggf. 0) ist erforderlich bei Eingaben zu sonstigen
   * Bezügen (Felder SONSTB, VMT oder VKAPA).
   * Sind in einem vorangegangenen Abrechnungszeitraum bereits sonstige Bezüge gezahlt worden,
   * so sind sie dem voraussichtlichen Jahresarbeitslohn hinzuzurechnen. Gleiches gilt für zu
   * besteuernde Vorteile bei Vermögensbeteiligungen (§ 19a Absatz 4 EStG). Vergütungen für
   * mehrjährige Tätigkeit aus einem vorangegangenen Abrechnungszeitraum werden in voller
   * Höhe hinzugerechnet.
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JRE4?: number;
  /**
   * In JRE4 enthaltene Versorgungsbezuege in Cents (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JVBEZ?: number;
  /**
   * Merker für die Vorsorgepauschale
   * 2 = der Arbeitnehmer ist NICHT in der gesetzlichen Rentenversicherung versichert.
   *
   * 1 = der Arbeitnehmer ist in der gesetzlichen Rentenversicherung versichert, es gilt die
   * Beitragsbemessungsgrenze OST.
   *
   * 0 = der Arbeitnehmer ist in der gesetzlichen Rentenversicherung versichert, es gilt die
   * Beitragsbemessungsgrenze WEST.
   *
   * (int; 0 .. 2; default 0)
   */
  readonly KRV?: number;
  /**
   * Kassenindividueller Zusatzbeitragssatz bei einem gesetzlich krankenversicherten Arbeitnehmer
   * in Prozent (bspw. 1,70 für 1,70 %) mit 2 Dezimalstellen.
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
   * oder in der Bescheinigung für den Lohnsteuerabzug 2024 eingetragene Freibetrag für den
   * Lohnzahlungszeitraum in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly LZZFREIB?: number;
  /**
   * Der als elektronisches Lohnsteuerabzugsmerkmal für den Arbeitgeber nach § 39e EStG festgestellte
   * oder in der Bescheinigung für den Lohnsteuerabzug 2024 eingetragene Hinzurechnungsbetrag für den
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
   * 1 = ausschließlich privat krankenversicherte Arbeitnehmer OHNE Arbeitgeberzuschuss
   * 2 = ausschließlich privat krankenversicherte Arbeitnehmer MIT Arbeitgeberzuschuss
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
   * zu berücksichtigen wären, sonst 0.
   *
   * (int; 0 .. 1; default 0)
   */
  readonly PVS?: number;
  /**
   * 1, wenn er der Arbeitnehmer den Zuschlag zur sozialen Pflegeversicherung
   * zu zahlen hat, sonst 0.
   *
   * (int; 0 .. 1; default 0)
   */
  readonly PVZ?: number;
  /**
   * Religionsgemeinschaft des Arbeitnehmers lt. elektronischer Lohnsteuerabzugsmerkmale oder der
   * Bescheinigung für den Lohnsteuerabzug 2024 (bei keiner Religionszugehörigkeit = 0)
   *
   * (int; 0 .. 99; default 0)
   */
  readonly R?: number;
  /**
   * Steuerpflichtiger Arbeitslohn für den Lohnzahlungszeitraum vor Berücksichtigung des
   * Versorgungsfreibetrags und des Zuschlags zum Versorgungsfreibetrag, des Altersentlastungsbetrags
   * und des als elektronisches Lohnsteuerabzugsmerkmal festgestellten oder in der Bescheinigung für
   * den Lohnsteuerabzug 2024 für den Lohnzahlungszeitraum eingetragenen Freibetrags bzw.
   * Hinzurechnungsbetrags in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly RE4?: number;
  /**
   * Sonstige Bezüge (ohne Vergütung aus mehrjähriger Tätigkeit) einschließlich nicht tarifermäßigt
   * zu besteuernde Vorteile bei Vermögensbeteiligungen und Sterbegeld bei Versorgungsbezügen sowie
   * Kapitalauszahlungen/Abfindungen, soweit es sich nicht um Bezüge für mehrere Jahre handelt,
   * in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly SONSTB?: number;
  /**
   * Sterbegeld bei Versorgungsbezuegen sowie Kapitalauszahlungen/Abfindungen,
   * soweit es sich nicht um Bezuege fuer mehrere Jahre handelt
   * (in SONSTB enthalten) in Cents
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
   * In RE4 enthaltene Versorgungsbezuege in Cents (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VBEZ?: number;
  /**
   * Vorsorgungsbezug im Januar 2005 bzw. fuer den ersten vollen Monat
   * in Cents
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VBEZM?: number;
  /**
   * Voraussichtliche Sonderzahlungen im Kalenderjahr des Versorgungsbeginns
   * bei Versorgungsempfaengern ohne Sterbegeld, Kapitalauszahlungen/Abfindungen
   * bei Versorgungsbezuegen in Cents
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
   * Jahr, in dem der Versorgungsbezug erstmalig gewaehrt wurde; werden
   * mehrere Versorgungsbezuege gezahlt, so gilt der aelteste erstmalige Bezug
   *
   * (int; 0 .. 9999; default 0)
   */
  readonly VJAHR?: number;
  /**
   * Kapitalauszahlungen / Abfindungen / Nachzahlungen bei Versorgungsbezügen
   * für mehrere Jahre in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VKAPA?: number;
  /**
   * Entschädigungen und Vergütung für mehrjährige Tätigkeit sowie tarifermäßigt
   * zu besteuernde Vorteile bei Vermögensbeteiligungen (§ 19a Absatz 4 Satz 2 EStG)
   * ohne Kapitalauszahlungen und ohne Abfindungen bei Versorgungsbezügen
   * in Cent (ggf. 0)
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly VMT?: number;
  /**
   * Zahl der Freibetraege fuer Kinder (eine Dezimalstelle, nur bei Steuerklassen
   * I, II, III und IV)
   *
   * (BigDecimal; 0 .. 50, up to 1 decimals; default 0)
   */
  readonly ZKF?: number | string;
  /**
   * Zahl der Monate, fuer die Versorgungsbezuege gezahlt werden (nur
   * erforderlich bei Jahresberechnung (LZZ = 1)
   *
   * (int; 0 .. 12; default 0)
   */
  readonly ZMVB?: number;
  /**
   * In JRE4 enthaltene Entschädigungen nach § 24 Nummer 1 EStG und zu besteuernde
   * Vorteile bei Vermögensbeteiligungen (§ 19a Absatz 4 EStG in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly JRE4ENT?: number;
  /**
   * In SONSTB enthaltene Entschädigungen nach § 24 Nummer 1 EStG sowie nicht
   * tarifermäßigt zu besteuernde Vorteile bei Vermögensbeteiligungen in Cent
   *
   * (BigDecimal; 0 .. 100000000000 cent; default 0)
   */
  readonly SONSTENT?: number;
}

/** Outputs of PAP Lohnsteuer2024Dezember, all in cent. */
export interface Lohnsteuer2024DezemberOutput {
  /**
   * Bemessungsgrundlage fuer die Kirchenlohnsteuer in Cents
   *
   * (output group STANDARD)
   */
  readonly BK: number;
  /**
   * Bemessungsgrundlage der sonstigen Bezüge (ohne Vergütung für mehrjährige Tätigkeit)
   * für die Kirchenlohnsteuer in Cent.
   * Hinweis: Negativbeträge, die aus nicht zu besteuernden Vorteilen bei
   * Vermögensbeteiligungen (§ 19a Absatz 1 Satz 4 EStG) resultieren, mindern BK
   * (maximal bis 0). Der Sonderausgabenabzug für tatsächlich erbrachte Vorsorgeaufwendungen
   * im Rahmen der Veranlagung zur Einkommensteuer bleibt unberührt.
   *
   * (output group STANDARD)
   */
  readonly BKS: number;
  /**
   * Bemessungsgrundlage der Vergütung für mehrjährige Tätigkeit und der tarifermäßigt
   * zu besteuernden Vorteile bei Vermögensbeteiligungen für die Kirchenlohnsteuer in Cent
   *
   * (output group STANDARD)
   */
  readonly BKV: number;
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
   * Solidaritätszuschlag für sonstige Bezüge (ohne Vergütung für mehrjährige Tätigkeit in Cent.
   * Hinweis: Negativbeträge, die aus nicht zu besteuernden Vorteilen bei Vermögensbeteiligungen
   * (§ 19a Absatz 1 Satz 4 EStG) resultieren, mindern SOLZLZZ (maximal bis 0). Der
   * Sonderausgabenabzug für tatsächlich erbrachte Vorsorgeaufwendungen im Rahmen der
   * Veranlagung zur Einkommensteuer bleibt unberührt.
   *
   * (output group STANDARD)
   */
  readonly SOLZS: number;
  /**
   * Solidaritätszuschlag für die Vergütung für mehrjährige Tätigkeit und der tarifermäßigt
   * zu besteuernden Vorteile bei Vermögensbeteiligungen in Cent
   *
   * (output group STANDARD)
   */
  readonly SOLZV: number;
  /**
   * Lohnsteuer für sonstige Bezüge (ohne Vergütung für mehrjährige Tätigkeit und ohne
   * tarifermäßigt zu besteuernde Vorteile bei Vermögensbeteiligungen) in Cent
   * Hinweis: Negativbeträge, die aus nicht zu besteuernden Vorteilen bei Vermögensbeteiligungen
   * (§ 19a Absatz 1 Satz 4 EStG) resultieren, mindern LSTLZZ (maximal bis 0). Der
   * Sonderausgabenabzug für tatsächlich erbrachte Vorsorgeaufwendungen im Rahmen der
   * Veranlagung zur Einkommensteuer bleibt unberührt.
   *
   * (output group STANDARD)
   */
  readonly STS: number;
  /**
   * Lohnsteuer für die Vergütung für mehrjährige Tätigkeit und der tarifermäßigt zu besteuernden
   * Vorteile bei Vermögensbeteiligungen in Cent
   *
   * (output group STANDARD)
   */
  readonly STV: number;
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
   * auch negativ sein. Für tarifermäßigt zu besteuernde Vergütungen für mehrjährige
   * Tätigkeiten enthält der PAP keinen entsprechenden Ausgabewert.
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

/** Metadata of PAP Lohnsteuer2024Dezember: source file, inputs (scaled bounds/defaults), outputs. */
export const meta: PapModuleMeta = {
  papName: 'Lohnsteuer2024Dezember',
  papVersion: '1.0',
  stand: '2024-10-11 06:50',
  xmlFile: 'Lohnsteuer2024Dezember.xml',
  xmlSha256: '8cb8a5e00ede0d30a986e8874e4cc4db8d2ef80504c7135cc39fbee5a9d73282',
  inputs: [
    { name: 'af', javaType: 'int', scale: 0, min: 0, max: 1, default: 1, unit: 'number' },
    { name: 'AJAHR', javaType: 'int', scale: 0, min: 0, max: 9999, default: 0, unit: 'number' },
    { name: 'ALTER1', javaType: 'int', scale: 0, min: 0, max: 1, default: 0, unit: 'number' },
    { name: 'ENTSCH', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'f', javaType: 'double', scale: 3, min: 1, max: 1000, default: 1000, unit: 'number' },
    { name: 'JFREIB', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JHINZU', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JRE4', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'JVBEZ', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'KRV', javaType: 'int', scale: 0, min: 0, max: 2, default: 0, unit: 'number' },
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
    { name: 'STERBE', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'STKL', javaType: 'int', scale: 0, min: 1, max: 6, default: null, unit: 'number' },
    { name: 'VBEZ', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VBEZM', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VBEZS', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VBS', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VJAHR', javaType: 'int', scale: 0, min: 0, max: 9999, default: 0, unit: 'number' },
    { name: 'VKAPA', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'VMT', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'ZKF', javaType: 'BigDecimal', scale: 1, min: 0, max: 500, default: 0, unit: 'number' },
    { name: 'ZMVB', javaType: 'int', scale: 0, min: 0, max: 12, default: 0, unit: 'number' },
    { name: 'JRE4ENT', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
    { name: 'SONSTENT', javaType: 'BigDecimal', scale: 0, min: 0, max: 100000000000, default: 0, unit: 'cent' },
  ],
  outputs: ['BK', 'BKS', 'BKV', 'LSTLZZ', 'SOLZLZZ', 'SOLZS', 'SOLZV', 'STS', 'STV', 'VKVLZZ', 'VKVSONST', 'VFRB', 'VFRBS1', 'VFRBS2', 'WVFRB', 'WVFRBO', 'WVFRBM'],
};

/**
 * Tabelle fuer die Vomhundertsaetze des Versorgungsfreibetrags
 *
 * (scale 3)
 */
const TAB1: readonly number[] = [0, 400, 384, 368, 352, 336, 320, 304, 288, 272, 256, 240, 224, 208, 192, 176, 160, 152, 144, 136, 128, 120, 112, 104, 96, 88, 80, 72, 64, 56, 48, 40, 32, 24, 16, 8, 0];
/**
 * Tabelle fuer die Hoechstbetrage des Versorgungsfreibetrags
 *
 * (scale 0)
 */
const TAB2: readonly number[] = [0, 3000, 2880, 2760, 2640, 2520, 2400, 2280, 2160, 2040, 1920, 1800, 1680, 1560, 1440, 1320, 1200, 1140, 1080, 1020, 960, 900, 840, 780, 720, 660, 600, 540, 480, 420, 360, 300, 240, 180, 120, 60, 0];
/**
 * Tabelle fuer die Zuschlaege zum Versorgungsfreibetrag
 *
 * (scale 0)
 */
const TAB3: readonly number[] = [0, 900, 864, 828, 792, 756, 720, 684, 648, 612, 576, 540, 504, 468, 432, 396, 360, 342, 324, 306, 288, 270, 252, 234, 216, 198, 180, 162, 144, 126, 108, 90, 72, 54, 36, 18, 0];
/**
 * Tabelle fuer die Vomhundertsaetze des Altersentlastungsbetrags
 *
 * (scale 3)
 */
const TAB4: readonly number[] = [0, 400, 384, 368, 352, 336, 320, 304, 288, 272, 256, 240, 224, 208, 192, 176, 160, 152, 144, 136, 128, 120, 112, 104, 96, 88, 80, 72, 64, 56, 48, 40, 32, 24, 16, 8, 0];
/**
 * Tabelle fuer die Hoechstbetraege des Altersentlastungsbetrags
 *
 * (scale 0)
 */
const TAB5: readonly number[] = [0, 1900, 1824, 1748, 1672, 1596, 1520, 1444, 1368, 1292, 1216, 1140, 1064, 988, 912, 836, 760, 722, 684, 646, 608, 570, 532, 494, 456, 418, 380, 342, 304, 266, 228, 190, 152, 114, 76, 38, 0];

/** The PAP fields (inputs, outputs, internals) as value x 10^scale; reset by every run(). */
interface PapState {
  af: number; // input, int, int
  AJAHR: number; // input, int, int
  ALTER1: number; // input, int, int
  ENTSCH: number; // input, BigDecimal, scale 0
  f: number; // input, double, scale 3
  JFREIB: number; // input, BigDecimal, scale 0
  JHINZU: number; // input, BigDecimal, scale 0
  JRE4: number; // input, BigDecimal, scale 0
  JVBEZ: number; // input, BigDecimal, scale 0
  KRV: number; // input, int, int
  KVZ: number; // input, BigDecimal, scale 2
  LZZ: number; // input, int, int
  LZZFREIB: number; // input, BigDecimal, scale 0
  LZZHINZU: number; // input, BigDecimal, scale 0
  MBV: number; // input, BigDecimal, scale 0
  PKPV: number; // input, BigDecimal, scale 0
  PKV: number; // input, int, int
  PVA: number; // input, BigDecimal, scale 0
  PVS: number; // input, int, int
  PVZ: number; // input, int, int
  R: number; // input, int, int
  RE4: number; // input, BigDecimal, scale 0
  SONSTB: number; // input, BigDecimal, scale 0
  STERBE: number; // input, BigDecimal, scale 0
  STKL: number; // input, int, int
  VBEZ: number; // input, BigDecimal, scale 0
  VBEZM: number; // input, BigDecimal, scale 0
  VBEZS: number; // input, BigDecimal, scale 0
  VBS: number; // input, BigDecimal, scale 0
  VJAHR: number; // input, int, int
  VKAPA: number; // input, BigDecimal, scale 0
  VMT: number; // input, BigDecimal, scale 0
  ZKF: number; // input, BigDecimal, scale 1
  ZMVB: number; // input, int, int
  JRE4ENT: number; // input, BigDecimal, scale 0
  SONSTENT: number; // input, BigDecimal, scale 0
  BK: number; // output, BigDecimal, scale 0
  BKS: number; // output, BigDecimal, scale 0
  BKV: number; // output, BigDecimal, scale 0
  LSTLZZ: number; // output, BigDecimal, scale 0
  SOLZLZZ: number; // output, BigDecimal, scale 0
  SOLZS: number; // output, BigDecimal, scale 0
  SOLZV: number; // output, BigDecimal, scale 0
  STS: number; // output, BigDecimal, scale 0
  STV: number; // output, BigDecimal, scale 0
  VKVLZZ: number; // output, BigDecimal, scale 0
  VKVSONST: number; // output, BigDecimal, scale 0
  VFRB: number; // output, BigDecimal, scale 0
  VFRBS1: number; // output, BigDecimal, scale 2
  VFRBS2: number; // output, BigDecimal, scale 2
  WVFRB: number; // output, BigDecimal, scale 0
  WVFRBO: number; // output, BigDecimal, scale 2
  WVFRBM: number; // output, BigDecimal, scale 2
  ALTE: number; // internal, BigDecimal, scale 0
  ANP: number; // internal, BigDecimal, scale 0
  ANTEIL1: number; // internal, BigDecimal, scale 0
  BBGKVPV: number; // internal, BigDecimal, scale 0
  BBGRV: number; // internal, BigDecimal, scale 0
  EFA: number; // internal, BigDecimal, scale 0
  FVB: number; // internal, BigDecimal, scale 2
  FVBSO: number; // internal, BigDecimal, scale 2
  FVBZ: number; // internal, BigDecimal, scale 0
  FVBZSO: number; // internal, BigDecimal, scale 0
  GFB: number; // internal, BigDecimal, scale 0
  JBMG: number; // internal, BigDecimal, scale 0
  JLFREIB: number; // internal, BigDecimal, scale 2
  JLHINZU: number; // internal, BigDecimal, scale 2
  JW: number; // internal, BigDecimal, scale 0
  JWLSTA: number; // internal, BigDecimal, scale 0
  JWLSTN: number; // internal, BigDecimal, scale 0
  JWSOLZA: number; // internal, BigDecimal, scale 0
  JWSOLZN: number; // internal, BigDecimal, scale 0
  JWBKA: number; // internal, BigDecimal, scale 0
  JWBKN: number; // internal, BigDecimal, scale 0
  KENNVMT: number; // internal, int, int
  KFB: number; // internal, BigDecimal, scale 0
  KVSATZAG: number; // internal, BigDecimal, scale 4
  KVSATZAN: number; // internal, BigDecimal, scale 5
  KZTAB: number; // internal, int, int
  LSTJAHR: number; // internal, BigDecimal, scale 0
  LSTOSO: number; // internal, BigDecimal, scale 0
  LSTSO: number; // internal, BigDecimal, scale 0
  PVSATZAG: number; // internal, BigDecimal, scale 3
  PVSATZAN: number; // internal, BigDecimal, scale 4
  RVSATZAN: number; // internal, BigDecimal, scale 3
  SAP: number; // internal, BigDecimal, scale 0
  SCHLEIFZ: number; // internal, int, int
  SOLZFREI: number; // internal, BigDecimal, scale 0
  ST: number; // internal, BigDecimal, scale 0
  TBSVORV: number; // internal, BigDecimal, scale 0
  VBEZBSO: number; // internal, BigDecimal, scale 0
  VSP: number; // internal, BigDecimal, scale 2
  VSP1: number; // internal, BigDecimal, scale 2
  VSP2: number; // internal, BigDecimal, scale 2
  VSP3: number; // internal, BigDecimal, scale 2
  W1STKL5: number; // internal, BigDecimal, scale 0
  W2STKL5: number; // internal, BigDecimal, scale 0
  W3STKL5: number; // internal, BigDecimal, scale 0
  VSPMAX1: number; // internal, BigDecimal, scale 0
  VSPMAX2: number; // internal, BigDecimal, scale 0
  VSPO: number; // internal, BigDecimal, scale 0
  VSPREST: number; // internal, BigDecimal, scale 0
  VSPVOR: number; // internal, BigDecimal, scale 0
  X: number; // internal, BigDecimal, scale 2
  ZRE4: number; // internal, BigDecimal, scale 2
  ZRE4J: number; // internal, BigDecimal, scale 2
  ZRE4VP: number; // internal, BigDecimal, scale 2
  ZTABFB: number; // internal, BigDecimal, scale 2
  ZVBEZ: number; // internal, BigDecimal, scale 2
  ZVBEZJ: number; // internal, BigDecimal, scale 2
  ZVE: number; // internal, BigDecimal, scale 2
  ZX: number; // internal, BigDecimal, scale 2
  VKV: number; // internal, BigDecimal, scale 0
}

const pap: PapState = {
  af: 1,
  AJAHR: 0,
  ALTER1: 0,
  ENTSCH: 0,
  f: 1000,
  JFREIB: 0,
  JHINZU: 0,
  JRE4: 0,
  JVBEZ: 0,
  KRV: 0,
  KVZ: 0,
  LZZ: 0,
  LZZFREIB: 0,
  LZZHINZU: 0,
  MBV: 0,
  PKPV: 0,
  PKV: 0,
  PVA: 0,
  PVS: 0,
  PVZ: 0,
  R: 0,
  RE4: 0,
  SONSTB: 0,
  STERBE: 0,
  STKL: 0,
  VBEZ: 0,
  VBEZM: 0,
  VBEZS: 0,
  VBS: 0,
  VJAHR: 0,
  VKAPA: 0,
  VMT: 0,
  ZKF: 0,
  ZMVB: 0,
  JRE4ENT: 0,
  SONSTENT: 0,
  BK: 0,
  BKS: 0,
  BKV: 0,
  LSTLZZ: 0,
  SOLZLZZ: 0,
  SOLZS: 0,
  SOLZV: 0,
  STS: 0,
  STV: 0,
  VKVLZZ: 0,
  VKVSONST: 0,
  VFRB: 0,
  VFRBS1: 0,
  VFRBS2: 0,
  WVFRB: 0,
  WVFRBO: 0,
  WVFRBM: 0,
  ALTE: 0,
  ANP: 0,
  ANTEIL1: 0,
  BBGKVPV: 0,
  BBGRV: 0,
  EFA: 0,
  FVB: 0,
  FVBSO: 0,
  FVBZ: 0,
  FVBZSO: 0,
  GFB: 0,
  JBMG: 0,
  JLFREIB: 0,
  JLHINZU: 0,
  JW: 0,
  JWLSTA: 0,
  JWLSTN: 0,
  JWSOLZA: 0,
  JWSOLZN: 0,
  JWBKA: 0,
  JWBKN: 0,
  KENNVMT: 0,
  KFB: 0,
  KVSATZAG: 0,
  KVSATZAN: 0,
  KZTAB: 0,
  LSTJAHR: 0,
  LSTOSO: 0,
  LSTSO: 0,
  PVSATZAG: 0,
  PVSATZAN: 0,
  RVSATZAN: 0,
  SAP: 0,
  SCHLEIFZ: 0,
  SOLZFREI: 0,
  ST: 0,
  TBSVORV: 0,
  VBEZBSO: 0,
  VSP: 0,
  VSP1: 0,
  VSP2: 0,
  VSP3: 0,
  W1STKL5: 0,
  W2STKL5: 0,
  W3STKL5: 0,
  VSPMAX1: 0,
  VSPMAX2: 0,
  VSPO: 0,
  VSPREST: 0,
  VSPVOR: 0,
  X: 0,
  ZRE4: 0,
  ZRE4J: 0,
  ZRE4VP: 0,
  ZTABFB: 0,
  ZVBEZ: 0,
  ZVBEZJ: 0,
  ZVE: 0,
  ZX: 0,
  VKV: 0,
};

/**
 * Zuweisung von Werten für bestimmte Sozialversicherungsparameter  PAP Seite 16
 */
function MPARA(): void {
  // IF KRV < 2
  if ((pap.KRV < 2)) {
    // IF KRV == 0
    if ((pap.KRV === 0)) {
      // BBGRV = new BigDecimal(90600)
      pap.BBGRV = 90600;
    } else {
      // BBGRV = new BigDecimal(89400)
      pap.BBGRV = 89400;
    }
    // RVSATZAN = BigDecimal.valueOf(0.093)
    pap.RVSATZAN = 93;
  }
  // BBGKVPV = new BigDecimal(62100)
  pap.BBGKVPV = 62100;
  // KVSATZAN = (KVZ.divide(ZAHL2).divide(ZAHL100)).add(BigDecimal.valueOf(0.07))
  pap.KVSATZAN = ((pap.KVZ * 5) + 7000);
  // KVSATZAG = BigDecimal.valueOf(0.0085).add(BigDecimal.valueOf(0.07))
  pap.KVSATZAG = 785;
  // IF PVS == 1
  if ((pap.PVS === 1)) {
    // PVSATZAN = BigDecimal.valueOf(0.022)
    pap.PVSATZAN = 220;
    // PVSATZAG = BigDecimal.valueOf(0.012)
    pap.PVSATZAG = 12;
  } else {
    // PVSATZAN =  BigDecimal.valueOf(0.017)
    pap.PVSATZAN = 170;
    // PVSATZAG =  BigDecimal.valueOf(0.017)
    pap.PVSATZAG = 17;
  }
  // IF PVZ == 1
  if ((pap.PVZ === 1)) {
    // PVSATZAN = PVSATZAN.add(BigDecimal.valueOf(0.006))
    pap.PVSATZAN = (pap.PVSATZAN + 60);
  } else {
    // PVSATZAN = PVSATZAN.subtract(PVA.multiply(BigDecimal.valueOf(0.0025)))
    pap.PVSATZAN = (pap.PVSATZAN - (pap.PVA * 25));
  }
  // W1STKL5 = new BigDecimal(13279)
  pap.W1STKL5 = 13279;
  // W2STKL5 = new BigDecimal(33380)
  pap.W2STKL5 = 33380;
  // W3STKL5 = new BigDecimal(222260)
  pap.W3STKL5 = 222260;
  // GFB = new BigDecimal(11604)
  pap.GFB = 11604;
  // SOLZFREI = new BigDecimal(18130)
  pap.SOLZFREI = 18130;
}

/**
 * Ermittlung des Jahresarbeitslohns nach § 39 b Abs. 2 Satz 2 EStG, PAP Seite 17
 */
function MRE4JL(): void {
  // IF LZZ == 1
  if ((pap.LZZ === 1)) {
    // ZRE4J= RE4.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    pap.ZRE4J = pap.RE4;
    // ZVBEZJ= VBEZ.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    pap.ZVBEZJ = pap.VBEZ;
    // JLFREIB= LZZFREIB.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    pap.JLFREIB = pap.LZZFREIB;
    // JLHINZU= LZZHINZU.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
    pap.JLHINZU = pap.LZZHINZU;
  } else {
    // IF LZZ == 2
    if ((pap.LZZ === 2)) {
      // ZRE4J= (RE4.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      pap.ZRE4J = (pap.RE4 * 12);
      // ZVBEZJ= (VBEZ.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      pap.ZVBEZJ = (pap.VBEZ * 12);
      // JLFREIB= (LZZFREIB.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      pap.JLFREIB = (pap.LZZFREIB * 12);
      // JLHINZU= (LZZHINZU.multiply (ZAHL12)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
      pap.JLHINZU = (pap.LZZHINZU * 12);
    } else {
      // IF LZZ == 3
      if ((pap.LZZ === 3)) {
        // ZRE4J= (RE4.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        pap.ZRE4J = $divDown(((pap.RE4 * 360) * 100), 700);
        // ZVBEZJ= (VBEZ.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        pap.ZVBEZJ = $divDown(((pap.VBEZ * 360) * 100), 700);
        // JLFREIB= (LZZFREIB.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        pap.JLFREIB = $divDown(((pap.LZZFREIB * 360) * 100), 700);
        // JLHINZU= (LZZHINZU.multiply (ZAHL360)).divide (ZAHL700, 2, BigDecimal.ROUND_DOWN)
        pap.JLHINZU = $divDown(((pap.LZZHINZU * 360) * 100), 700);
      } else {
        // ZRE4J= (RE4.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        pap.ZRE4J = (pap.RE4 * 360);
        // ZVBEZJ= (VBEZ.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        pap.ZVBEZJ = (pap.VBEZ * 360);
        // JLFREIB= (LZZFREIB.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        pap.JLFREIB = (pap.LZZFREIB * 360);
        // JLHINZU= (LZZHINZU.multiply (ZAHL360)).divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
        pap.JLHINZU = (pap.LZZHINZU * 360);
      }
    }
  }
  // IF af == 0
  if ((pap.af === 0)) {
    // f= 1
    pap.f = 1000;
  }
}

/**
 * Freibeträge für Versorgungsbezüge, Altersentlastungsbetrag (§ 39b Abs. 2 Satz 3 EStG), PAP Seite 18
 */
function MRE4(): void {
  let J: number = 0; // PAP field J used only here, int
  let VBEZB: number = 0; // PAP field VBEZB used only here, scale 2
  let HFVB: number = 0; // PAP field HFVB used only here, scale 2
  let HFVBZSO: number = 0; // PAP field HFVBZSO used only here, scale 2
  let HFVBZ: number = 0; // PAP field HFVBZ used only here, scale 2
  // IF ZVBEZJ.compareTo (BigDecimal.ZERO) == 0
  if ((pap.ZVBEZJ === 0)) {
    // FVBZ= BigDecimal.ZERO
    pap.FVBZ = 0;
    // FVB= BigDecimal.ZERO
    pap.FVB = 0;
    // FVBZSO= BigDecimal.ZERO
    pap.FVBZSO = 0;
    // FVBSO= BigDecimal.ZERO
    pap.FVBSO = 0;
  } else {
    // IF VJAHR < 2006
    if ((pap.VJAHR < 2006)) {
      // J= 1
      J = 1;
    } else {
      // IF VJAHR < 2040
      if ((pap.VJAHR < 2040)) {
        // J= VJAHR - 2004
        J = (pap.VJAHR - 2004);
      } else {
        // J= 36
        J = 36;
      }
    }
    // IF LZZ == 1
    if ((pap.LZZ === 1)) {
      // VBEZB= (VBEZM.multiply (BigDecimal.valueOf (ZMVB))).add (VBEZS)
      VBEZB = (((pap.VBEZM * pap.ZMVB) + pap.VBEZS) * 100);
      // HFVB= TAB2[J].divide (ZAHL12).multiply (BigDecimal.valueOf (ZMVB))
      HFVB = ($divExact((TAB2[J]! * 100), 12) * pap.ZMVB);
      // FVBZ= TAB3[J].divide (ZAHL12).multiply (BigDecimal.valueOf (ZMVB)).setScale (0, BigDecimal.ROUND_UP)
      pap.FVBZ = $divUp(($divExact((TAB3[J]! * 100), 12) * pap.ZMVB), 100);
    } else {
      // VBEZB= ((VBEZM.multiply (ZAHL12)).add (VBEZS)).setScale (2, BigDecimal.ROUND_DOWN)
      VBEZB = (((pap.VBEZM * 12) + pap.VBEZS) * 100);
      // HFVB= TAB2[J]
      HFVB = (TAB2[J]! * 100);
      // FVBZ= TAB3[J]
      pap.FVBZ = TAB3[J]!;
    }
    // FVB= ((VBEZB.multiply (TAB1[J]))).divide (ZAHL100).setScale (2, BigDecimal.ROUND_UP)
    pap.FVB = Number($bigDivUp((BigInt(VBEZB) * BigInt(TAB1[J]!)), 100000n));
    // IF FVB.compareTo (HFVB) == 1
    if ((pap.FVB > HFVB)) {
      // FVB = HFVB
      pap.FVB = HFVB;
    }
    // IF FVB.compareTo (ZVBEZJ) == 1
    if ((pap.FVB > pap.ZVBEZJ)) {
      // FVB = ZVBEZJ
      pap.FVB = pap.ZVBEZJ;
    }
    // FVBSO= (FVB.add((VBEZBSO.multiply (TAB1[J])).divide (ZAHL100))).setScale (2, BigDecimal.ROUND_UP)
    pap.FVBSO = $divUp(((pap.FVB * 1000) + (pap.VBEZBSO * TAB1[J]!)), 1000);
    // IF FVBSO.compareTo (TAB2[J]) == 1
    if ((pap.FVBSO > (TAB2[J]! * 100))) {
      // FVBSO = TAB2[J]
      pap.FVBSO = (TAB2[J]! * 100);
    }
    // HFVBZSO= (((VBEZB.add(VBEZBSO)).divide (ZAHL100)).subtract (FVBSO)).setScale (2, BigDecimal.ROUND_DOWN)
    HFVBZSO = $divDown(((VBEZB + (pap.VBEZBSO * 100)) - (pap.FVBSO * 100)), 100);
    // FVBZSO= (FVBZ.add((VBEZBSO).divide (ZAHL100))).setScale (0, BigDecimal.ROUND_UP)
    pap.FVBZSO = $divUp(((pap.FVBZ * 100) + pap.VBEZBSO), 100);
    // IF FVBZSO.compareTo (HFVBZSO) == 1
    if (((pap.FVBZSO * 100) > HFVBZSO)) {
      // FVBZSO = HFVBZSO.setScale(0, BigDecimal.ROUND_UP)
      pap.FVBZSO = $divUp(HFVBZSO, 100);
    }
    // IF FVBZSO.compareTo (TAB3[J]) == 1
    if ((pap.FVBZSO > TAB3[J]!)) {
      // FVBZSO = TAB3[J]
      pap.FVBZSO = TAB3[J]!;
    }
    // HFVBZ= ((VBEZB.divide (ZAHL100)).subtract (FVB)).setScale (2, BigDecimal.ROUND_DOWN)
    HFVBZ = $divDown((VBEZB - (pap.FVB * 100)), 100);
    // IF FVBZ.compareTo (HFVBZ) == 1
    if (((pap.FVBZ * 100) > HFVBZ)) {
      // FVBZ = HFVBZ.setScale (0, BigDecimal.ROUND_UP)
      pap.FVBZ = $divUp(HFVBZ, 100);
    }
  }
  MRE4ALTE();
}

/**
 * Altersentlastungsbetrag (§ 39b Abs. 2 Satz 3 EStG), PAP Seite 19
 */
function MRE4ALTE(): void {
  let K: number = 0; // PAP field K used only here, int
  let BMG: number = 0; // PAP field BMG used only here, scale 2
  let HBALTE: number = 0; // PAP field HBALTE used only here, scale 0
  // IF ALTER1 == 0
  if ((pap.ALTER1 === 0)) {
    // ALTE= BigDecimal.ZERO
    pap.ALTE = 0;
  } else {
    // IF AJAHR < 2006
    if ((pap.AJAHR < 2006)) {
      // K= 1
      K = 1;
    } else {
      // IF AJAHR < 2040
      if ((pap.AJAHR < 2040)) {
        // K= AJAHR - 2004
        K = (pap.AJAHR - 2004);
      } else {
        // K= 36
        K = 36;
      }
    }
    // BMG= ZRE4J.subtract (ZVBEZJ)
    BMG = (pap.ZRE4J - pap.ZVBEZJ);
    // ALTE = (BMG.multiply(TAB4[K])).setScale(0, BigDecimal.ROUND_UP)
    pap.ALTE = Number($bigDivUp((BigInt(BMG) * BigInt(TAB4[K]!)), 100000n));
    // HBALTE= TAB5[K]
    HBALTE = TAB5[K]!;
    // IF ALTE.compareTo (HBALTE) == 1
    if ((pap.ALTE > HBALTE)) {
      // ALTE= HBALTE
      pap.ALTE = HBALTE;
    }
  }
}

/**
 * Ermittlung des Jahresarbeitslohns nach Abzug der Freibeträge nach § 39 b Abs. 2 Satz 3 und 4 EStG, PAP Seite 21
 */
function MRE4ABZ(): void {
  // ZRE4= (ZRE4J.subtract (FVB).subtract   (ALTE).subtract (JLFREIB).add (JLHINZU)).setScale (2, BigDecimal.ROUND_DOWN)
  pap.ZRE4 = ((((pap.ZRE4J - pap.FVB) - (pap.ALTE * 100)) - pap.JLFREIB) + pap.JLHINZU);
  // IF ZRE4.compareTo (BigDecimal.ZERO) == -1
  if ((pap.ZRE4 < 0)) {
    // ZRE4= BigDecimal.ZERO
    pap.ZRE4 = 0;
  }
  // ZRE4VP= ZRE4J
  pap.ZRE4VP = pap.ZRE4J;
  // IF KENNVMT == 2
  if ((pap.KENNVMT === 2)) {
    // ZRE4VP = ZRE4VP.subtract(ENTSCH.divide(ZAHL100)).setScale(2,BigDecimal.ROUND_DOWN)
    pap.ZRE4VP = (pap.ZRE4VP - pap.ENTSCH);
  }
  // ZVBEZ = ZVBEZJ.subtract(FVB).setScale(2, BigDecimal.ROUND_DOWN)
  pap.ZVBEZ = (pap.ZVBEZJ - pap.FVB);
  // IF ZVBEZ.compareTo(BigDecimal.ZERO) == -1
  if ((pap.ZVBEZ < 0)) {
    // ZVBEZ = BigDecimal.ZERO
    pap.ZVBEZ = 0;
  }
}

/**
 * Berechnung fuer laufende Lohnzahlungszeitraueme, PAP Seite 22
 */
function MBERECH(): void {
  // IF SCHLEIFZ == 1
  if ((pap.SCHLEIFZ === 1)) {
    MZTABFBA();
  } else {
    MZTABFBN();
  }
  // VFRB = ((ANP.add(FVB.add(FVBZ))).multiply(ZAHL100)).setScale(0, BigDecimal.ROUND_DOWN)
  pap.VFRB = ((pap.ANP * 100) + (pap.FVB + (pap.FVBZ * 100)));
  MLSTJAHR();
  // WVFRB = ((ZVE.subtract(GFB)).multiply(ZAHL100)).setScale(0, BigDecimal.ROUND_DOWN)
  pap.WVFRB = (pap.ZVE - (pap.GFB * 100));
  // IF WVFRB.compareTo(BigDecimal.ZERO) == -1
  if ((pap.WVFRB < 0)) {
    // WVFRB = BigDecimal.valueOf(0)
    pap.WVFRB = 0;
  }
  // LSTJAHR = (ST.multiply(BigDecimal.valueOf(f))).setScale(0,BigDecimal.ROUND_DOWN)
  pap.LSTJAHR = $divDown((pap.ST * pap.f), 1000);
  UPLSTLZZ();
  UPVKVLZZ();
  // IF ZKF.compareTo(BigDecimal.ZERO) == 1
  if ((pap.ZKF > 0)) {
    // ZTABFB = ZTABFB.add(KFB)
    pap.ZTABFB = (pap.ZTABFB + (pap.KFB * 100));
    MRE4ABZ();
    MLSTJAHR();
    // JBMG = (ST.multiply(BigDecimal.valueOf(f))).setScale(0,BigDecimal.ROUND_DOWN)
    pap.JBMG = $divDown((pap.ST * pap.f), 1000);
  } else {
    // JBMG = LSTJAHR
    pap.JBMG = pap.LSTJAHR;
  }
  MSOLZ();
}

/**
 * Ermittlung der festen Tabellenfreibeträge vor Gesetzesänderung für Vergleichsberechnung (ohne Vorsorgepauschale), PAP Seite 23
 */
function MZTABFBA(): void {
  // ANP= BigDecimal.ZERO
  pap.ANP = 0;
  // IF ZVBEZ.compareTo (BigDecimal.ZERO) >= 0 && ZVBEZ.compareTo(FVBZ) == -1
  if (((pap.ZVBEZ >= 0) && (pap.ZVBEZ < (pap.FVBZ * 100)))) {
    // FVBZ = BigDecimal.valueOf(ZVBEZ.longValue())
    pap.FVBZ = $divDown(pap.ZVBEZ, 100);
  }
  // IF STKL < 6
  if ((pap.STKL < 6)) {
    // IF ZVBEZ.compareTo (BigDecimal.ZERO) == 1
    if ((pap.ZVBEZ > 0)) {
      // IF (ZVBEZ.subtract (FVBZ)).compareTo (BigDecimal.valueOf (102)) == -1
      if (((pap.ZVBEZ - (pap.FVBZ * 100)) < 10200)) {
        // ANP= (ZVBEZ.subtract (FVBZ)).setScale (0, BigDecimal.ROUND_UP)
        pap.ANP = $divUp((pap.ZVBEZ - (pap.FVBZ * 100)), 100);
      } else {
        // ANP= BigDecimal.valueOf (102)
        pap.ANP = 102;
      }
    }
  } else {
    // FVBZ= BigDecimal.valueOf (0)
    pap.FVBZ = 0;
    // FVBZSO= BigDecimal.valueOf (0)
    pap.FVBZSO = 0;
  }
  // IF STKL < 6
  if ((pap.STKL < 6)) {
    // IF ZRE4.compareTo(ZVBEZ) == 1
    if ((pap.ZRE4 > pap.ZVBEZ)) {
      // IF ZRE4.subtract(ZVBEZ).compareTo(BigDecimal.valueOf(1230)) == -1
      if (((pap.ZRE4 - pap.ZVBEZ) < 123000)) {
        // ANP = ANP.add(ZRE4).subtract(ZVBEZ).setScale(0,BigDecimal.ROUND_UP)
        pap.ANP = $divUp((((pap.ANP * 100) + pap.ZRE4) - pap.ZVBEZ), 100);
      } else {
        // ANP = ANP.add(BigDecimal.valueOf(1230))
        pap.ANP = (pap.ANP + 1230);
      }
    }
  }
  // KZTAB= 1
  pap.KZTAB = 1;
  // IF STKL == 1
  if ((pap.STKL === 1)) {
    // SAP= BigDecimal.valueOf (36)
    pap.SAP = 36;
    // KFB= (ZKF.multiply (BigDecimal.valueOf (9312))).setScale (0, BigDecimal.ROUND_DOWN)
    pap.KFB = $divDown((pap.ZKF * 9312), 10);
  } else {
    // IF STKL == 2
    if ((pap.STKL === 2)) {
      // EFA= BigDecimal.valueOf (4260)
      pap.EFA = 4260;
      // SAP= BigDecimal.valueOf (36)
      pap.SAP = 36;
      // KFB= (ZKF.multiply (BigDecimal.valueOf (9312))).setScale (0, BigDecimal.ROUND_DOWN)
      pap.KFB = $divDown((pap.ZKF * 9312), 10);
    } else {
      // IF STKL == 3
      if ((pap.STKL === 3)) {
        // KZTAB= 2
        pap.KZTAB = 2;
        // SAP= BigDecimal.valueOf (36)
        pap.SAP = 36;
        // KFB= (ZKF.multiply (BigDecimal.valueOf (9312))).setScale (0, BigDecimal.ROUND_DOWN)
        pap.KFB = $divDown((pap.ZKF * 9312), 10);
      } else {
        // IF STKL == 4
        if ((pap.STKL === 4)) {
          // SAP= BigDecimal.valueOf (36)
          pap.SAP = 36;
          // KFB= (ZKF.multiply (BigDecimal.valueOf (4656))).setScale (0, BigDecimal.ROUND_DOWN)
          pap.KFB = $divDown((pap.ZKF * 4656), 10);
        } else {
          // IF STKL == 5
          if ((pap.STKL === 5)) {
            // SAP= BigDecimal.valueOf (36)
            pap.SAP = 36;
            // KFB= BigDecimal.ZERO
            pap.KFB = 0;
          } else {
            // KFB= BigDecimal.ZERO
            pap.KFB = 0;
          }
        }
      }
    }
  }
  // ZTABFB= (EFA.add (ANP).add (SAP).add (FVBZ)).setScale (2, BigDecimal.ROUND_DOWN)
  pap.ZTABFB = ((((pap.EFA + pap.ANP) + pap.SAP) + pap.FVBZ) * 100);
}

/**
 * neu für 12.2024
 * Ermittlung der festen Tabellenfreibeträge mit Kinderfreibeträgen nach dem Gesetz zur
 * steuerlichen Freistellung des Existenzminimums 2024 (ohne Vorsorgepauschale), PAP Seite 24
 */
function MZTABFBN(): void {
  // ANP= BigDecimal.ZERO
  pap.ANP = 0;
  // IF ZVBEZ.compareTo (BigDecimal.ZERO) >= 0 && ZVBEZ.compareTo(FVBZ) == -1
  if (((pap.ZVBEZ >= 0) && (pap.ZVBEZ < (pap.FVBZ * 100)))) {
    // FVBZ = BigDecimal.valueOf(ZVBEZ.longValue())
    pap.FVBZ = $divDown(pap.ZVBEZ, 100);
  }
  // IF STKL < 6
  if ((pap.STKL < 6)) {
    // IF ZVBEZ.compareTo (BigDecimal.ZERO) == 1
    if ((pap.ZVBEZ > 0)) {
      // IF (ZVBEZ.subtract (FVBZ)).compareTo (BigDecimal.valueOf (102)) == -1
      if (((pap.ZVBEZ - (pap.FVBZ * 100)) < 10200)) {
        // ANP= (ZVBEZ.subtract (FVBZ)).setScale (0, BigDecimal.ROUND_UP)
        pap.ANP = $divUp((pap.ZVBEZ - (pap.FVBZ * 100)), 100);
      } else {
        // ANP= BigDecimal.valueOf (102)
        pap.ANP = 102;
      }
    }
  } else {
    // FVBZ= BigDecimal.valueOf (0)
    pap.FVBZ = 0;
    // FVBZSO= BigDecimal.valueOf (0)
    pap.FVBZSO = 0;
  }
  // IF STKL < 6
  if ((pap.STKL < 6)) {
    // IF ZRE4.compareTo(ZVBEZ) == 1
    if ((pap.ZRE4 > pap.ZVBEZ)) {
      // IF ZRE4.subtract(ZVBEZ).compareTo(BigDecimal.valueOf(1230)) == -1
      if (((pap.ZRE4 - pap.ZVBEZ) < 123000)) {
        // ANP = ANP.add(ZRE4).subtract(ZVBEZ).setScale(0,BigDecimal.ROUND_UP)
        pap.ANP = $divUp((((pap.ANP * 100) + pap.ZRE4) - pap.ZVBEZ), 100);
      } else {
        // ANP = ANP.add(BigDecimal.valueOf(1230))
        pap.ANP = (pap.ANP + 1230);
      }
    }
  }
  // KZTAB= 1
  pap.KZTAB = 1;
  // IF STKL == 1
  if ((pap.STKL === 1)) {
    // SAP= BigDecimal.valueOf (36)
    pap.SAP = 36;
    // KFB= (ZKF.multiply (BigDecimal.valueOf (9540))).setScale (0, BigDecimal.ROUND_DOWN)
    pap.KFB = (pap.ZKF * 954);
  } else {
    // IF STKL == 2
    if ((pap.STKL === 2)) {
      // EFA= BigDecimal.valueOf (4260)
      pap.EFA = 4260;
      // SAP= BigDecimal.valueOf (36)
      pap.SAP = 36;
      // KFB= (ZKF.multiply (BigDecimal.valueOf (9540))).setScale (0, BigDecimal.ROUND_DOWN)
      pap.KFB = (pap.ZKF * 954);
    } else {
      // IF STKL == 3
      if ((pap.STKL === 3)) {
        // KZTAB= 2
        pap.KZTAB = 2;
        // SAP= BigDecimal.valueOf (36)
        pap.SAP = 36;
        // KFB= (ZKF.multiply (BigDecimal.valueOf (9540))).setScale (0, BigDecimal.ROUND_DOWN)
        pap.KFB = (pap.ZKF * 954);
      } else {
        // IF STKL == 4
        if ((pap.STKL === 4)) {
          // SAP= BigDecimal.valueOf (36)
          pap.SAP = 36;
          // KFB= (ZKF.multiply (BigDecimal.valueOf (4770))).setScale (0, BigDecimal.ROUND_DOWN)
          pap.KFB = (pap.ZKF * 477);
        } else {
          // IF STKL == 5
          if ((pap.STKL === 5)) {
            // SAP= BigDecimal.valueOf (36)
            pap.SAP = 36;
            // KFB= BigDecimal.ZERO
            pap.KFB = 0;
          } else {
            // KFB= BigDecimal.ZERO
            pap.KFB = 0;
          }
        }
      }
    }
  }
  // ZTABFB= (EFA.add (ANP).add (SAP).add (FVBZ)).setScale (2, BigDecimal.ROUND_DOWN)
  pap.ZTABFB = ((((pap.EFA + pap.ANP) + pap.SAP) + pap.FVBZ) * 100);
}

/**
 * Ermittlung Jahreslohnsteuer, PAP Seite 25
 */
function MLSTJAHR(): void {
  let STOVMT: number = 0; // PAP field STOVMT used only here, scale 0
  UPEVP();
  // IF KENNVMT != 1
  if ((pap.KENNVMT !== 1)) {
    // ZVE= (ZRE4.subtract (ZTABFB).subtract (VSP)).setScale (2, BigDecimal.ROUND_DOWN)
    pap.ZVE = ((pap.ZRE4 - pap.ZTABFB) - pap.VSP);
    UPMLST();
  } else {
    // ZVE= (ZRE4.subtract (ZTABFB).subtract (VSP).subtract ((VMT).divide (ZAHL100)).subtract ((VKAPA).divide (ZAHL100))).setScale (2, BigDecimal.ROUND_DOWN)
    pap.ZVE = ((((pap.ZRE4 - pap.ZTABFB) - pap.VSP) - pap.VMT) - pap.VKAPA);
    // IF ZVE.compareTo (BigDecimal.ZERO) == -1
    if ((pap.ZVE < 0)) {
      // ZVE = ZVE.add(VMT.divide(ZAHL100)).add(VKAPA.divide(ZAHL100)).divide(ZAHL5).setScale(2,BigDecimal.ROUND_DOWN)
      pap.ZVE = $divDown((((pap.ZVE + pap.VMT) + pap.VKAPA) * 2), 10);
      UPMLST();
      // ST= (ST.multiply (ZAHL5)).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = (pap.ST * 5);
    } else {
      UPMLST();
      // STOVMT= ST
      STOVMT = pap.ST;
      // ZVE= (ZVE.add(((VMT.add (VKAPA)).divide (ZAHL500)))).setScale (2, BigDecimal.ROUND_DOWN)
      pap.ZVE = $divDown(((pap.ZVE * 10) + ((pap.VMT + pap.VKAPA) * 2)), 10);
      UPMLST();
      // ST= (((ST.subtract (STOVMT)).multiply (ZAHL5)).add (STOVMT)).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = (((pap.ST - STOVMT) * 5) + STOVMT);
    }
  }
}

/**
 * PAP Seite 26
 */
function UPVKVLZZ(): void {
  UPVKV();
  // JW = VKV
  pap.JW = pap.VKV;
  UPANTEIL();
  // VKVLZZ = ANTEIL1
  pap.VKVLZZ = pap.ANTEIL1;
}

/**
 * PAP Seite 26
 */
function UPVKV(): void {
  // IF PKV > 0
  if ((pap.PKV > 0)) {
    // IF VSP2.compareTo(VSP3) == 1
    if ((pap.VSP2 > pap.VSP3)) {
      // VKV = VSP2.multiply(ZAHL100)
      pap.VKV = pap.VSP2;
    } else {
      // VKV = VSP3.multiply(ZAHL100)
      pap.VKV = pap.VSP3;
    }
  } else {
    // VKV = BigDecimal.ZERO
    pap.VKV = 0;
  }
}

/**
 * PAP Seite 27
 */
function UPLSTLZZ(): void {
  // JW = LSTJAHR.multiply(ZAHL100)
  pap.JW = (pap.LSTJAHR * 100);
  // IF SCHLEIFZ == 1
  if ((pap.SCHLEIFZ === 1)) {
    // JWLSTA  = JW
    pap.JWLSTA = pap.JW;
  } else {
    // JWLSTN  = JW
    pap.JWLSTN = pap.JW;
  }
  UPANTEIL();
  // LSTLZZ = ANTEIL1
  pap.LSTLZZ = pap.ANTEIL1;
}

/**
 * Ermittlung der Jahreslohnsteuer aus dem Einkommensteuertarif. PAP Seite 28
 */
function UPMLST(): void {
  // IF ZVE.compareTo (ZAHL1) == -1
  if ((pap.ZVE < 100)) {
    // ZVE= BigDecimal.ZERO
    pap.ZVE = 0;
    // X= BigDecimal.ZERO
    pap.X = 0;
  } else {
    // X= (ZVE.divide (BigDecimal.valueOf(KZTAB))).setScale (0, BigDecimal.ROUND_DOWN)
    pap.X = ($divDown($divExact((pap.ZVE * 10), pap.KZTAB), 1000) * 100);
  }
  // IF STKL < 5
  if ((pap.STKL < 5)) {
    // IF SCHLEIFZ == 1
    if ((pap.SCHLEIFZ === 1)) {
      UPTAB24A();
    } else {
      UPTAB24N();
    }
  } else {
    MST5_6();
  }
}

/**
 * Vorsorgepauschale (§ 39b Absatz 2 Satz 5 Nummer 3 und Absatz 4 EStG) PAP Seite 29
 */
function UPEVP(): void {
  let VHB: number = 0; // PAP field VHB used only here, scale 0
  let VSPN: number = 0; // PAP field VSPN used only here, scale 0
  // IF KRV > 1
  if ((pap.KRV > 1)) {
    // VSP1= BigDecimal.ZERO
    pap.VSP1 = 0;
  } else {
    // IF ZRE4VP.compareTo(BBGRV) == 1
    if ((pap.ZRE4VP > (pap.BBGRV * 100))) {
      // ZRE4VP = BBGRV
      pap.ZRE4VP = (pap.BBGRV * 100);
    }
    // VSP1 = (ZRE4VP.multiply(RVSATZAN)).setScale(2,BigDecimal.ROUND_DOWN)
    pap.VSP1 = $divDown((pap.ZRE4VP * pap.RVSATZAN), 1000);
  }
  // VSP2 = (ZRE4VP.multiply(BigDecimal.valueOf(0.12))).setScale(2,BigDecimal.ROUND_DOWN)
  pap.VSP2 = $divDown((pap.ZRE4VP * 12), 100);
  // IF STKL == 3
  if ((pap.STKL === 3)) {
    // VHB = BigDecimal.valueOf(3000)
    VHB = 3000;
  } else {
    // VHB = BigDecimal.valueOf(1900)
    VHB = 1900;
  }
  // IF VSP2.compareTo (VHB) == 1
  if ((pap.VSP2 > (VHB * 100))) {
    // VSP2= VHB
    pap.VSP2 = (VHB * 100);
  }
  // VSPN= (VSP1.add (VSP2)).setScale (0, BigDecimal.ROUND_UP)
  VSPN = $divUp((pap.VSP1 + pap.VSP2), 100);
  MVSP();
  // IF VSPN.compareTo (VSP) == 1
  if (((VSPN * 100) > pap.VSP)) {
    // VSP= VSPN.setScale (2, BigDecimal.ROUND_DOWN)
    pap.VSP = (VSPN * 100);
  }
}

/**
 * Vorsorgepauschale (§39b Abs. 2 Satz 5 Nr 3 EStG) Vergleichsberechnung fuer Guenstigerpruefung, PAP Seite 30
 */
function MVSP(): void {
  // IF ZRE4VP.compareTo(BBGKVPV) == 1
  if ((pap.ZRE4VP > (pap.BBGKVPV * 100))) {
    // ZRE4VP = BBGKVPV
    pap.ZRE4VP = (pap.BBGKVPV * 100);
  }
  // IF PKV > 0
  if ((pap.PKV > 0)) {
    // IF STKL == 6
    if ((pap.STKL === 6)) {
      // VSP3 = BigDecimal.ZERO
      pap.VSP3 = 0;
    } else {
      // VSP3 = PKPV.multiply(ZAHL12).divide(ZAHL100)
      pap.VSP3 = (pap.PKPV * 12);
      // IF PKV == 2
      if ((pap.PKV === 2)) {
        // VSP3 = VSP3.subtract( ZRE4VP.multiply( KVSATZAG.add(PVSATZAG))).setScale(2,BigDecimal.ROUND_DOWN)
        pap.VSP3 = Number($bigDivDown(((BigInt(pap.VSP3) * 10000n) - BigInt((pap.ZRE4VP * (pap.KVSATZAG + (pap.PVSATZAG * 10))))), 10000n));
      }
    }
  } else {
    // VSP3 = ZRE4VP.multiply(KVSATZAN.add(PVSATZAN)).setScale(2, BigDecimal.ROUND_DOWN)
    pap.VSP3 = Number($bigDivDown((BigInt(pap.ZRE4VP) * BigInt((pap.KVSATZAN + (pap.PVSATZAN * 10)))), 100000n));
  }
  // VSP = VSP3.add(VSP1).setScale(0, BigDecimal.ROUND_UP)
  pap.VSP = ($divUp((pap.VSP3 + pap.VSP1), 100) * 100);
}

/**
 * Lohnsteuer fuer die Steuerklassen V und VI (§ 39b Abs. 2 Satz 7 EStG), PAP Seite 31
 */
function MST5_6(): void {
  let ZZX: number = 0; // PAP field ZZX used only here, scale 2
  let VERGL: number = 0; // PAP field VERGL used only here, scale 0
  let HOCH: number = 0; // PAP field HOCH used only here, scale 0
  // ZZX= X
  ZZX = pap.X;
  // IF ZZX.compareTo(W2STKL5) == 1
  if ((ZZX > (pap.W2STKL5 * 100))) {
    // ZX= W2STKL5
    pap.ZX = (pap.W2STKL5 * 100);
    UP5_6();
    // IF ZZX.compareTo (W3STKL5) == 1
    if ((ZZX > (pap.W3STKL5 * 100))) {
      // ST= (ST.add ((W3STKL5.subtract (W2STKL5)).multiply (BigDecimal.valueOf (0.42)))).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = $divDown(((pap.ST * 100) + ((pap.W3STKL5 - pap.W2STKL5) * 42)), 100);
      // ST= (ST.add ((ZZX.subtract (W3STKL5)).multiply (BigDecimal.valueOf (0.45)))).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = Number($bigDivDown((BigInt((pap.ST * 10000)) + (BigInt((ZZX - (pap.W3STKL5 * 100))) * 45n)), 10000n));
    } else {
      // ST= (ST.add ((ZZX.subtract (W2STKL5)).multiply (BigDecimal.valueOf (0.42)))).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = $divDown(((pap.ST * 10000) + ((ZZX - (pap.W2STKL5 * 100)) * 42)), 10000);
    }
  } else {
    // ZX= ZZX
    pap.ZX = ZZX;
    UP5_6();
    // IF ZZX.compareTo (W1STKL5) == 1
    if ((ZZX > (pap.W1STKL5 * 100))) {
      // VERGL= ST
      VERGL = pap.ST;
      // ZX= W1STKL5
      pap.ZX = (pap.W1STKL5 * 100);
      UP5_6();
      // HOCH= (ST.add ((ZZX.subtract (W1STKL5)).multiply (BigDecimal.valueOf (0.42)))).setScale (0, BigDecimal.ROUND_DOWN)
      HOCH = $divDown(((pap.ST * 10000) + ((ZZX - (pap.W1STKL5 * 100)) * 42)), 10000);
      // IF HOCH.compareTo (VERGL) == -1
      if ((HOCH < VERGL)) {
        // ST= HOCH
        pap.ST = HOCH;
      } else {
        // ST= VERGL
        pap.ST = VERGL;
      }
    }
  }
}

/**
 * Unterprogramm zur Lohnsteuer fuer die Steuerklassen V und VI (§ 39b Abs. 2 Satz 7 EStG), PAP Seite 32
 */
function UP5_6(): void {
  let ST1: number = 0; // PAP field ST1 used only here, scale 0
  let ST2: number = 0; // PAP field ST2 used only here, scale 0
  let DIFF: number = 0; // PAP field DIFF used only here, scale 0
  let MIST: number = 0; // PAP field MIST used only here, scale 0
  // X= (ZX.multiply (BigDecimal.valueOf (1.25))).setScale (2, BigDecimal.ROUND_DOWN)
  pap.X = $divDown((pap.ZX * 125), 100);
  // IF SCHLEIFZ == 1
  if ((pap.SCHLEIFZ === 1)) {
    UPTAB24A();
  } else {
    UPTAB24N();
  }
  // ST1= ST
  ST1 = pap.ST;
  // X= (ZX.multiply (BigDecimal.valueOf (0.75))).setScale (2, BigDecimal.ROUND_DOWN)
  pap.X = $divDown((pap.ZX * 75), 100);
  // IF SCHLEIFZ == 1
  if ((pap.SCHLEIFZ === 1)) {
    UPTAB24A();
  } else {
    UPTAB24N();
  }
  // ST2= ST
  ST2 = pap.ST;
  // DIFF= (ST1.subtract (ST2)).multiply (ZAHL2)
  DIFF = ((ST1 - ST2) * 2);
  // MIST= (ZX.multiply (BigDecimal.valueOf (0.14))).setScale (0, BigDecimal.ROUND_DOWN)
  MIST = $divDown((pap.ZX * 14), 10000);
  // IF MIST.compareTo (DIFF) == 1
  if ((MIST > DIFF)) {
    // ST= MIST
    pap.ST = MIST;
  } else {
    // ST= DIFF
    pap.ST = DIFF;
  }
}

/**
 * Solidaritaetszuschlag, PAP Seite 33
 */
function MSOLZ(): void {
  let SOLZJ: number = 0; // PAP field SOLZJ used only here, scale 2
  let SOLZMIN: number = 0; // PAP field SOLZMIN used only here, scale 2
  // SOLZFREI = (SOLZFREI.multiply(BigDecimal.valueOf(KZTAB)))
  pap.SOLZFREI = (pap.SOLZFREI * pap.KZTAB);
  // IF JBMG.compareTo (SOLZFREI) == 1
  if ((pap.JBMG > pap.SOLZFREI)) {
    // SOLZJ= (JBMG.multiply (BigDecimal.valueOf (5.5))).divide(ZAHL100).setScale(2, BigDecimal.ROUND_DOWN)
    SOLZJ = $divDown((pap.JBMG * 55), 10);
    // SOLZMIN= (JBMG.subtract (SOLZFREI)).multiply (BigDecimal.valueOf (11.9)).divide (ZAHL100).setScale (2, BigDecimal.ROUND_DOWN)
    SOLZMIN = $divDown(((pap.JBMG - pap.SOLZFREI) * 119), 10);
    // IF SOLZMIN.compareTo (SOLZJ) == -1
    if ((SOLZMIN < SOLZJ)) {
      // SOLZJ= SOLZMIN
      SOLZJ = SOLZMIN;
    }
    // JW= SOLZJ.multiply (ZAHL100).setScale (0, BigDecimal.ROUND_DOWN)
    pap.JW = SOLZJ;
    // IF SCHLEIFZ == 1
    if ((pap.SCHLEIFZ === 1)) {
      // JWSOLZA = JW
      pap.JWSOLZA = pap.JW;
    } else {
      // JWSOLZN = JW
      pap.JWSOLZN = pap.JW;
    }
    UPANTEIL();
    // SOLZLZZ= ANTEIL1
    pap.SOLZLZZ = pap.ANTEIL1;
  } else {
    // SOLZLZZ= BigDecimal.ZERO
    pap.SOLZLZZ = 0;
  }
  // IF R > 0
  if ((pap.R > 0)) {
    // JW= JBMG.multiply (ZAHL100)
    pap.JW = (pap.JBMG * 100);
    // IF SCHLEIFZ == 1
    if ((pap.SCHLEIFZ === 1)) {
      // JWBKA = JW
      pap.JWBKA = pap.JW;
    } else {
      // JWBKN = JW
      pap.JWBKN = pap.JW;
    }
    UPANTEIL();
    // BK= ANTEIL1
    pap.BK = pap.ANTEIL1;
  } else {
    // BK= BigDecimal.ZERO
    pap.BK = 0;
  }
}

/**
 * Neu für 12.2024
 * Differenzrechnung Dezember 2024, PAP Seite 34
 */
function MLST1224(): void {
  // IF LZZ > 1
  if ((pap.LZZ > 1)) {
    // JW = JWLSTN.subtract(BigDecimal.valueOf(11).multiply(JWLSTA.subtract(JWLSTN)))
    pap.JW = (pap.JWLSTN - ((pap.JWLSTA - pap.JWLSTN) * 11));
    // IF JW.compareTo(BigDecimal.ZERO) < 0
    if ((pap.JW < 0)) {
      // ANTEIL1 = BigDecimal.ZERO
      pap.ANTEIL1 = 0;
    } else {
      UPANTEIL();
    }
    // LSTLZZ = ANTEIL1
    pap.LSTLZZ = pap.ANTEIL1;
    // JW = JWSOLZN.subtract(BigDecimal.valueOf(11).multiply(JWSOLZA.subtract(JWSOLZN)))
    pap.JW = (pap.JWSOLZN - ((pap.JWSOLZA - pap.JWSOLZN) * 11));
    // IF JW.compareTo(BigDecimal.ZERO) < 0
    if ((pap.JW < 0)) {
      // ANTEIL1 = BigDecimal.ZERO
      pap.ANTEIL1 = 0;
    } else {
      UPANTEIL();
    }
    // SOLZLZZ = ANTEIL1
    pap.SOLZLZZ = pap.ANTEIL1;
    // JW = JWBKN.subtract(BigDecimal.valueOf(11).multiply(JWBKA.subtract(JWBKN)))
    pap.JW = (pap.JWBKN - ((pap.JWBKA - pap.JWBKN) * 11));
    // IF JW.compareTo(BigDecimal.ZERO) < 0
    if ((pap.JW < 0)) {
      // ANTEIL1 = BigDecimal.ZERO
      pap.ANTEIL1 = 0;
    } else {
      UPANTEIL();
    }
    // BK = ANTEIL1
    pap.BK = pap.ANTEIL1;
  }
}

/**
 * Anteil von Jahresbetraegen fuer einen LZZ (§ 39b Abs. 2 Satz 9 EStG), PAP Seite 35
 */
function UPANTEIL(): void {
  // IF LZZ == 1
  if ((pap.LZZ === 1)) {
    // ANTEIL1= JW
    pap.ANTEIL1 = pap.JW;
  } else {
    // IF LZZ == 2
    if ((pap.LZZ === 2)) {
      // ANTEIL1= JW.divide (ZAHL12, 0, BigDecimal.ROUND_DOWN)
      pap.ANTEIL1 = $divDown(pap.JW, 12);
    } else {
      // IF LZZ == 3
      if ((pap.LZZ === 3)) {
        // ANTEIL1= (JW.multiply (ZAHL7)).divide (ZAHL360, 0, BigDecimal.ROUND_DOWN)
        pap.ANTEIL1 = Number($bigDivDown((BigInt(pap.JW) * 7n), 360n));
      } else {
        // ANTEIL1= JW.divide (ZAHL360, 0, BigDecimal.ROUND_DOWN)
        pap.ANTEIL1 = $divDown(pap.JW, 360);
      }
    }
  }
}

/**
 * Berechnung sonstiger Bezuege nach § 39b Abs. 3 Saetze 1 bis 8 EStG), PAP Seite 36
 */
function MSONST(): void {
  // LZZ= 1
  pap.LZZ = 1;
  // IF ZMVB == 0
  if ((pap.ZMVB === 0)) {
    // ZMVB= 12
    pap.ZMVB = 12;
  }
  // IF SONSTB.compareTo (BigDecimal.ZERO) == 0 && MBV.compareTo (BigDecimal.ZERO) == 0
  if (((pap.SONSTB === 0) && (pap.MBV === 0))) {
    // VKVSONST= BigDecimal.ZERO
    pap.VKVSONST = 0;
    // LSTSO= BigDecimal.ZERO
    pap.LSTSO = 0;
    // STS= BigDecimal.ZERO
    pap.STS = 0;
    // SOLZS= BigDecimal.ZERO
    pap.SOLZS = 0;
    // BKS= BigDecimal.ZERO
    pap.BKS = 0;
  } else {
    MOSONST();
    UPVKV();
    // VKVSONST = VKV
    pap.VKVSONST = pap.VKV;
    // ZRE4J= ((JRE4.add (SONSTB)).divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
    pap.ZRE4J = (pap.JRE4 + pap.SONSTB);
    // ZVBEZJ= ((JVBEZ.add (VBS)).divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
    pap.ZVBEZJ = (pap.JVBEZ + pap.VBS);
    // VBEZBSO= STERBE
    pap.VBEZBSO = pap.STERBE;
    MRE4SONST();
    MLSTJAHR();
    // WVFRBM = (ZVE.subtract(GFB)).multiply(ZAHL100).setScale(2,BigDecimal.ROUND_DOWN)
    pap.WVFRBM = ((pap.ZVE - (pap.GFB * 100)) * 100);
    // IF WVFRBM.compareTo(BigDecimal.ZERO) == -1
    if ((pap.WVFRBM < 0)) {
      // WVFRBM = BigDecimal.ZERO
      pap.WVFRBM = 0;
    }
    UPVKV();
    // VKVSONST = VKV.subtract(VKVSONST)
    pap.VKVSONST = (pap.VKV - pap.VKVSONST);
    // LSTSO= ST.multiply (ZAHL100)
    pap.LSTSO = (pap.ST * 100);
    // STS = LSTSO.subtract(LSTOSO).multiply(BigDecimal.valueOf(f)).divide(ZAHL100, 0, BigDecimal.ROUND_DOWN).multiply(ZAHL100)
    pap.STS = ($divDown(((pap.LSTSO - pap.LSTOSO) * pap.f), 100000) * 100);
    STSMIN();
  }
}

/**
 * PAP Seite 37
 */
function STSMIN(): void {
  // IF STS.compareTo(BigDecimal.ZERO) == -1
  if ((pap.STS < 0)) {
    // IF MBV.compareTo(BigDecimal.ZERO) == 0
    if ((pap.MBV === 0)) {
      // nothing to do (empty THEN in the PAP)
    } else {
      // LSTLZZ = LSTLZZ.add(STS)
      pap.LSTLZZ = (pap.LSTLZZ + pap.STS);
      // IF LSTLZZ.compareTo(BigDecimal.ZERO) == -1
      if ((pap.LSTLZZ < 0)) {
        // LSTLZZ = BigDecimal.ZERO
        pap.LSTLZZ = 0;
      }
      // SOLZLZZ = SOLZLZZ.add(STS.multiply(BigDecimal.valueOf(5.5).divide(ZAHL100))).setScale(0, BigDecimal.ROUND_DOWN)
      pap.SOLZLZZ = Number($bigDivDown(((BigInt(pap.SOLZLZZ) * 1000n) + BigInt((pap.STS * 55))), 1000n));
      // IF SOLZLZZ.compareTo(BigDecimal.ZERO) == -1
      if ((pap.SOLZLZZ < 0)) {
        // SOLZLZZ = BigDecimal.ZERO
        pap.SOLZLZZ = 0;
      }
      // BK = BK.add(STS)
      pap.BK = (pap.BK + pap.STS);
      // IF BK.compareTo(BigDecimal.ZERO) == -1
      if ((pap.BK < 0)) {
        // BK = BigDecimal.ZERO
        pap.BK = 0;
      }
    }
    // STS = BigDecimal.ZERO
    pap.STS = 0;
    // SOLZS = BigDecimal.ZERO
    pap.SOLZS = 0;
  } else {
    MSOLZSTS();
  }
  // IF R > 0
  if ((pap.R > 0)) {
    // BKS = STS
    pap.BKS = pap.STS;
  } else {
    // BKS = BigDecimal.ZERO
    pap.BKS = 0;
  }
}

/**
 * Berechnung des SolZ auf sonstige Bezüge, PAP Seite 38
 */
function MSOLZSTS(): void {
  let SOLZSZVE$1: number = 0; // PAP field SOLZSZVE used only here, scale 2
  let SOLZSZVE$2: number = 0; // PAP field SOLZSZVE used only here, scale 0
  let SOLZSBMG: number = 0; // PAP field SOLZSBMG used only here, scale 0
  // IF ZKF.compareTo(BigDecimal.ZERO) == 1
  if ((pap.ZKF > 0)) {
    // SOLZSZVE= ZVE.subtract(KFB)
    SOLZSZVE$1 = (pap.ZVE - (pap.KFB * 100));
  } else {
    // SOLZSZVE= ZVE
    SOLZSZVE$1 = pap.ZVE;
  }
  // IF SOLZSZVE.compareTo(BigDecimal.ONE) == -1
  if ((SOLZSZVE$1 < 100)) {
    // SOLZSZVE= BigDecimal.ZERO
    SOLZSZVE$2 = 0;
    // X= BigDecimal.ZERO
    pap.X = 0;
  } else {
    // X= SOLZSZVE.divide(BigDecimal.valueOf(KZTAB), 0, BigDecimal.ROUND_DOWN)
    pap.X = ($divDown(SOLZSZVE$1, (pap.KZTAB * 100)) * 100);
  }
  // IF STKL < 5
  if ((pap.STKL < 5)) {
    UPTAB24N();
  } else {
    MST5_6();
  }
  // SOLZSBMG= ST.multiply(BigDecimal.valueOf(f)).setScale(0,BigDecimal.ROUND_DOWN)
  SOLZSBMG = $divDown((pap.ST * pap.f), 1000);
  // IF SOLZSBMG.compareTo(SOLZFREI) == 1
  if ((SOLZSBMG > pap.SOLZFREI)) {
    // SOLZS= STS.multiply(BigDecimal.valueOf(5.5)).divide(ZAHL100, 0, BigDecimal.ROUND_DOWN)
    pap.SOLZS = $divDown((pap.STS * 55), 1000);
  } else {
    // SOLZS= BigDecimal.ZERO
    pap.SOLZS = 0;
  }
}

/**
 * Berechnung der Verguetung fuer mehrjaehrige Taetigkeit nach § 39b Abs. 3 Satz 9 und 10 EStG), PAP Seite 39
 */
function MVMT(): void {
  let LST1: number = 0; // PAP field LST1 used only here, scale 0
  let LST3$1: number = 0; // PAP field LST3 used only here, scale 0
  let LST3$2: number = 0; // PAP field LST3 used only here, scale 0
  let LST2: number = 0; // PAP field LST2 used only here, scale 0
  let SOLZVBMG: number = 0; // PAP field SOLZVBMG used only here, scale 0
  // IF VKAPA.compareTo (BigDecimal.ZERO) == -1
  if ((pap.VKAPA < 0)) {
    // VKAPA= BigDecimal.ZERO
    pap.VKAPA = 0;
  }
  // IF (VMT.add (VKAPA)).compareTo (BigDecimal.ZERO) == 1
  if (((pap.VMT + pap.VKAPA) > 0)) {
    // IF LSTSO.compareTo (BigDecimal.ZERO) == 0
    if ((pap.LSTSO === 0)) {
      MOSONST();
      // LST1= LSTOSO
      LST1 = pap.LSTOSO;
    } else {
      // LST1= LSTSO
      LST1 = pap.LSTSO;
    }
    // VBEZBSO= STERBE.add (VKAPA)
    pap.VBEZBSO = (pap.STERBE + pap.VKAPA);
    // ZRE4J= ((JRE4.add (SONSTB).add (VMT).add (VKAPA)).divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
    pap.ZRE4J = (((pap.JRE4 + pap.SONSTB) + pap.VMT) + pap.VKAPA);
    // ZVBEZJ= ((JVBEZ.add (VBS).add (VKAPA)).divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
    pap.ZVBEZJ = ((pap.JVBEZ + pap.VBS) + pap.VKAPA);
    // KENNVMT = 2
    pap.KENNVMT = 2;
    MRE4SONST();
    MLSTJAHR();
    // LST3= ST.multiply (ZAHL100)
    LST3$1 = (pap.ST * 100);
    MRE4ABZ();
    // ZRE4VP = ZRE4VP.subtract(JRE4ENT.divide(ZAHL100)).subtract(SONSTENT.divide(ZAHL100))
    pap.ZRE4VP = ((pap.ZRE4VP - pap.JRE4ENT) - pap.SONSTENT);
    // KENNVMT= 1
    pap.KENNVMT = 1;
    MLSTJAHR();
    // LST2= ST.multiply (ZAHL100)
    LST2 = (pap.ST * 100);
    // STV= LST2.subtract (LST1)
    pap.STV = (LST2 - LST1);
    // LST3= LST3.subtract (LST1)
    LST3$2 = (LST3$1 - LST1);
    // IF LST3.compareTo (STV) == -1
    if ((LST3$2 < pap.STV)) {
      // STV= LST3
      pap.STV = LST3$2;
    }
    // IF STV.compareTo (BigDecimal.ZERO) == -1
    if ((pap.STV < 0)) {
      // STV= BigDecimal.ZERO
      pap.STV = 0;
    } else {
      // STV = STV.multiply(BigDecimal.valueOf(f)).divide(ZAHL100, 0, BigDecimal.ROUND_DOWN).multiply(ZAHL100)
      pap.STV = (Number($bigDivDown((BigInt(pap.STV) * BigInt(pap.f)), 100000n)) * 100);
    }
    // SOLZVBMG=STV.divide(ZAHL100, 0, BigDecimal.ROUND_DOWN).add(JBMG)
    SOLZVBMG = ($divDown(pap.STV, 100) + pap.JBMG);
    // IF SOLZVBMG.compareTo(SOLZFREI) == 1
    if ((SOLZVBMG > pap.SOLZFREI)) {
      // SOLZV= STV.multiply(BigDecimal.valueOf(5.5)).divide(ZAHL100, 0, BigDecimal.ROUND_DOWN)
      pap.SOLZV = $divDown((pap.STV * 55), 1000);
    } else {
      // SOLZV= BigDecimal.ZERO
      pap.SOLZV = 0;
    }
    // IF R > 0
    if ((pap.R > 0)) {
      // BKV= STV
      pap.BKV = pap.STV;
    } else {
      // BKV= BigDecimal.ZERO
      pap.BKV = 0;
    }
  } else {
    // STV= BigDecimal.ZERO
    pap.STV = 0;
    // SOLZV= BigDecimal.ZERO
    pap.SOLZV = 0;
    // BKV= BigDecimal.ZERO
    pap.BKV = 0;
  }
}

/**
 * Sonderberechnung ohne sonstige Bezüge für Berechnung bei sonstigen Bezügen oder Vergütung für mehrjährige Tätigkeit, PAP Seite 40
 */
function MOSONST(): void {
  // ZRE4J= (JRE4.divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
  pap.ZRE4J = pap.JRE4;
  // ZVBEZJ= (JVBEZ.divide (ZAHL100)).setScale (2, BigDecimal.ROUND_DOWN)
  pap.ZVBEZJ = pap.JVBEZ;
  // JLFREIB= JFREIB.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
  pap.JLFREIB = pap.JFREIB;
  // JLHINZU= JHINZU.divide (ZAHL100, 2, BigDecimal.ROUND_DOWN)
  pap.JLHINZU = pap.JHINZU;
  MRE4();
  MRE4ABZ();
  // ZRE4VP = ZRE4VP.subtract(JRE4ENT.divide(ZAHL100))
  pap.ZRE4VP = (pap.ZRE4VP - pap.JRE4ENT);
  MZTABFBN();
  // VFRBS1 = ((ANP.add(FVB.add(FVBZ))).multiply(ZAHL100)).setScale(2,BigDecimal.ROUND_DOWN)
  pap.VFRBS1 = (((pap.ANP * 100) + (pap.FVB + (pap.FVBZ * 100))) * 100);
  MLSTJAHR();
  // WVFRBO = ((ZVE.subtract(GFB)).multiply(ZAHL100)).setScale(2, BigDecimal.ROUND_DOWN)
  pap.WVFRBO = ((pap.ZVE - (pap.GFB * 100)) * 100);
  // IF WVFRBO.compareTo(BigDecimal.ZERO) == -1
  if ((pap.WVFRBO < 0)) {
    // WVFRBO = BigDecimal.ZERO
    pap.WVFRBO = 0;
  }
  // LSTOSO= ST.multiply (ZAHL100)
  pap.LSTOSO = (pap.ST * 100);
}

/**
 * Sonderberechnung mit sonstige Bezüge für Berechnung bei sonstigen Bezügen oder Vergütung für mehrjährige Tätigkeit, PAP Seite 41
 */
function MRE4SONST(): void {
  MRE4();
  // FVB= FVBSO
  pap.FVB = pap.FVBSO;
  MRE4ABZ();
  // ZRE4VP = ZRE4VP.add(MBV.divide(ZAHL100)).subtract(JRE4ENT.divide(ZAHL100)).subtract(SONSTENT.divide(ZAHL100))
  pap.ZRE4VP = (((pap.ZRE4VP + pap.MBV) - pap.JRE4ENT) - pap.SONSTENT);
  // FVBZ= FVBZSO
  pap.FVBZ = pap.FVBZSO;
  MZTABFBN();
  // VFRBS2 = ((((ANP.add(FVB).add(FVBZ))).multiply(ZAHL100))).subtract(VFRBS1)
  pap.VFRBS2 = (((((pap.ANP * 100) + pap.FVB) + (pap.FVBZ * 100)) * 100) - pap.VFRBS1);
}

/**
 * Tarifliche Einkommensteuer §32a EStG vor Gesetzesänderung, PAP Seite 42
 */
function UPTAB24A(): void {
  let Y$1: number = 0; // PAP field Y used only here, scale 6
  let Y$2: number = 0; // PAP field Y used only here, scale 6
  let RW$1: number = 0; // PAP field RW used only here, scale 8
  let RW$2: number = 0; // PAP field RW used only here, scale 8
  let RW$3: number = 0; // PAP field RW used only here, scale 8
  let RW$4: number = 0; // PAP field RW used only here, scale 8
  let RW$5: bigint = 0n; // PAP field RW used only here, scale 14
  // IF X.compareTo(GFB.add(ZAHL1)) == -1
  if ((pap.X < ((pap.GFB + 1) * 100))) {
    // ST= BigDecimal.ZERO
    pap.ST = 0;
  } else {
    // IF X.compareTo (BigDecimal.valueOf (17006)) == -1
    if ((pap.X < 1700600)) {
      // Y = (X.subtract(GFB)).divide(ZAHL10000, 6,BigDecimal.ROUND_DOWN)
      Y$1 = (pap.X - (pap.GFB * 100));
      // RW= Y.multiply (BigDecimal.valueOf (922.98))
      RW$1 = (Y$1 * 92298);
      // RW= RW.add (BigDecimal.valueOf (1400))
      RW$2 = (RW$1 + 140000000000);
      // ST= (RW.multiply (Y)).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = Number($bigDivDown((BigInt(RW$2) * BigInt(Y$1)), 100000000000000n));
    } else {
      // IF X.compareTo (BigDecimal.valueOf (66761)) == -1
      if ((pap.X < 6676100)) {
        // Y= (X.subtract (BigDecimal.valueOf (17005))).divide (ZAHL10000, 6, BigDecimal.ROUND_DOWN)
        Y$2 = (pap.X - 1700500);
        // RW= Y.multiply (BigDecimal.valueOf (181.19))
        RW$3 = (Y$2 * 18119);
        // RW= RW.add (BigDecimal.valueOf (2397))
        RW$4 = (RW$3 + 239700000000);
        // RW= RW.multiply (Y)
        RW$5 = (BigInt(RW$4) * BigInt(Y$2));
        // ST= (RW.add (BigDecimal.valueOf (1025.38))).setScale (0, BigDecimal.ROUND_DOWN)
        pap.ST = Number($bigDivDown((RW$5 + 102538000000000000n), 100000000000000n));
      } else {
        // IF X.compareTo (BigDecimal.valueOf (277826)) == -1
        if ((pap.X < 27782600)) {
          // ST= ((X.multiply (BigDecimal.valueOf (0.42))).subtract (BigDecimal.valueOf (10602.13))).setScale (0, BigDecimal.ROUND_DOWN)
          pap.ST = $divDown(((pap.X * 42) - 106021300), 10000);
        } else {
          // ST= ((X.multiply (BigDecimal.valueOf (0.45))).subtract (BigDecimal.valueOf (18936.88))).setScale (0, BigDecimal.ROUND_DOWN)
          pap.ST = Number($bigDivDown(((BigInt(pap.X) * 45n) - 189368800n), 10000n));
        }
      }
    }
  }
  // ST= ST.multiply (BigDecimal.valueOf (KZTAB))
  pap.ST = (pap.ST * pap.KZTAB);
}

/**
 * Neu für 12.2024
 * Tarifliche Einkommensteuer (§ 32a EStG) nach Gesetz zur steuerlichen Freistellung des
 * Existenzminimums 2024, PAP Seite 43
 */
function UPTAB24N(): void {
  let Y$3: number = 0; // PAP field Y used only here, scale 6
  let Y$4: number = 0; // PAP field Y used only here, scale 6
  let RW$6: number = 0; // PAP field RW used only here, scale 7
  let RW$7: number = 0; // PAP field RW used only here, scale 7
  let RW$8: number = 0; // PAP field RW used only here, scale 8
  let RW$9: number = 0; // PAP field RW used only here, scale 8
  let RW$10: bigint = 0n; // PAP field RW used only here, scale 14
  // IF X.compareTo(GFB.add(ZAHL1)) == -1
  if ((pap.X < ((pap.GFB + 1) * 100))) {
    // ST= BigDecimal.ZERO
    pap.ST = 0;
  } else {
    // IF X.compareTo (BigDecimal.valueOf (17006)) == -1
    if ((pap.X < 1700600)) {
      // Y = (X.subtract(GFB)).divide(ZAHL10000, 6,BigDecimal.ROUND_DOWN)
      Y$3 = (pap.X - (pap.GFB * 100));
      // RW= Y.multiply (BigDecimal.valueOf (954.8))
      RW$6 = (Y$3 * 9548);
      // RW= RW.add (BigDecimal.valueOf (1400))
      RW$7 = (RW$6 + 14000000000);
      // ST= (RW.multiply (Y)).setScale (0, BigDecimal.ROUND_DOWN)
      pap.ST = Number($bigDivDown((BigInt(RW$7) * BigInt(Y$3)), 10000000000000n));
    } else {
      // IF X.compareTo (BigDecimal.valueOf (66761)) == -1
      if ((pap.X < 6676100)) {
        // Y= (X.subtract (BigDecimal.valueOf (17005))).divide (ZAHL10000, 6, BigDecimal.ROUND_DOWN)
        Y$4 = (pap.X - 1700500);
        // RW= Y.multiply (BigDecimal.valueOf (181.19))
        RW$8 = (Y$4 * 18119);
        // RW= RW.add (BigDecimal.valueOf (2397))
        RW$9 = (RW$8 + 239700000000);
        // RW= RW.multiply (Y)
        RW$10 = (BigInt(RW$9) * BigInt(Y$4));
        // ST= (RW.add (BigDecimal.valueOf (991.21))).setScale (0, BigDecimal.ROUND_DOWN)
        pap.ST = Number($bigDivDown((RW$10 + 99121000000000000n), 100000000000000n));
      } else {
        // IF X.compareTo (BigDecimal.valueOf (277826)) == -1
        if ((pap.X < 27782600)) {
          // ST= ((X.multiply (BigDecimal.valueOf (0.42))).subtract (BigDecimal.valueOf (10636.31))).setScale (0, BigDecimal.ROUND_DOWN)
          pap.ST = $divDown(((pap.X * 42) - 106363100), 10000);
        } else {
          // ST= ((X.multiply (BigDecimal.valueOf (0.45))).subtract (BigDecimal.valueOf (18971.06))).setScale (0, BigDecimal.ROUND_DOWN)
          pap.ST = Number($bigDivDown(((BigInt(pap.X) * 45n) - 189710600n), 10000n));
        }
      }
    }
  }
  // ST= ST.multiply (BigDecimal.valueOf (KZTAB))
  pap.ST = (pap.ST * pap.KZTAB);
}

/**
 * A fresh array of scaled inputs in the order of `meta.inputs`, each at its default
 * (NaN where the input is required).
 */
export function createInput(): number[] {
  return [
    1, // af
    0, // AJAHR
    0, // ALTER1
    0, // ENTSCH
    1000, // f
    0, // JFREIB
    0, // JHINZU
    0, // JRE4
    0, // JVBEZ
    0, // KRV
    0, // KVZ
    Number.NaN, // LZZ
    0, // LZZFREIB
    0, // LZZHINZU
    0, // MBV
    0, // PKPV
    0, // PKV
    0, // PVA
    0, // PVS
    0, // PVZ
    0, // R
    0, // RE4
    0, // SONSTB
    0, // STERBE
    Number.NaN, // STKL
    0, // VBEZ
    0, // VBEZM
    0, // VBEZS
    0, // VBS
    0, // VJAHR
    0, // VKAPA
    0, // VMT
    0, // ZKF
    0, // ZMVB
    0, // JRE4ENT
    0, // SONSTENT
  ];
}

/** Runs PAP Lohnsteuer2024Dezember (MAIN) on validated inputs, scaled, in the order of `meta.inputs`. Not re-entrant. */
export function run(input: readonly number[]): Lohnsteuer2024DezemberOutput {
  pap.af = input[0]!;
  pap.AJAHR = input[1]!;
  pap.ALTER1 = input[2]!;
  pap.ENTSCH = input[3]!;
  pap.f = input[4]!;
  pap.JFREIB = input[5]!;
  pap.JHINZU = input[6]!;
  pap.JRE4 = input[7]!;
  pap.JVBEZ = input[8]!;
  pap.KRV = input[9]!;
  pap.KVZ = input[10]!;
  pap.LZZ = input[11]!;
  pap.LZZFREIB = input[12]!;
  pap.LZZHINZU = input[13]!;
  pap.MBV = input[14]!;
  pap.PKPV = input[15]!;
  pap.PKV = input[16]!;
  pap.PVA = input[17]!;
  pap.PVS = input[18]!;
  pap.PVZ = input[19]!;
  pap.R = input[20]!;
  pap.RE4 = input[21]!;
  pap.SONSTB = input[22]!;
  pap.STERBE = input[23]!;
  pap.STKL = input[24]!;
  pap.VBEZ = input[25]!;
  pap.VBEZM = input[26]!;
  pap.VBEZS = input[27]!;
  pap.VBS = input[28]!;
  pap.VJAHR = input[29]!;
  pap.VKAPA = input[30]!;
  pap.VMT = input[31]!;
  pap.ZKF = input[32]!;
  pap.ZMVB = input[33]!;
  pap.JRE4ENT = input[34]!;
  pap.SONSTENT = input[35]!;
  pap.BK = 0;
  pap.BKS = 0;
  pap.BKV = 0;
  pap.LSTLZZ = 0;
  pap.SOLZLZZ = 0;
  pap.SOLZS = 0;
  pap.SOLZV = 0;
  pap.STS = 0;
  pap.STV = 0;
  pap.VKVLZZ = 0;
  pap.VKVSONST = 0;
  pap.VFRB = 0;
  pap.VFRBS1 = 0;
  pap.VFRBS2 = 0;
  pap.WVFRB = 0;
  pap.WVFRBO = 0;
  pap.WVFRBM = 0;
  pap.ALTE = 0;
  pap.ANP = 0;
  pap.ANTEIL1 = 0;
  pap.BBGKVPV = 0;
  pap.BBGRV = 0;
  pap.EFA = 0;
  pap.FVB = 0;
  pap.FVBSO = 0;
  pap.FVBZ = 0;
  pap.FVBZSO = 0;
  pap.GFB = 0;
  pap.JBMG = 0;
  pap.JLFREIB = 0;
  pap.JLHINZU = 0;
  pap.JW = 0;
  pap.JWLSTA = 0;
  pap.JWLSTN = 0;
  pap.JWSOLZA = 0;
  pap.JWSOLZN = 0;
  pap.JWBKA = 0;
  pap.JWBKN = 0;
  pap.KENNVMT = 0;
  pap.KFB = 0;
  pap.KVSATZAG = 0;
  pap.KVSATZAN = 0;
  pap.KZTAB = 0;
  pap.LSTJAHR = 0;
  pap.LSTOSO = 0;
  pap.LSTSO = 0;
  pap.PVSATZAG = 0;
  pap.PVSATZAN = 0;
  pap.RVSATZAN = 0;
  pap.SAP = 0;
  pap.SCHLEIFZ = 0;
  pap.SOLZFREI = 0;
  pap.ST = 0;
  pap.TBSVORV = 0;
  pap.VBEZBSO = 0;
  pap.VSP = 0;
  pap.VSP1 = 0;
  pap.VSP2 = 0;
  pap.VSP3 = 0;
  pap.W1STKL5 = 0;
  pap.W2STKL5 = 0;
  pap.W3STKL5 = 0;
  pap.VSPMAX1 = 0;
  pap.VSPMAX2 = 0;
  pap.VSPO = 0;
  pap.VSPREST = 0;
  pap.VSPVOR = 0;
  pap.X = 0;
  pap.ZRE4 = 0;
  pap.ZRE4J = 0;
  pap.ZRE4VP = 0;
  pap.ZTABFB = 0;
  pap.ZVBEZ = 0;
  pap.ZVBEZJ = 0;
  pap.ZVE = 0;
  pap.ZX = 0;
  pap.VKV = 0;
  let ZRE4VPM: number = 0; // PAP field ZRE4VPM used only here, scale 2
  MPARA();
  MRE4JL();
  // VBEZBSO= BigDecimal.ZERO
  pap.VBEZBSO = 0;
  // KENNVMT= 0
  pap.KENNVMT = 0;
  MRE4();
  MRE4ABZ();
  // ZRE4VPM = ZRE4VP
  ZRE4VPM = pap.ZRE4VP;
  // SCHLEIFZ = 1
  pap.SCHLEIFZ = 1;
  MBERECH();
  // SCHLEIFZ = 2
  pap.SCHLEIFZ = 2;
  // W1STKL5 = BigDecimal.valueOf(13432)
  pap.W1STKL5 = 13432;
  // GFB = BigDecimal.valueOf(11784)
  pap.GFB = 11784;
  // SOLZFREI = BigDecimal.valueOf(18130)
  pap.SOLZFREI = 18130;
  // ZRE4VP = ZRE4VPM
  pap.ZRE4VP = ZRE4VPM;
  MBERECH();
  MLST1224();
  MSONST();
  MVMT();
  return {
    BK: pap.BK + 0,
    BKS: pap.BKS + 0,
    BKV: pap.BKV + 0,
    LSTLZZ: pap.LSTLZZ + 0,
    SOLZLZZ: pap.SOLZLZZ + 0,
    SOLZS: pap.SOLZS + 0,
    SOLZV: pap.SOLZV + 0,
    STS: pap.STS + 0,
    STV: pap.STV + 0,
    VKVLZZ: pap.VKVLZZ + 0,
    VKVSONST: pap.VKVSONST + 0,
    VFRB: pap.VFRB + 0,
    VFRBS1: pap.VFRBS1 / 100 + 0,
    VFRBS2: pap.VFRBS2 / 100 + 0,
    WVFRB: pap.WVFRB + 0,
    WVFRBO: pap.WVFRBO / 100 + 0,
    WVFRBM: pap.WVFRBM / 100 + 0,
  };
}
