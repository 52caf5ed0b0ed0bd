/**
 * The contract's addendum ("Nachtrag zum Überlassungsvertrag") when the provider approved a larger
 * kilometre package (ADR 0058): the package before and after, the month the new rate starts, the
 * kilometre terms the return settles by from then on. German with de-DE formats, an A4 PDF laid out
 * like the final statement.
 */
import {
  cleanText,
  formatDate,
  formatEuro,
  formatEuroPerKm,
  orderNumber,
  renderBlockDocument,
  type DocumentBlock,
} from '../contract/index.js';
import type { StoredPackage } from './terms.js';

export const ADDENDUM_TITLE = 'Nachtrag zum Überlassungsvertrag';

export interface AddendumInput {
  orderId: number;
  employerName: string;
  employeeName: string;
  car: string;
  handoverDate: string;
  from: StoredPackage;
  to: StoredPackage;
  /** `YYYY-MM`: the first month at the new package. */
  effectiveMonth: string;
  /** The kilometres of the whole term after the change (the months before at the old package). */
  contractKm: number;
  createdAt: Date;
}

export const addendumFileName = (orderId: number, effectiveMonth: string) =>
  `Nachtrag-Kilometerpaket-${orderId}-${effectiveMonth}.pdf`;

const km = (n: number) => `${n.toLocaleString('de-DE')} km`;
const monthOf = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The addendum's text as blocks (pure, testable without a PDF). */
export function addendumBlocks(input: AddendumInput): DocumentBlock[] {
  const from = monthOf(input.effectiveMonth);
  return [
    { kind: 'row', label: 'Bestellung', value: `Nr. ${orderNumber(input.orderId)}` },
    { kind: 'row', label: 'Arbeitgeber', value: cleanText(input.employerName) },
    { kind: 'row', label: 'Arbeitnehmer', value: cleanText(input.employeeName) },
    { kind: 'row', label: 'Fahrzeug', value: cleanText(input.car) },
    { kind: 'row', label: 'Übergabe', value: formatDate(input.handoverDate) },
    {
      kind: 'text',
      text: `Auf Wunsch des Arbeitnehmers wird das Kilometerpaket des Leasingvertrags ab ${from} geändert. Alle übrigen Bestimmungen des Überlassungsvertrags gelten unverändert fort.`,
    },
    { kind: 'heading', text: 'Kilometerpaket' },
    { kind: 'row', label: 'Bisher', value: `${km(input.from.kmPerYear)} pro Jahr` },
    { kind: 'row', label: `Ab ${from}`, value: `${km(input.to.kmPerYear)} pro Jahr` },
    { kind: 'row', label: 'Vertragliche Gesamtlaufleistung', value: km(input.contractKm) },
    {
      kind: 'text',
      text: 'Die Gesamtlaufleistung setzt sich aus den Monaten vor der Änderung mit dem bisherigen und den Monaten ab der Änderung mit dem neuen Kilometerpaket zusammen; der Übergabemonat zählt als voller Monat.',
    },
    { kind: 'heading', text: 'Monatliche Rate' },
    { kind: 'row', label: 'Bisher', value: `${formatEuro(input.from.monthlyGrossRateCents)} brutto` },
    { kind: 'row', label: `Ab ${from}`, value: `${formatEuro(input.to.monthlyGrossRateCents)} brutto` },
    {
      kind: 'text',
      text: `Die Gehaltsumwandlung folgt der neuen Rate ab der Entgeltabrechnung für ${from}; der Zuschuss des Arbeitgebers bleibt unverändert.`,
    },
    { kind: 'heading', text: 'Abrechnung bei Rückgabe' },
    { kind: 'row', label: 'Mehrkilometer', value: formatEuroPerKm(input.to.costsMoreKilometers) },
    { kind: 'row', label: 'Minderkilometer', value: formatEuroPerKm(input.to.reimbursementLessKilometers) },
    {
      kind: 'text',
      text: `Bei der Rückgabe werden Mehr- und Minderkilometer gegenüber der Gesamtlaufleistung nach den Sätzen des neuen Pakets abgerechnet (frei: ${km(input.to.excessMileageAllowance)} mehr, ${km(input.to.exemptionLimitLessKilometers)} weniger).`,
    },
  ];
}

export function renderAddendum(input: AddendumInput): Promise<Uint8Array> {
  return renderBlockDocument({
    title: ADDENDUM_TITLE,
    windowTitle: `${ADDENDUM_TITLE} – Bestellung Nr. ${orderNumber(input.orderId)}`,
    subtitle: 'Änderung des Kilometerpakets',
    blocks: addendumBlocks(input),
    createdAt: input.createdAt,
  });
}
