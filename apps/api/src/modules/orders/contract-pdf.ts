/**
 * The transfer contract ("Überlassungsvertrag") between employer and employee as an A4 PDF.
 *
 * Two layers: `buildContractDocument` turns the order data into plain text blocks (pure, testable),
 * and `renderTransferContract` lays those blocks out on pages. User-entered values are cleaned once
 * (`cleanText`) and are only ever drawn as glyphs of an embedded font: the content streams carry
 * glyph ids, never the raw text, so nothing the user typed can become a PDF operator.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import type { Color, PDFFont, PDFPage } from 'pdf-lib';

// ---------------------------------------------------------------------------------------------
// Input
// ---------------------------------------------------------------------------------------------

/** Everything the contract shows. Money in integer cents, dates as ISO strings. */
export interface TransferContractInput {
  orderId: number;
  /** ISO timestamp of the order; also the PDF's creation date. */
  createdAt: string;
  employer: { name: string };
  employee: {
    title: 'mr' | 'ms' | 'other' | null;
    firstName: string;
    lastName: string;
    street: string;
    streetNumber: string;
    postcode: string;
    place: string;
    placeOfBirth: string;
    /** ISO date (YYYY-MM-DD) or null. */
    dateOfBirth: string | null;
    employeeId: string | null;
    email: string;
  };
  vehicle: {
    brand: string;
    model: string;
    trimLevel: string | null;
    listPriceGrossCents: number;
    maximumPowerKw: number;
    rangeKm: number;
    batteryKwh: number;
    color: string;
    /** The technical figures and the list price are approximate (demo) values. */
    approximate: boolean;
  };
  leasePackage: {
    durationMonths: number;
    kmPerYear: number;
    tires: 'ALL_SEASON' | 'SUMMER_WINTER_SETS';
    totalMonthlyGrossCostCents: number;
    /** EUR per km, up to 4 decimals. */
    costsMoreKilometers: number;
    /** EUR per km, up to 4 decimals. */
    reimbursementLessKilometers: number;
    /** Extra km over the whole term that are not charged. */
    excessMileageAllowance: number;
    /** Fewer km over the whole term that are not refunded. */
    exemptionLimitLessKilometers: number;
    /** Most fewer km that are refunded. */
    capFewerKilometers: number;
    /** Most extra km at the per-km charge before the rate is recalculated. */
    capExtraKilometers: number;
    maintenanceAndServicingIncluded: boolean;
    vehicleInsuranceIncluded: boolean;
    tirePackageIncluded: boolean;
    tireChangeIncluded: boolean;
    rateInsuranceIncluded: boolean;
  };
  delivery: 'HOME' | 'COMPANY' | 'DEALER';
  conversion: {
    /** Gross salary converted per month. */
    monthlyConversionCents: number;
    employerContributionCents: number;
    /** Estimated net monthly cost for the employee (the user price). */
    netMonthlyRateCents: number;
    privateUseBenefitCents: number;
    commutingBenefitCents: number;
    /** E.g. "0,25 % des Bruttolistenpreises". */
    benefitRuleLabel: string;
  };
  /** Present once the employee has signed: the PDF is then the signed version. */
  signature?: { signedAt: string; signerName: string; method: string; caseId: string };
}

// ---------------------------------------------------------------------------------------------
// Text cleaning and formatting (pure)
// ---------------------------------------------------------------------------------------------

const ELLIPSIS = '…';
const NBSP = '\u00a0';
const DASH = '—';

/** Line and paragraph separators and tabs: flattened to a space. */
const LINE_BREAKS = /[\r\n\t\v\f\u0085\u2028\u2029]+/g;
/** Control and format characters (bidi overrides, zero-width, BOM, soft hyphen), variation selectors. */
const INVISIBLE = /[\p{Cc}\p{Cf}\u034f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;
/** Lone surrogates, private-use and unassigned code points. */
const UNRENDERABLE = /[\p{Cs}\p{Co}\p{Cn}]/gu;
/** Runs of combining marks longer than two ("Zalgo" text) would stack over the line above. */
const MARK_RUNS = /(\p{M}{2})\p{M}+/gu;

/**
 * Makes a user-entered value safe to print: flattens line breaks, strips control and bidi characters,
 * collapses whitespace and truncates to `maxLength` code points with "…". Never throws.
 */
export function cleanText(value: unknown, maxLength = 200): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  let text = String(value);
  // Bound the work on absurd input before the regular expressions run.
  const hardLimit = maxLength * 4 + 64;
  let cut = false;
  if (text.length > hardLimit) {
    text = text.slice(0, hardLimit);
    cut = true;
  }
  text = text
    .normalize('NFC')
    .replace(LINE_BREAKS, ' ')
    .replace(INVISIBLE, '')
    .replace(UNRENDERABLE, '?')
    .replace(MARK_RUNS, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
  const codePoints = Array.from(text);
  if (codePoints.length > maxLength) {
    return (
      codePoints
        .slice(0, Math.max(0, maxLength - 1))
        .join('')
        .trimEnd() + ELLIPSIS
    );
  }
  return cut ? text + ELLIPSIS : text;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** German number: "1.234" or "77,4" (at most `maxDecimals`, trailing zeros dropped). */
export function formatNumber(value: number, maxDecimals = 0): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return DASH;
  const fixed = Math.abs(value).toFixed(maxDecimals);
  const [intPart = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  const negative = value < 0 && /[1-9]/.test(fixed);
  return `${negative ? '-' : ''}${groupThousands(intPart)}${trimmed ? `,${trimmed}` : ''}`;
}

/** Integer cents as German euros: 123456 -> "1.234,56 €" (no-break space before the sign). */
export function formatEuro(cents: number): string {
  if (!Number.isFinite(cents) || Math.abs(cents) > Number.MAX_SAFE_INTEGER) return DASH;
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const euros = Math.floor(abs / 100);
  const rest = abs % 100;
  return `${rounded < 0 ? '-' : ''}${groupThousands(String(euros))},${String(rest).padStart(2, '0')}${NBSP}€`;
}

/** EUR per km with 2 to 4 decimals: 0.0832 -> "0,0832 €", 0.1 -> "0,10 €". */
export function formatEuroPerKm(eur: number): string {
  if (!Number.isFinite(eur) || Math.abs(eur) >= 1e9) return DASH;
  const units = Math.round(Math.abs(eur) * 10_000);
  const euros = Math.floor(units / 10_000);
  const fraction = String(units % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${eur < 0 && units > 0 ? '-' : ''}${groupThousands(String(euros))},${fraction}${NBSP}€`;
}

function formatKm(km: number): string {
  const n = formatNumber(km);
  return n === DASH ? DASH : `${n}${NBSP}km`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const BERLIN = 'Europe/Berlin';

function parseInstant(iso: string | null | undefined): Date | null {
  if (typeof iso !== 'string' || iso.length > 64) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
}

const berlinFormats = {
  date: new Intl.DateTimeFormat('de-DE', { timeZone: BERLIN, day: '2-digit', month: '2-digit', year: 'numeric' }),
  dateTime: new Intl.DateTimeFormat('de-DE', {
    timeZone: BERLIN,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }),
};

function berlinParts(date: Date, withTime: boolean): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of (withTime ? berlinFormats.dateTime : berlinFormats.date).formatToParts(date)) {
    parts[part.type] = part.value;
  }
  return parts;
}

/** ISO date or timestamp as "23.11.2026" (timestamps in German time); "—" when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  if (typeof iso === 'string') {
    const m = DATE_ONLY.exec(iso);
    if (m) {
      const [, y, mo, d] = m;
      const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
      if (check.getUTCDate() === Number(d) && check.getUTCMonth() === Number(mo) - 1) return `${d}.${mo}.${y}`;
      return DASH;
    }
  }
  const date = parseInstant(iso);
  if (!date) return DASH;
  const p = berlinParts(date, false);
  return `${p.day}.${p.month}.${p.year}`;
}

/** ISO timestamp as "23.11.2026, 14:05 Uhr (MEZ)". */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseInstant(iso);
  if (!date) return DASH;
  const p = berlinParts(date, true);
  const zone = p.timeZoneName ? ` (${p.timeZoneName})` : '';
  return `${p.day}.${p.month}.${p.year}, ${p.hour}:${p.minute}${NBSP}Uhr${zone}`;
}

function orderNumber(orderId: number): string {
  return Number.isSafeInteger(orderId) && orderId >= 0 ? String(orderId) : DASH;
}

// ---------------------------------------------------------------------------------------------
// Word wrap (pure: the caller passes the width measure)
// ---------------------------------------------------------------------------------------------

const graphemes = new Intl.Segmenter('de', { granularity: 'grapheme' });

function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (s) => s.segment);
}

/** Splits one word that is wider than a line into pieces that fit (at least one grapheme each). */
function breakWord(word: string, maxWidth: number, measure: (text: string) => number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  for (const g of splitGraphemes(word)) {
    const w = measure(g);
    if (piece !== '' && width + w > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += g;
    width += w;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap on plain spaces (no-break spaces keep their neighbours together). Words wider
 * than a line are broken between graphemes. Returns at least one (possibly empty) line.
 */
export function wrapText(text: string, maxWidth: number, measure: (text: string) => number): string[] {
  const words = text.split(' ').filter((w) => w !== '');
  const lines: string[] = [];
  const space = measure(' ');
  let line = '';
  let width = 0;
  for (const word of words) {
    const w = measure(word);
    if (line !== '' && width + space + w <= maxWidth) {
      line += ` ${word}`;
      width += space + w;
      continue;
    }
    if (line !== '') lines.push(line);
    if (w <= maxWidth) {
      line = word;
      width = w;
      continue;
    }
    const pieces = breakWord(word, maxWidth, measure);
    line = pieces.pop() ?? '';
    width = measure(line);
    lines.push(...pieces);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Cuts a single line to `maxWidth`, ending it with "…" when something was cut. */
export function truncateToWidth(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  const parts = splitGraphemes(text.endsWith(ELLIPSIS) ? text.slice(0, -ELLIPSIS.length) : text);
  while (parts.length > 0 && measure(parts.join('').trimEnd() + ELLIPSIS) > maxWidth) parts.pop();
  return parts.join('').trimEnd() + ELLIPSIS;
}

/** Wraps and keeps at most `maxLines` lines; the last kept line gets "…" if text was dropped. */
export function wrapLimited(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
  maxLines: number,
): string[] {
  const lines = wrapText(text, maxWidth, measure);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept.pop() ?? '';
  kept.push(truncateToWidth(last.endsWith(ELLIPSIS) ? last : `${last}${ELLIPSIS}`, maxWidth, measure));
  return kept;
}

// ---------------------------------------------------------------------------------------------
// Contract content (pure)
// ---------------------------------------------------------------------------------------------

export interface ContractFact {
  label: string;
  value: string;
}

export type ContractBlock =
  | { kind: 'facts'; rows: ContractFact[] }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'note'; text: string };

export interface ContractSection {
  heading: string;
  blocks: ContractBlock[];
}

export interface SignatureField {
  role: string;
  name: string;
  /** Pre-filled "place, date" line (the electronic signature), or null for a blank line. */
  placeDate: string | null;
  /** Text in place of the handwritten signature, or null for a blank line. */
  signedNote: string | null;
}

export interface ContractDocument {
  status: 'draft' | 'signed';
  title: string;
  /** "Vertragsentwurf" or "Unterzeichnet". */
  statusLabel: string;
  subtitle: string;
  headerText: string;
  footerText: string;
  sections: ContractSection[];
  signatureFields: [SignatureField, SignatureField];
  signature: { heading: string; rows: ContractFact[]; note: string } | null;
}

export const CONTRACT_TITLE = 'Überlassungsvertrag für ein Dienstfahrzeug mit Gehaltsumwandlung';
/** Excess per claim in partial and comprehensive cover (spec 9, FAQ). */
const EXCESS_PER_CLAIM_CENTS = 50_000;
const PERMITTED_COUNTRIES = 25;

const TIRES_TEXT: Record<TransferContractInput['leasePackage']['tires'], string> = {
  ALL_SEASON: 'Ganzjahresreifen',
  SUMMER_WINTER_SETS: 'je ein Satz Sommer- und Winterreifen',
};

const DELIVERY_TEXT: Record<TransferContractInput['delivery'], string> = {
  HOME: 'Lieferung an die Wohnanschrift des Arbeitnehmers',
  COMPANY: 'Übergabe am Betriebssitz des Arbeitgebers',
  DEALER: 'Abholung bei einem Vertragshändler',
};

const SALUTATION: Record<string, string> = { mr: 'Herr', ms: 'Frau' };

function orDash(text: string): string {
  return text === '' ? DASH : text;
}

function joinNonEmpty(parts: string[], separator: string): string {
  return parts.filter((p) => p !== '').join(separator);
}

function employeeName(e: TransferContractInput['employee'], withSalutation: boolean): string {
  const salutation = withSalutation && e.title ? (SALUTATION[e.title] ?? '') : '';
  return orDash(joinNonEmpty([salutation, cleanText(e.firstName, 80), cleanText(e.lastName, 80)], ' '));
}

function months(n: number): string {
  return `${formatNumber(n)}${NBSP}${n === 1 ? 'Monat' : 'Monate'}`;
}

function partiesSection(input: TransferContractInput): ContractSection {
  const e = input.employee;
  const address = joinNonEmpty(
    [
      joinNonEmpty([cleanText(e.street, 100), cleanText(e.streetNumber, 20)], ' '),
      joinNonEmpty([cleanText(e.postcode, 12), cleanText(e.place, 80)], ' '),
    ],
    ', ',
  );
  const birthDate = e.dateOfBirth ? formatDate(e.dateOfBirth) : '';
  const birth = joinNonEmpty([birthDate === DASH ? '' : birthDate, cleanText(e.placeOfBirth, 80)], ' in ');
  const rows: ContractFact[] = [
    { label: 'Arbeitgeber', value: orDash(cleanText(input.employer.name, 160)) },
    { label: 'Arbeitnehmer', value: employeeName(e, true) },
    { label: 'Anschrift', value: orDash(address) },
    { label: 'Geboren', value: orDash(birth) },
  ];
  const employeeId = cleanText(e.employeeId, 40);
  if (employeeId !== '') rows.push({ label: 'Personalnummer', value: employeeId });
  rows.push({ label: 'E-Mail', value: orDash(cleanText(e.email, 120)) });
  return {
    heading: '§ 1 Vertragsparteien',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Dieser Vertrag wird geschlossen zwischen dem Arbeitgeber und dem Arbeitnehmer (nachfolgend „Arbeitgeber“ und „Arbeitnehmer“):',
      },
      { kind: 'facts', rows },
      {
        kind: 'paragraph',
        text: 'Der Arbeitgeber least das in § 2 bezeichnete Fahrzeug bei einer Leasinggesellschaft und überlässt es dem Arbeitnehmer auf Grundlage des bestehenden Arbeitsverhältnisses als Dienstwagen zur dienstlichen und privaten Nutzung. Eigentümerin des Fahrzeugs ist die Leasinggesellschaft; der Arbeitnehmer erwirbt weder Eigentum am Fahrzeug noch Rechte aus dem Leasingvertrag.',
      },
      {
        kind: 'paragraph',
        text: 'Dieser Vertrag ergänzt den Arbeitsvertrag. Soweit hier nichts anderes geregelt ist, gilt der Arbeitsvertrag unverändert fort.',
      },
    ],
  };
}

function vehicleSection(input: TransferContractInput): ContractSection {
  const v = input.vehicle;
  const ps = Number.isFinite(v.maximumPowerKw) ? Math.round(v.maximumPowerKw * 1.35962) : NaN;
  const power = formatNumber(v.maximumPowerKw);
  const rows: ContractFact[] = [
    { label: 'Hersteller', value: orDash(cleanText(v.brand, 80)) },
    { label: 'Modell', value: orDash(cleanText(v.model, 100)) },
  ];
  const trim = cleanText(v.trimLevel, 100);
  if (trim !== '') rows.push({ label: 'Ausstattungslinie', value: trim });
  rows.push(
    { label: 'Farbe', value: orDash(cleanText(v.color, 80)) },
    { label: 'Antrieb', value: 'rein batterieelektrisch' },
    { label: 'Bruttolistenpreis', value: formatEuro(v.listPriceGrossCents) },
    {
      label: 'Leistung',
      value: power === DASH ? DASH : `${power}${NBSP}kW (${formatNumber(ps)}${NBSP}PS)`,
    },
    { label: 'Reichweite (WLTP)', value: formatKm(v.rangeKm) },
    {
      label: 'Batteriekapazität',
      value: formatNumber(v.batteryKwh, 1) === DASH ? DASH : `${formatNumber(v.batteryKwh, 1)}${NBSP}kWh`,
    },
  );
  const blocks: ContractBlock[] = [
    { kind: 'paragraph', text: 'Gegenstand der Überlassung ist das folgende Neufahrzeug:' },
    { kind: 'facts', rows },
  ];
  if (v.approximate) {
    blocks.push({
      kind: 'note',
      text: 'Hinweis: Die technischen Daten und der Bruttolistenpreis sind Näherungswerte (Demowerte) und dienen nur der Orientierung. Verbindlich sind die Angaben in der Auftragsbestätigung des Herstellers.',
    });
  }
  blocks.push(
    {
      kind: 'paragraph',
      text: 'Maßgeblich für Ausstattung und technische Daten ist die Auftragsbestätigung des Herstellers. Handelsübliche Abweichungen in Konstruktion, Farbe und Ausstattung bleiben vorbehalten, soweit sie für den Arbeitnehmer zumutbar sind.',
    },
    {
      kind: 'paragraph',
      text: 'Die Reichweite ist der Normwert nach dem WLTP-Prüfverfahren. Die tatsächliche Reichweite hängt von Fahrweise, Geschwindigkeit, Außentemperatur sowie Heizung und Klimaanlage ab.',
    },
  );
  return { heading: '§ 2 Fahrzeug', blocks };
}

function packageSection(input: TransferContractInput): ContractSection {
  const p = input.leasePackage;
  const totalKm = (p.kmPerYear * p.durationMonths) / 12;
  const tires = TIRES_TEXT[p.tires] ?? DASH;
  const included: string[] = [];
  const excluded: string[] = [];
  const flag = (on: boolean, text: string) => (on ? included : excluded).push(text);
  flag(p.maintenanceAndServicingIncluded, 'Wartung und Inspektion nach Herstellervorgaben');
  flag(p.vehicleInsuranceIncluded, 'Fahrzeugversicherung mit Haftpflicht, Teil- und Vollkasko (siehe § 7)');
  flag(p.tirePackageIncluded, `Reifenpaket: ${tires}`);
  flag(p.tireChangeIncluded, 'Reifenwechsel einschließlich Einlagerung des zweiten Satzes, soweit vorhanden');
  flag(p.rateInsuranceIncluded, 'Ratenabsicherung für Zeiten ohne Gehaltszahlung (siehe § 8)');
  const blocks: ContractBlock[] = [
    {
      kind: 'facts',
      rows: [
        { label: 'Laufzeit', value: months(p.durationMonths) },
        { label: 'Fahrleistung pro Jahr', value: formatKm(p.kmPerYear) },
        { label: 'Vertragskilometer gesamt', value: formatKm(totalKm) },
        { label: 'Reifen', value: tires },
        { label: 'Übergabe', value: DELIVERY_TEXT[input.delivery] ?? DASH },
        { label: 'Monatliche Gesamtrate (brutto)', value: formatEuro(p.totalMonthlyGrossCostCents) },
      ],
    },
    {
      kind: 'paragraph',
      text:
        included.length > 0
          ? 'Neben der Nutzung des Fahrzeugs sind in der monatlichen Gesamtrate folgende Leistungen enthalten:'
          : 'In der monatlichen Gesamtrate sind neben der Nutzung des Fahrzeugs keine weiteren Leistungen enthalten.',
    },
  ];
  if (included.length > 0) blocks.push({ kind: 'bullets', items: included });
  if (excluded.length > 0) {
    blocks.push({ kind: 'paragraph', text: 'Nicht im Paket enthalten sind:' }, { kind: 'bullets', items: excluded });
  }
  blocks.push(
    {
      kind: 'paragraph',
      text: `Nicht in der Rate enthalten sind außerdem Strom und Ladekosten, Fahrzeugreinigung und Pflegemittel, Bußgelder, Maut- und Parkgebühren, die Selbstbeteiligung nach § 7 sowie Kosten für Mehrkilometer (§ 5) und für Schäden, die über normalen Verschleiß hinausgehen (§ 8).`,
    },
    {
      kind: 'paragraph',
      text: `Die Überlassung beginnt mit der Übergabe des Fahrzeugs (${DELIVERY_TEXT[input.delivery] ?? DASH}) und läuft ${months(p.durationMonths)}. Bei der Übergabe prüfen die Beteiligten das Fahrzeug gemeinsam und halten Mängel in einem Übergabeprotokoll fest. Die Lieferzeit legt der Hersteller fest; sie kann bis zu zwölf Monate betragen.`,
    },
    {
      kind: 'paragraph',
      text: 'Der Arbeitnehmer kann die Bestellung innerhalb einer Woche nach der Bestellbestätigung stornieren. Danach wird das Fahrzeug verbindlich beim Hersteller bestellt.',
    },
  );
  return { heading: '§ 3 Leasingpaket und Laufzeit', blocks };
}

function conversionSection(input: TransferContractInput): ContractSection {
  const c = input.conversion;
  const rule = cleanText(c.benefitRuleLabel, 120);
  const ruleText = rule === '' ? '' : ` (${rule})`;
  const term = months(input.leasePackage.durationMonths);
  const conversion = formatEuro(c.monthlyConversionCents);
  const contribution =
    Number.isFinite(c.employerContributionCents) && c.employerContributionCents > 0
      ? `Der Arbeitgeber beteiligt sich an den Kosten der Überlassung mit einem Zuschuss von ${formatEuro(c.employerContributionCents)} monatlich. Dieser Zuschuss wird nicht vom Gehalt des Arbeitnehmers einbehalten.`
      : 'Ein Zuschuss des Arbeitgebers zu den Kosten der Überlassung wird nicht gewährt.';
  return {
    heading: '§ 4 Gehaltsumwandlung',
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: 'Umgewandelter Bruttobetrag je Monat', value: conversion },
          { label: 'Zuschuss des Arbeitgebers je Monat', value: formatEuro(c.employerContributionCents) },
          {
            label: 'Geldwerter Vorteil Privatnutzung je Monat',
            value: `${formatEuro(c.privateUseBenefitCents)}${ruleText}`,
          },
          {
            label: 'Geldwerter Vorteil Fahrten Wohnung – Arbeitsstätte je Monat',
            value: formatEuro(c.commutingBenefitCents),
          },
          { label: 'Voraussichtliche Nettobelastung je Monat', value: formatEuro(c.netMonthlyRateCents) },
        ],
      },
      {
        kind: 'paragraph',
        text: `Für die Dauer der Überlassung (${term}) vereinbaren die Parteien, dass der Anspruch des Arbeitnehmers auf Barlohn um ${conversion} brutto monatlich herabgesetzt wird (Gehaltsumwandlung). Die Gehaltsumwandlung beginnt mit dem Monat der Übergabe des Fahrzeugs und betrifft nur künftig fällig werdendes Arbeitsentgelt. ${contribution}`,
      },
      {
        kind: 'paragraph',
        text: 'Die Gehaltsumwandlung mindert das steuerpflichtige Bruttoarbeitsentgelt und das sozialversicherungspflichtige Arbeitsentgelt des Arbeitnehmers. Der umgewandelte Betrag wird in der monatlichen Entgeltabrechnung gesondert ausgewiesen. Der nach der Umwandlung verbleibende Barlohn muss mindestens dem gesetzlichen Mindestlohn entsprechen.',
      },
      {
        kind: 'paragraph',
        text: `Die private Nutzung des Fahrzeugs ist ein geldwerter Vorteil, der als Sachbezug der Lohnsteuer und der Sozialversicherung unterliegt. Er wird nach der pauschalen Listenpreisregelung (§ 8 Abs. 2 i. V. m. § 6 Abs. 1 Nr. 4 EStG) ermittelt; für das rein elektrische Fahrzeug gilt der ermäßigte Ansatz${ruleText}, hier ${formatEuro(c.privateUseBenefitCents)} monatlich. Für Fahrten zwischen Wohnung und erster Tätigkeitsstätte kommen ${formatEuro(c.commutingBenefitCents)} monatlich hinzu. Die Sonderregel für Elektrofahrzeuge gilt nach aktueller Rechtslage für Fahrzeuge, die bis Ende 2030 angeschafft werden.`,
      },
      {
        kind: 'paragraph',
        text: `Aus Gehaltsumwandlung und Versteuerung des geldwerten Vorteils ergibt sich nach den bei der Bestellung angegebenen Gehalts- und Steuerdaten eine voraussichtliche Nettobelastung von ${formatEuro(c.netMonthlyRateCents)} monatlich. Dieser Betrag ist eine unverbindliche Berechnung. Die tatsächliche Belastung ergibt sich aus der jeweiligen Entgeltabrechnung und kann sich ändern, wenn sich Gehalt, Steuerklasse, Beitragssätze oder die Rechtslage ändern. Die Leasingrate selbst ist für die gesamte Laufzeit fest.`,
      },
      {
        kind: 'note',
        text: 'Hinweis zu Rente und Sozialleistungen: Durch die Gehaltsumwandlung sinkt das beitragspflichtige Arbeitsentgelt. Ansprüche aus der gesetzlichen Rentenversicherung sowie Leistungen, die sich nach dem Arbeitsentgelt richten – etwa Arbeitslosengeld, Krankengeld oder Elterngeld –, können dadurch geringer ausfallen. Der Arbeitnehmer bestätigt, auf diese Auswirkungen hingewiesen worden zu sein.',
      },
    ],
  };
}

function kilometreSection(input: TransferContractInput): ContractSection {
  const p = input.leasePackage;
  const totalKm = (p.kmPerYear * p.durationMonths) / 12;
  return {
    heading: '§ 5 Mehr- und Minderkilometer',
    blocks: [
      {
        kind: 'facts',
        rows: [
          { label: 'Vertragskilometer gesamt', value: formatKm(totalKm) },
          { label: 'Preis je Mehrkilometer', value: formatEuroPerKm(p.costsMoreKilometers) },
          { label: 'Erstattung je Minderkilometer', value: formatEuroPerKm(p.reimbursementLessKilometers) },
          { label: 'Toleranz Mehrkilometer', value: formatKm(p.excessMileageAllowance) },
          { label: 'Toleranz Minderkilometer', value: formatKm(p.exemptionLimitLessKilometers) },
          { label: 'Höchstens erstattete Minderkilometer', value: formatKm(p.capFewerKilometers) },
          { label: 'Höchstens abgerechnete Mehrkilometer', value: formatKm(p.capExtraKilometers) },
        ],
      },
      {
        kind: 'paragraph',
        text: `Bei Rückgabe des Fahrzeugs wird die tatsächliche Fahrleistung mit den Vertragskilometern verglichen. Mehrkilometer, die über die Toleranz von ${formatKm(p.excessMileageAllowance)} hinausgehen, werden mit ${formatEuroPerKm(p.costsMoreKilometers)} je Kilometer berechnet und vom Arbeitnehmer getragen.`,
      },
      {
        kind: 'paragraph',
        text: `Minderkilometer, die über die Toleranz von ${formatKm(p.exemptionLimitLessKilometers)} hinausgehen, werden dem Arbeitnehmer mit ${formatEuroPerKm(p.reimbursementLessKilometers)} je Kilometer erstattet, höchstens jedoch für ${formatKm(p.capFewerKilometers)}.`,
      },
      {
        kind: 'paragraph',
        text: `Zeichnet sich ab, dass die Vertragskilometer um mehr als ${formatKm(p.capExtraKilometers)} überschritten werden, informiert der Arbeitnehmer den Arbeitgeber unverzüglich. Die Rate wird dann auf Grundlage der angepassten Fahrleistung neu berechnet; die Gehaltsumwandlung ändert sich entsprechend.`,
      },
      {
        kind: 'paragraph',
        text: 'Die Abrechnung von Mehr- und Minderkilometern erfolgt mit der nächsten Entgeltabrechnung nach der Rückgabe oder, wenn keine mehr erfolgt, gesondert.',
      },
    ],
  };
}

function useSection(): ContractSection {
  return {
    heading: '§ 6 Nutzung des Fahrzeugs',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Der Arbeitnehmer darf das Fahrzeug für dienstliche und private Fahrten nutzen, auch im Urlaub. Er behandelt das Fahrzeug sorgfältig, beachtet die Betriebsanleitung und lässt fällige Wartungen und Inspektionen in einer autorisierten Werkstatt durchführen.',
      },
      { kind: 'paragraph', text: 'Außer dem Arbeitnehmer dürfen weitere Personen das Fahrzeug führen, wenn sie' },
      {
        kind: 'bullets',
        items: [
          'zwischen 18 und 75 Jahre alt sind,',
          'seit mindestens zwei Jahren eine gültige Fahrerlaubnis besitzen und',
          'eine in der Europäischen Union anerkannte Fahrerlaubnis haben.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Der Arbeitnehmer bleibt für die Nutzung durch weitere Fahrer verantwortlich und stellt sicher, dass nur berechtigte Personen fahren.',
      },
      {
        kind: 'paragraph',
        text: `Fahrten sind in den ${PERMITTED_COUNTRIES} Ländern erlaubt, die in der Länderliste der Fahrzeugversicherung genannt sind. Fahrten in andere Länder bedürfen der vorherigen Zustimmung des Arbeitgebers.`,
      },
      { kind: 'paragraph', text: 'Nicht gestattet sind insbesondere:' },
      {
        kind: 'bullets',
        items: [
          'die gewerbliche Personenbeförderung (z. B. Taxi-, Mietwagen- oder Fahrdienste) und die Vermietung oder dauerhafte Überlassung an Dritte,',
          'die Teilnahme an Rennen, Geschwindigkeitsprüfungen und Fahrten auf Rennstrecken,',
          'Fahrten unter dem Einfluss von Alkohol, Drogen oder Medikamenten, die die Fahrtüchtigkeit beeinträchtigen,',
          'Umbauten, Folierungen und feste Anbauten ohne vorherige schriftliche Zustimmung.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Das Fahrzeug wird an geeigneten Ladeeinrichtungen geladen (Wallbox, Ladepunkte des Arbeitgebers, öffentliche Ladesäulen); eine Haushaltssteckdose ist nur als Notlösung zu verwenden. Strom und Ladekosten trägt der Arbeitnehmer, soweit der Arbeitgeber sie nicht übernimmt. Das Laden im Betrieb des Arbeitgebers ist nach § 3 Nr. 46 EStG steuerfrei; Kosten für das Laden zu Hause kann der Arbeitgeber als steuerfreien Auslagenersatz erstatten (§ 3 Nr. 50 EStG).',
      },
      {
        kind: 'paragraph',
        text: 'Bußgelder, Verwarnungsgelder, Maut- und Parkgebühren trägt die Person, die das Fahrzeug geführt hat. Anfragen von Behörden werden an den Arbeitnehmer weitergeleitet.',
      },
    ],
  };
}

function damageSection(input: TransferContractInput): ContractSection {
  const excess = formatEuro(EXCESS_PER_CLAIM_CENTS);
  const cover = input.leasePackage.vehicleInsuranceIncluded
    ? 'Das Fahrzeug ist für die Dauer der Überlassung haftpflicht-, teilkasko- und vollkaskoversichert; die Versicherung ist in der monatlichen Gesamtrate enthalten. Eine eigene Kfz-Versicherung für das Fahrzeug benötigt der Arbeitnehmer nicht.'
    : 'Der Arbeitgeber sorgt dafür, dass das Fahrzeug für die Dauer der Überlassung haftpflicht-, teilkasko- und vollkaskoversichert ist.';
  return {
    heading: '§ 7 Schäden, Unfall und Versicherung',
    blocks: [
      { kind: 'paragraph', text: cover },
      {
        kind: 'paragraph',
        text: `In der Teil- und in der Vollkaskoversicherung beträgt die Selbstbeteiligung ${excess} je Schadenfall; sie kann nicht reduziert werden. Bei einem Schaden am Fahrzeug trägt der Arbeitnehmer höchstens die Selbstbeteiligung, es sei denn, er hat den Schaden vorsätzlich oder grob fahrlässig verursacht oder der Versicherer ist aus einem vom Arbeitnehmer zu vertretenden Grund leistungsfrei. Ist ein Dritter schuld, leistet dessen Haftpflichtversicherung.`,
      },
      { kind: 'paragraph', text: 'Nach einem Unfall gilt:' },
      {
        kind: 'bullets',
        items: [
          'Unfallstelle sichern, Erste Hilfe leisten und bei Verletzten den Notruf 112 wählen.',
          'Bei Verletzten, größeren Schäden oder strittigem Hergang die Polizei hinzuziehen.',
          'Rettungskräfte darauf hinweisen, dass es sich um ein Elektrofahrzeug handelt; beschädigte Hochvoltleitungen nicht berühren.',
          'Namen, Anschriften, Kennzeichen und Versicherungen der Beteiligten sowie Zeugen notieren; kein Schuldanerkenntnis abgeben.',
          'Jeden Schaden unverzüglich, spätestens innerhalb einer Woche, dem Kundenservice melden.',
        ],
      },
      {
        kind: 'paragraph',
        text: 'Reparaturen werden ausschließlich in einer vom Kundenservice benannten Partnerwerkstatt durchgeführt, damit Herstellergarantie und Versicherungsschutz erhalten bleiben. Die monatliche Rate ändert sich durch einen Schadenfall nicht; die persönliche Schadenfreiheitsklasse des Arbeitnehmers wird nicht berührt.',
      },
    ],
  };
}

function terminationSection(input: TransferContractInput): ContractSection {
  const p = input.leasePackage;
  const noSalary = p.rateInsuranceIncluded
    ? 'In diesen Zeiten tritt die vereinbarte Ratenabsicherung ein, soweit der Fall nach den Versicherungsbedingungen gedeckt ist. Andernfalls zahlt der Arbeitnehmer die Rate für die Dauer des entgeltfreien Zeitraums direkt an den Arbeitgeber, oder das Fahrzeug wird auf Wunsch des Arbeitnehmers vorzeitig zurückgegeben.'
    : 'In diesen Zeiten zahlt der Arbeitnehmer die Rate für die Dauer des entgeltfreien Zeitraums direkt an den Arbeitgeber, oder das Fahrzeug wird auf Wunsch des Arbeitnehmers vorzeitig zurückgegeben.';
  return {
    heading: '§ 8 Laufzeit, vorzeitige Beendigung und Rückgabe',
    blocks: [
      {
        kind: 'paragraph',
        text: `Die Überlassung ist für ${months(p.durationMonths)} ab Übergabe fest vereinbart. Eine ordentliche Kündigung vor Ablauf der Laufzeit ist ausgeschlossen; das Recht zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt.`,
      },
      {
        kind: 'paragraph',
        text: 'Die Überlassung ist an das Arbeitsverhältnis gebunden. Endet das Arbeitsverhältnis vor Ablauf der Laufzeit, endet auch die Überlassung; der Arbeitnehmer gibt das Fahrzeug spätestens am letzten Tag des Arbeitsverhältnisses zurück. Die Gehaltsumwandlung endet mit dem letzten abgerechneten Monat. Eine Übernahme des Leasingvertrags durch den Arbeitnehmer oder einen neuen Arbeitgeber ist nur mit Zustimmung der Leasinggesellschaft möglich.',
      },
      {
        kind: 'paragraph',
        text: `Besteht kein Anspruch auf Arbeitsentgelt, etwa während der Elternzeit, nach Ablauf der Entgeltfortzahlung im Krankheitsfall oder während eines unbezahlten Urlaubs, kann keine Gehaltsumwandlung erfolgen. ${noSalary} Der Arbeitnehmer informiert den Arbeitgeber frühzeitig über solche Zeiträume.`,
      },
      {
        kind: 'paragraph',
        text: 'Bei Ende der Überlassung gibt der Arbeitnehmer das Fahrzeug gereinigt, verkehrs- und betriebssicher mit allen Schlüsseln, den Fahrzeugpapieren, dem Ladekabel, dem Zubehör und gegebenenfalls dem zweiten Reifensatz zurück. Termin und Ort werden rechtzeitig abgestimmt.',
      },
      {
        kind: 'paragraph',
        text: 'Ein unabhängiger Sachverständiger begutachtet das Fahrzeug und erstellt ein Rückgabeprotokoll. Normale Gebrauchsspuren, die bei vertragsgemäßer Nutzung entsprechend Alter und Laufleistung entstehen, gehen nicht zulasten des Arbeitnehmers. Für darüber hinausgehende Schäden – etwa Dellen, Lackschäden bis auf die Grundierung, Risse in Scheiben, beschädigte Felgen oder Brandlöcher – wird eine Wertminderung berechnet, die der Arbeitnehmer trägt, soweit sie nicht von der Versicherung gedeckt ist. Die Haftung des Arbeitnehmers richtet sich nach den Grundsätzen der Arbeitnehmerhaftung.',
      },
    ],
  };
}

function privacySection(): ContractSection {
  return {
    heading: '§ 9 Datenschutz',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Der Arbeitgeber verarbeitet die personenbezogenen Daten des Arbeitnehmers, die für die Durchführung dieses Vertrags erforderlich sind – insbesondere Name, Anschrift, Geburtsdatum und -ort, Personalnummer, Kontaktdaten, Gehalts- und Steuerdaten sowie Angaben zur Fahrerlaubnis – auf Grundlage von Art. 6 Abs. 1 lit. b und c DSGVO.',
      },
      {
        kind: 'paragraph',
        text: 'Die Daten werden an die Leasinggesellschaft, den Versicherer, den Hersteller oder Händler, die Entgeltabrechnung und den Mobilitätsdienstleister weitergegeben, soweit dies für die Durchführung erforderlich ist. Identitätsprüfung und elektronische Signatur führt ein spezialisierter Dienstleister durch. Fahrzeugdaten werden nicht zur Leistungs- oder Verhaltenskontrolle genutzt.',
      },
      {
        kind: 'paragraph',
        text: 'Die Daten werden gelöscht, sobald sie für die Durchführung nicht mehr erforderlich sind und keine gesetzlichen Aufbewahrungspflichten entgegenstehen. Der Arbeitnehmer hat das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren. Weitere Informationen enthält die Datenschutzerklärung.',
      },
    ],
  };
}

function finalSection(): ContractSection {
  return {
    heading: '§ 10 Schlussbestimmungen',
    blocks: [
      {
        kind: 'paragraph',
        text: 'Der Vertrag wird wirksam, wenn beide Parteien ihn unterzeichnet haben und der Arbeitgeber die Bestellung freigegeben hat. Er kann mit einer qualifizierten elektronischen Signatur geschlossen werden, die der handschriftlichen Unterschrift gleichgestellt ist (Art. 25 Abs. 2 eIDAS-Verordnung). Jede Partei erhält eine Ausfertigung als PDF.',
      },
      {
        kind: 'paragraph',
        text: 'Änderungen und Ergänzungen dieses Vertrags bedürfen der Textform. Mündliche Nebenabreden bestehen nicht.',
      },
      {
        kind: 'paragraph',
        text: 'Sollte eine Bestimmung dieses Vertrags unwirksam sein oder werden, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. An die Stelle der unwirksamen Bestimmung tritt die gesetzliche Regelung.',
      },
      { kind: 'paragraph', text: 'Es gilt das Recht der Bundesrepublik Deutschland.' },
    ],
  };
}

/** The contract text as sections: preamble, § 1 to § 10. */
export function buildContractSections(input: TransferContractInput): ContractSection[] {
  return [
    {
      heading: 'Präambel',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Der Arbeitgeber bietet seinen Beschäftigten an, ein neues Elektrofahrzeug als Dienstwagen zu nutzen und die Kosten dafür durch Umwandlung eines Teils des künftigen Bruttogehalts zu tragen. Dieser Vertrag regelt die Überlassung des Fahrzeugs, die Gehaltsumwandlung und die Rechte und Pflichten der Parteien während der Laufzeit.',
        },
      ],
    },
    partiesSection(input),
    vehicleSection(input),
    packageSection(input),
    conversionSection(input),
    kilometreSection(input),
    useSection(),
    damageSection(input),
    terminationSection(input),
    privacySection(),
    finalSection(),
  ];
}

/** Everything the PDF shows, as plain text. */
export function buildContractDocument(input: TransferContractInput): ContractDocument {
  const signed = input.signature != null;
  const number = orderNumber(input.orderId);
  const employer = orDash(cleanText(input.employer.name, 160));
  const employee = employeeName(input.employee, false);
  const sig = input.signature;
  const signedDate = sig ? formatDate(sig.signedAt) : '';
  return {
    status: signed ? 'signed' : 'draft',
    title: CONTRACT_TITLE,
    statusLabel: signed ? 'Unterzeichnet' : 'Vertragsentwurf',
    subtitle: `Bestellung Nr. ${number} · erstellt am ${formatDate(input.createdAt)}${sig ? ` · unterzeichnet am ${signedDate}` : ''}`,
    headerText: `Überlassungsvertrag · Bestellung Nr. ${number}`,
    footerText: signed ? `Unterzeichnet am ${signedDate}` : 'Vertragsentwurf – nicht unterzeichnet',
    sections: buildContractSections(input),
    signatureFields: [
      { role: 'Für den Arbeitgeber', name: employer, placeDate: null, signedNote: null },
      {
        role: 'Arbeitnehmer',
        name: employee,
        placeDate: sig ? `elektronisch, ${signedDate}` : null,
        signedNote: sig ? 'elektronisch signiert – siehe Signaturvermerk' : null,
      },
    ],
    signature: sig
      ? {
          heading: 'Signaturvermerk: elektronisch unterzeichnet',
          rows: [
            { label: 'Unterzeichnet von', value: orDash(cleanText(sig.signerName, 160)) },
            { label: 'Zeitpunkt', value: formatDateTime(sig.signedAt) },
            { label: 'Verfahren', value: orDash(cleanText(sig.method, 160)) },
            { label: 'Vorgangsnummer', value: orDash(cleanText(sig.caseId, 100)) },
          ],
          note: 'Der Arbeitnehmer hat diesen Vertrag mit dem angegebenen Verfahren elektronisch unterzeichnet. Die Signatur ist über die Vorgangsnummer beim Signaturdienstleister nachprüfbar.',
        }
      : null,
  };
}

/** The whole document as plain text, one block per line (for search and tests). */
export function contractPlainText(doc: ContractDocument): string {
  const out: string[] = [doc.statusLabel, doc.title, doc.subtitle];
  for (const section of doc.sections) {
    out.push(section.heading);
    for (const block of section.blocks) {
      if (block.kind === 'facts') out.push(...block.rows.map((r) => `${r.label}: ${r.value}`));
      else if (block.kind === 'bullets') out.push(...block.items.map((i) => `• ${i}`));
      else out.push(block.text);
    }
  }
  for (const field of doc.signatureFields) {
    out.push(field.role, field.placeDate ?? 'Ort, Datum', field.signedNote ?? 'Unterschrift', field.name);
  }
  if (doc.signature) {
    out.push(doc.signature.heading, ...doc.signature.rows.map((r) => `${r.label}: ${r.value}`), doc.signature.note);
  }
  out.push(doc.footerText);
  return out.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Fonts
// ---------------------------------------------------------------------------------------------

const requireHere = createRequire(import.meta.url);

interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

let fontBytes: Promise<FontBytes> | null = null;

function loadFontBytes(): Promise<FontBytes> {
  if (!fontBytes) {
    const dir = path.join(path.dirname(requireHere.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    fontBytes = Promise.all([
      readFile(path.join(dir, 'DejaVuSans.ttf')),
      readFile(path.join(dir, 'DejaVuSans-Bold.ttf')),
    ]).then(
      ([regular, bold]) => ({ regular, bold }),
      (error: unknown) => {
        fontBytes = null;
        throw error;
      },
    );
  }
  return fontBytes;
}

/** An embedded font and the code points it can draw. */
class Face {
  private readonly charset: ReadonlySet<number>;
  private readonly widths = new Map<string, number>();

  constructor(readonly font: PDFFont) {
    this.charset = new Set(font.getCharacterSet());
  }

  /** Replaces every character the font has no glyph for with "?". */
  encodable(text: string): string {
    let out = '';
    for (const ch of text) {
      const cp = ch.codePointAt(0) ?? 0;
      out += cp === 0x20 || this.charset.has(cp) ? ch : '?';
    }
    return out;
  }

  /** Width at `size`; words repeat a lot, so widths at 1 pt are cached per document. */
  width(text: string, size: number): number {
    let unit = this.widths.get(text);
    if (unit === undefined) {
      unit = this.font.widthOfTextAtSize(text, 1);
      this.widths.set(text, unit);
    }
    return unit * size;
  }
}

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN_X = 62;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
const CONTENT_TOP = PAGE_HEIGHT - 78;
const CONTENT_BOTTOM = 72;

const BODY_SIZE = 9.2;
const BODY_LEADING = 13;
const SMALL_SIZE = 8;

const INK = rgb(0.1, 0.12, 0.15);
const MUTED = rgb(0.38, 0.41, 0.46);
const RULE = rgb(0.78, 0.8, 0.84);
const ZEBRA = rgb(0.955, 0.962, 0.972);
const ACCENT = rgb(0.05, 0.36, 0.55);
const NOTE_BG = rgb(0.93, 0.96, 0.99);
const SIGNED = rgb(0.1, 0.48, 0.25);
const SIGNED_BG = rgb(0.93, 0.97, 0.94);

interface TextStyle {
  face: Face;
  size: number;
  color: Color;
}

interface SignatureLayout {
  pad: number;
  labelWidth: number;
  head: string[];
  rows: { label: string[]; value: string[] }[];
  note: string[];
  height: number;
  /** Space above the frame. */
  gap: number;
}

/** No-break spaces where a line break would separate what belongs together ("§ 3", "0,25 %", "z. B."). */
function keepTogether(text: string): string {
  return text
    .replace(/§ (?=\d)/g, `§${NBSP}`)
    .replace(/\b(Abs|Nr|Art|lit)\. (?=\w)/g, `$1.${NBSP}`)
    .replace(/(\d) (?=%)/g, `$1${NBSP}`)
    .replace(/\bz\. B\./g, `z.${NBSP}B.`)
    .replace(/\bi\. V\. m\./g, `i.${NBSP}V.${NBSP}m.`);
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page: PDFPage;
  private y = CONTENT_TOP;

  constructor(
    private readonly doc: PDFDocument,
    readonly regular: Face,
    readonly bold: Face,
    private readonly draft: boolean,
  ) {
    this.page = this.newPage();
  }

  private newPage(): PDFPage {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push(page);
    this.y = CONTENT_TOP;
    if (this.draft) this.watermark(page);
    return page;
  }

  private watermark(page: PDFPage): void {
    const text = 'ENTWURF';
    const size = 96;
    const angle = Math.PI / 4;
    const w = this.bold.width(text, size);
    const h = size * 0.72;
    const cx = PAGE_WIDTH / 2;
    const cy = PAGE_HEIGHT / 2;
    page.drawText(text, {
      x: cx - (w / 2) * Math.cos(angle) + (h / 2) * Math.sin(angle),
      y: cy - (w / 2) * Math.sin(angle) - (h / 2) * Math.cos(angle),
      size,
      font: this.bold.font,
      color: rgb(0.55, 0.58, 0.62),
      opacity: 0.07,
      rotate: degrees(45),
    });
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensure(height: number): void {
    if (this.y - height < CONTENT_BOTTOM && this.y < CONTENT_TOP) this.page = this.newPage();
  }

  space(height: number): void {
    this.y = Math.max(CONTENT_BOTTOM, this.y - height);
  }

  /** Wraps cleaned text for a style; every character is one the font can draw. */
  wrap(text: string, style: TextStyle, width: number, maxLines = Number.POSITIVE_INFINITY): string[] {
    const safe = style.face.encodable(keepTogether(text));
    const measure = (s: string) => style.face.width(s, style.size);
    return wrapLimited(safe, width - 0.5, measure, maxLines);
  }

  /** Draws one line in a box of height `leading` whose top is the current position. */
  private drawLine(line: string, x: number, top: number, leading: number, style: TextStyle): void {
    if (line === '') return;
    this.page.drawText(line, {
      x,
      y: top - leading / 2 - style.size * 0.36,
      size: style.size,
      font: style.face.font,
      color: style.color,
    });
  }

  /** Flowing lines: may continue on the next page. */
  lines(lines: string[], x: number, leading: number, style: TextStyle): void {
    for (const line of lines) {
      this.ensure(leading);
      this.drawLine(line, x, this.y, leading, style);
      this.y -= leading;
    }
  }

  paragraph(text: string, style: TextStyle = this.body(), x = MARGIN_X, width = CONTENT_WIDTH): void {
    this.lines(this.wrap(text, style, width), x, BODY_LEADING, style);
    this.space(5);
  }

  body(color: Color = INK): TextStyle {
    return { face: this.regular, size: BODY_SIZE, color };
  }

  heading(text: string): void {
    const style: TextStyle = { face: this.bold, size: 11.5, color: ACCENT };
    const lines = this.wrap(text, style, CONTENT_WIDTH, 2);
    // Keep the heading with at least three lines of what follows.
    this.ensure(10 + lines.length * 16 + 3 * BODY_LEADING);
    this.space(10);
    this.lines(lines, MARGIN_X, 16, style);
    this.page.drawLine({
      start: { x: MARGIN_X, y: this.y - 1 },
      end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y - 1 },
      thickness: 0.6,
      color: RULE,
    });
    this.space(7);
  }

  bullets(items: string[]): void {
    const style = this.body();
    const indent = 16;
    for (const item of items) {
      const lines = this.wrap(item, style, CONTENT_WIDTH - indent);
      this.ensure(BODY_LEADING);
      this.drawLine('•', MARGIN_X + 5, this.y, BODY_LEADING, { ...style, color: ACCENT });
      this.lines(lines, MARGIN_X + indent, BODY_LEADING, style);
      this.space(1.5);
    }
    this.space(4);
  }

  /** Two-column table; each row is kept on one page. */
  facts(rows: ContractFact[], x = MARGIN_X, width = CONTENT_WIDTH, zebra = true): void {
    const labelStyle: TextStyle = { face: this.regular, size: BODY_SIZE, color: MUTED };
    const valueStyle: TextStyle = { face: this.bold, size: BODY_SIZE, color: INK };
    const pad = 3.5;
    const labelWidth = Math.min(215, width * 0.46);
    const valueX = x + labelWidth + 10;
    const valueWidth = width - labelWidth - 10 - pad;
    rows.forEach((row, index) => {
      const label = this.wrap(row.label, labelStyle, labelWidth - pad, 3);
      const value = this.wrap(row.value, valueStyle, valueWidth, 8);
      const height = Math.max(label.length, value.length) * BODY_LEADING + 2 * pad;
      this.ensure(height);
      if (zebra && index % 2 === 0) {
        this.page.drawRectangle({ x, y: this.y - height, width, height, color: ZEBRA });
      }
      const top = this.y - pad;
      label.forEach((line, i) => this.drawLine(line, x + pad, top - i * BODY_LEADING, BODY_LEADING, labelStyle));
      value.forEach((line, i) => this.drawLine(line, valueX, top - i * BODY_LEADING, BODY_LEADING, valueStyle));
      this.y -= height;
    });
    this.space(7);
  }

  /** A shaded box with a coloured bar; drawn as a paragraph if it would not fit on any page. */
  note(text: string): void {
    const style = this.body();
    const pad = 7;
    const lines = this.wrap(text, style, CONTENT_WIDTH - 2 * pad - 4);
    const height = lines.length * BODY_LEADING + 2 * pad;
    if (height > CONTENT_TOP - CONTENT_BOTTOM) {
      this.paragraph(text);
      return;
    }
    this.ensure(height);
    this.page.drawRectangle({ x: MARGIN_X, y: this.y - height, width: CONTENT_WIDTH, height, color: NOTE_BG });
    this.page.drawRectangle({ x: MARGIN_X, y: this.y - height, width: 3, height, color: ACCENT });
    const top = this.y - pad;
    lines.forEach((line, i) => this.drawLine(line, MARGIN_X + pad + 4, top - i * BODY_LEADING, BODY_LEADING, style));
    this.y -= height;
    this.space(8);
  }

  titleBlock(doc: ContractDocument): void {
    const signed = doc.status === 'signed';
    const badgeStyle: TextStyle = { face: this.bold, size: 8.5, color: rgb(1, 1, 1) };
    const badge = (signed ? '✓ ' : '') + doc.statusLabel.toUpperCase();
    const badgeText = this.wrap(badge, badgeStyle, CONTENT_WIDTH, 1)[0] ?? '';
    const badgeWidth = this.bold.width(badgeText, badgeStyle.size) + 16;
    this.page.drawRectangle({
      x: MARGIN_X,
      y: this.y - 17,
      width: badgeWidth,
      height: 17,
      color: signed ? SIGNED : MUTED,
    });
    this.drawLine(badgeText, MARGIN_X + 8, this.y, 17, badgeStyle);
    this.y -= 27;
    const titleStyle: TextStyle = { face: this.bold, size: 17, color: INK };
    this.lines(this.wrap(doc.title, titleStyle, CONTENT_WIDTH, 3), MARGIN_X, 22, titleStyle);
    this.space(3);
    const sub: TextStyle = { face: this.regular, size: 10, color: MUTED };
    this.lines(this.wrap(doc.subtitle, sub, CONTENT_WIDTH, 2), MARGIN_X, 15, sub);
    this.space(6);
  }

  /** `keepWith`: height of what must stay on the same page after the fields (the signature block). */
  signatureFields(fields: [SignatureField, SignatureField], keepWith = 0): void {
    const gap = 30;
    const colWidth = (CONTENT_WIDTH - gap) / 2;
    const roleStyle: TextStyle = { face: this.bold, size: BODY_SIZE, color: INK };
    const caption: TextStyle = { face: this.regular, size: SMALL_SIZE, color: MUTED };
    const filled: TextStyle = { face: this.regular, size: BODY_SIZE, color: SIGNED };
    const nameLines = fields.map((f) => this.wrap(f.name, this.body(), colWidth, 3));
    const height = 16 + 2 * (30 + 14) + Math.max(...nameLines.map((l) => l.length)) * BODY_LEADING + 8;
    this.space(14);
    this.ensure(height + keepWith);
    const top = this.y;
    fields.forEach((field, column) => {
      const x = MARGIN_X + column * (colWidth + gap);
      let y = top;
      this.drawLine(this.wrap(field.role, roleStyle, colWidth, 1)[0] ?? '', x, y, 16, roleStyle);
      y -= 16;
      for (const [prefill, label] of [
        [field.placeDate, 'Ort, Datum'],
        [field.signedNote, 'Unterschrift'],
      ] as const) {
        y -= 30;
        if (prefill) this.drawLine(this.wrap(prefill, filled, colWidth, 1)[0] ?? '', x, y + 16, 14, filled);
        this.page.drawLine({ start: { x, y }, end: { x: x + colWidth, y }, thickness: 0.7, color: INK });
        this.drawLine(label, x, y - 1, 12, caption);
        y -= 14;
      }
      (nameLines[column] ?? []).forEach((line, i) =>
        this.drawLine(line, x, y - i * BODY_LEADING, BODY_LEADING, this.body()),
      );
    });
    this.y = top - height;
  }

  /** Wraps the signature note's lines once, so its height is known before anything is drawn. */
  layoutSignature(signature: NonNullable<ContractDocument['signature']>): SignatureLayout {
    const pad = 10;
    const inner = CONTENT_WIDTH - 2 * pad;
    const labelWidth = 130;
    const head = this.wrap(signature.heading, this.sigHead(), inner, 2);
    const rows = signature.rows.map((row) => ({
      label: this.wrap(row.label, this.sigLabel(), labelWidth - 6, 2),
      value: this.wrap(row.value, this.sigValue(), inner - labelWidth, 4),
    }));
    const note = this.wrap(signature.note, this.sigNote(), inner, 4);
    const rowsHeight = rows.reduce((sum, r) => sum + Math.max(r.label.length, r.value.length) * BODY_LEADING, 0);
    const height = 2 * pad + head.length * 15 + 4 + rowsHeight + 4 + note.length * 12;
    return { pad, labelWidth, head, rows, note, height, gap: 16 };
  }

  private sigHead(): TextStyle {
    return { face: this.bold, size: 10.5, color: SIGNED };
  }

  private sigLabel(): TextStyle {
    return { face: this.regular, size: BODY_SIZE, color: MUTED };
  }

  private sigValue(): TextStyle {
    return { face: this.bold, size: BODY_SIZE, color: INK };
  }

  private sigNote(): TextStyle {
    return { face: this.regular, size: SMALL_SIZE + 0.5, color: MUTED };
  }

  /** The framed signature note of the signed version. */
  signatureBlock(layout: SignatureLayout): void {
    const { pad, labelWidth, head, rows, note, height } = layout;
    this.space(layout.gap);
    this.ensure(height);
    const x = MARGIN_X;
    this.page.drawRectangle({
      x,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: SIGNED_BG,
      borderColor: SIGNED,
      borderWidth: 1,
    });
    let y = this.y - pad;
    for (const line of head) {
      this.drawLine(line, x + pad, y, 15, this.sigHead());
      y -= 15;
    }
    y -= 4;
    for (const row of rows) {
      row.label.forEach((line, i) => this.drawLine(line, x + pad, y - i * BODY_LEADING, BODY_LEADING, this.sigLabel()));
      row.value.forEach((line, i) =>
        this.drawLine(line, x + pad + labelWidth, y - i * BODY_LEADING, BODY_LEADING, this.sigValue()),
      );
      y -= Math.max(row.label.length, row.value.length) * BODY_LEADING;
    }
    y -= 4;
    for (const line of note) {
      this.drawLine(line, x + pad, y, 12, this.sigNote());
      y -= 12;
    }
    this.y -= height;
  }

  /** Header and footer on every page, once the page count is known. */
  finish(doc: ContractDocument): void {
    const total = this.pages.length;
    const style: TextStyle = { face: this.regular, size: SMALL_SIZE, color: MUTED };
    const measure = (s: string) => this.regular.width(s, SMALL_SIZE);
    const half = CONTENT_WIDTH / 2 - 10;
    const brand = 'E-Auto-Leasing';
    const signed = doc.status === 'signed';
    this.pages.forEach((page, index) => {
      this.page = page;
      const header = truncateToWidth(this.regular.encodable(doc.headerText), half + 60, measure);
      this.drawLine(header, MARGIN_X, PAGE_HEIGHT - 34, 12, style);
      this.drawLine(brand, MARGIN_X + CONTENT_WIDTH - this.bold.width(brand, SMALL_SIZE), PAGE_HEIGHT - 34, 12, {
        ...style,
        face: this.bold,
        color: ACCENT,
      });
      page.drawLine({
        start: { x: MARGIN_X, y: PAGE_HEIGHT - 50 },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: PAGE_HEIGHT - 50 },
        thickness: 0.6,
        color: RULE,
      });
      page.drawLine({
        start: { x: MARGIN_X, y: 50 },
        end: { x: MARGIN_X + CONTENT_WIDTH, y: 50 },
        thickness: 0.6,
        color: RULE,
      });
      const footer = truncateToWidth(this.regular.encodable(doc.footerText), half, measure);
      this.drawLine(footer, MARGIN_X, 46, 12, { ...style, color: signed ? SIGNED : MUTED });
      const pageText = `Seite ${index + 1} von ${total}`;
      this.drawLine(pageText, MARGIN_X + CONTENT_WIDTH - measure(pageText), 46, 12, style);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

/** Renders the transfer contract as a PDF. The same input gives the same bytes. */
export async function renderTransferContract(input: TransferContractInput): Promise<Uint8Array> {
  const model = buildContractDocument(input);
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const regular = new Face(await pdf.embedFont(bytes.regular, { subset: true }));
  const bold = new Face(await pdf.embedFont(bytes.bold, { subset: true }));

  const created = parseInstant(input.createdAt);
  const modified = parseInstant(input.signature?.signedAt) ?? created;
  const number = orderNumber(input.orderId);
  pdf.setTitle(
    `${CONTRACT_TITLE}${model.status === 'signed' ? ' (unterzeichnet)' : ' (Entwurf)'} – Bestellung Nr. ${number}`,
    {
      showInWindowTitleBar: true,
    },
  );
  pdf.setAuthor('E-Auto-Leasing');
  pdf.setSubject('Überlassung eines Elektrofahrzeugs als Dienstwagen mit Gehaltsumwandlung');
  pdf.setKeywords([
    'Überlassungsvertrag',
    'Gehaltsumwandlung',
    'Dienstwagen',
    'Elektrofahrzeug',
    `Bestellung ${number}`,
  ]);
  pdf.setCreator('E-Auto-Leasing');
  pdf.setProducer('E-Auto-Leasing Vertragsdienst (pdf-lib)');
  pdf.setLanguage('de-DE');
  if (created) pdf.setCreationDate(created);
  if (modified) pdf.setModificationDate(modified);

  const writer = new Writer(pdf, regular, bold, model.status === 'draft');
  writer.titleBlock(model);
  for (const section of model.sections) {
    writer.heading(section.heading);
    for (const block of section.blocks) {
      switch (block.kind) {
        case 'facts':
          writer.facts(block.rows);
          break;
        case 'paragraph':
          writer.paragraph(block.text);
          break;
        case 'bullets':
          writer.bullets(block.items);
          break;
        case 'note':
          writer.note(block.text);
          break;
      }
    }
  }
  const signature = model.signature ? writer.layoutSignature(model.signature) : null;
  writer.signatureFields(model.signatureFields, signature ? signature.gap + signature.height : 0);
  if (signature) writer.signatureBlock(signature);
  writer.finish(model);

  return pdf.save({ useObjectStreams: true });
}
