/**
 * The final statement ("Schlussabrechnung") of a lease a theft or a total loss ended (ADR 0056), as
 * an A4 PDF laid out like the return's (final-statement-pdf.ts): the car, the person, the end day and
 * its reason, the last month of the salary conversion, no kilometre settlement, and the claim's
 * excess where the provider decided one. German with de-DE formats.
 */
import {
  cleanText,
  formatDate,
  formatEuro,
  orderNumber,
  renderBlockDocument,
  type DocumentBlock,
} from '../contract/index.js';
import { FINAL_STATEMENT_TITLE } from './final-statement-pdf.js';

export interface LossStatementInput {
  orderId: number;
  employerName: string;
  employeeName: string;
  car: string;
  handoverDate: string;
  /** The lease's last day (ISO): the Berlin day of the provider's decision, never before the handover. */
  endedOn: string;
  theft: boolean;
  claimNumber: string;
  /**
   * The day a follow-up car's handover ended the conversion already (ADR 0040), when that was before
   * `endedOn`; otherwise null and the conversion runs to `endedOn`'s month.
   */
  conversionEndedOn: string | null;
  /** The claim's excess as the provider decided it: the cents and the payroll month (`YYYY-MM`) that deducts them. */
  excess: { cents: number; month: string } | null;
  createdAt: Date;
}

/** `2029-04` as `04/2029`. */
const monthOf = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

function conversionBlocks(input: LossStatementInput): DocumentBlock[] {
  if (input.conversionEndedOn !== null && input.conversionEndedOn < input.endedOn)
    return [
      {
        kind: 'row',
        label: 'Letzter Monat der Gehaltsumwandlung',
        value: monthOf(input.conversionEndedOn.slice(0, 7)),
      },
      {
        kind: 'text',
        text: `Die Gehaltsumwandlung für dieses Fahrzeug endete bereits am ${formatDate(input.conversionEndedOn)} mit der Übergabe des Folgefahrzeugs.`,
      },
    ];
  const month = monthOf(input.endedOn.slice(0, 7));
  return [
    { kind: 'row', label: 'Letzter Monat der Gehaltsumwandlung', value: month },
    {
      kind: 'text',
      text: `Die Gehaltsumwandlung läuft bis einschließlich ${month} und endet dann; der geldwerte Vorteil entfällt ab dem Folgemonat.`,
    },
  ];
}

function excessBlocks(input: LossStatementInput): DocumentBlock[] {
  const label = `Selbstbeteiligung (Schadenmeldung ${cleanText(input.claimNumber)})`;
  if (input.excess === null)
    return [
      {
        kind: 'text',
        text: `Für die Schadenmeldung ${cleanText(input.claimNumber)} ist noch keine Selbstbeteiligung festgesetzt. Setzt der Leasinggeber sie fest, wird sie dem Arbeitnehmer mitgeteilt und mit der Entgeltabrechnung des Monats der Festsetzung vom Nettoentgelt einbehalten.`,
      },
    ];
  return [
    { kind: 'row', label, value: formatEuro(input.excess.cents) },
    {
      kind: 'text',
      text:
        input.excess.cents === 0
          ? 'Es wird keine Selbstbeteiligung einbehalten.'
          : `Der Betrag wird mit der Entgeltabrechnung für ${monthOf(input.excess.month)} vom Nettoentgelt einbehalten.`,
    },
  ];
}

/** The statement's text as blocks (pure, testable without a PDF). */
export function lossStatementBlocks(input: LossStatementInput): DocumentBlock[] {
  const reason = input.theft ? 'Diebstahl' : 'Totalschaden';
  return [
    { kind: 'row', label: 'Bestellung', value: `Nr. ${orderNumber(input.orderId)}` },
    { kind: 'row', label: 'Arbeitgeber', value: cleanText(input.employerName) },
    { kind: 'row', label: 'Arbeitnehmer', value: cleanText(input.employeeName) },
    { kind: 'row', label: 'Fahrzeug', value: cleanText(input.car) },
    { kind: 'row', label: 'Übergabe', value: formatDate(input.handoverDate) },
    { kind: 'row', label: 'Leasingende', value: formatDate(input.endedOn) },
    { kind: 'row', label: 'Grund', value: `${reason} (Schadenmeldung ${cleanText(input.claimNumber)})` },
    {
      kind: 'text',
      text: `Mit der Entscheidung des Leasinggebers über die Schadenmeldung ${cleanText(input.claimNumber)} (${reason}) endet das Leasing am ${formatDate(input.endedOn)}; eine Rückgabe des Fahrzeugs gibt es nicht. Die Abwicklung mit der Versicherung ist Sache des Leasinggebers.`,
    },
    { kind: 'heading', text: 'Gehaltsumwandlung' },
    ...conversionBlocks(input),
    { kind: 'heading', text: 'Kilometer' },
    {
      kind: 'text',
      text: `Bei einem Leasingende durch ${reason} gibt es keine Kilometerabrechnung: Mehr- und Minderkilometer werden weder berechnet noch erstattet.`,
    },
    { kind: 'heading', text: 'Selbstbeteiligung' },
    ...excessBlocks(input),
  ];
}

export function renderLossStatement(input: LossStatementInput): Promise<Uint8Array> {
  return renderBlockDocument({
    title: FINAL_STATEMENT_TITLE,
    windowTitle: `${FINAL_STATEMENT_TITLE} – Bestellung Nr. ${orderNumber(input.orderId)}`,
    subtitle: input.theft
      ? 'Leasingende durch Diebstahl des Fahrzeugs'
      : 'Leasingende durch Totalschaden des Fahrzeugs',
    blocks: lossStatementBlocks(input),
    createdAt: input.createdAt,
  });
}
