/**
 * The final statement ("Schlussabrechnung") at a lease's end as an A4 PDF: the car's return, the
 * kilometres against the contract, the damages and what the employee owes or gets back. German with
 * de-DE formats, drawn with the contract's embedded fonts (user text only ever as glyphs).
 */
import fontkit from '@pdf-lib/fontkit';
import type { Settlement } from '@leasing/contract';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PDFPage } from 'pdf-lib';

import {
  cleanText,
  Face,
  formatDate,
  formatEuro,
  formatEuroPerKm,
  formatKm,
  loadFontBytes,
  orderNumber,
  wrapText,
} from '../contract/index.js';
import type { KilometreRules } from './settlement.js';

export const FINAL_STATEMENT_TITLE = 'Schlussabrechnung';

export function finalStatementFileName(orderId: number): string {
  return `Schlussabrechnung-${orderId}.pdf`;
}

export interface FinalStatementInput {
  orderId: number;
  employerName: string;
  employeeName: string;
  car: string;
  handoverDate: string;
  returnedOn: string;
  odometerKm: number;
  rules: KilometreRules;
  damages: readonly { description: string; costCents: number }[];
  settlement: Settlement;
  /** The payroll month that carries the settlement (`YYYY-MM`). */
  payrollMonth: string;
  createdAt: Date;
}

type Block =
  { kind: 'heading'; text: string } | { kind: 'row'; label: string; value: string } | { kind: 'text'; text: string };

const cents = (eur: number) => Math.round(eur * 100);

/** The statement's text as blocks (pure, testable without a PDF). */
export function finalStatementBlocks(input: FinalStatementInput): Block[] {
  const s = input.settlement;
  const r = input.rules;
  const [year, month] = input.payrollMonth.split('-');
  const total = cents(s.totalEur);
  const blocks: Block[] = [
    { kind: 'row', label: 'Bestellung', value: `Nr. ${orderNumber(input.orderId)}` },
    { kind: 'row', label: 'Arbeitgeber', value: cleanText(input.employerName) },
    { kind: 'row', label: 'Arbeitnehmer', value: cleanText(input.employeeName) },
    { kind: 'row', label: 'Fahrzeug', value: cleanText(input.car) },
    { kind: 'row', label: 'Übergabe', value: formatDate(input.handoverDate) },
    { kind: 'row', label: 'Rückgabe', value: formatDate(input.returnedOn) },
    { kind: 'heading', text: 'Kilometer' },
    { kind: 'row', label: 'Vertragskilometer', value: formatKm(s.contractKm) },
    { kind: 'row', label: 'Kilometerstand bei Rückgabe', value: formatKm(input.odometerKm) },
    { kind: 'row', label: 'Gefahrene Kilometer', value: formatKm(s.drivenKm) },
    { kind: 'row', label: 'Mehrkilometer', value: formatKm(s.extraKm) },
    { kind: 'row', label: 'Davon abgerechnet', value: formatKm(s.chargedExtraKm) },
    {
      kind: 'row',
      label: `Mehrkilometer × ${formatEuroPerKm(r.costsMoreKilometers)}`,
      value: formatEuro(cents(s.extraKmEur)),
    },
    { kind: 'row', label: 'Minderkilometer', value: formatKm(s.fewerKm) },
    { kind: 'row', label: 'Davon erstattet', value: formatKm(s.refundedFewerKm) },
    {
      kind: 'row',
      label: `Minderkilometer × ${formatEuroPerKm(r.reimbursementLessKilometers)}`,
      value: formatEuro(-cents(s.fewerKmEur)),
    },
    {
      kind: 'text',
      text: `Toleranz: ${formatKm(r.excessMileageAllowance)} Mehr- und ${formatKm(r.exemptionLimitLessKilometers)} Minderkilometer bleiben unberechnet; abgerechnet werden höchstens ${formatKm(r.capExtraKilometers)} Mehr- und erstattet höchstens ${formatKm(r.capFewerKilometers)} Minderkilometer (§ 5 des Überlassungsvertrags).`,
    },
    { kind: 'heading', text: 'Schäden' },
    ...(input.damages.length === 0
      ? [{ kind: 'text' as const, text: 'Bei der Rückgabe wurden keine Schäden festgestellt.' }]
      : input.damages.map((d) => ({
          kind: 'row' as const,
          label: cleanText(d.description, 500),
          value: formatEuro(d.costCents),
        }))),
    { kind: 'row', label: 'Schäden gesamt', value: formatEuro(cents(s.damagesEur)) },
    { kind: 'heading', text: 'Ergebnis' },
    {
      kind: 'row',
      label: total > 0 ? 'Vom Arbeitnehmer zu zahlen' : total < 0 ? 'Erstattung an den Arbeitnehmer' : 'Saldo',
      value: formatEuro(Math.abs(total)),
    },
    {
      kind: 'text',
      text:
        total === 0
          ? 'Es ergibt sich kein Betrag; mit der Rückgabe ist das Leasing beendet.'
          : `Der Betrag wird mit der Entgeltabrechnung für ${month}/${year} ${total > 0 ? 'vom Nettoentgelt einbehalten' : 'mit dem Nettoentgelt ausgezahlt'}.`,
    },
  ];
  return blocks;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

export async function renderFinalStatement(input: FinalStatementInput): Promise<Uint8Array> {
  const bytes = await loadFontBytes();
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(fontkit);
  const regular = new Face(await pdf.embedFont(bytes.regular, { subset: true }));
  const bold = new Face(await pdf.embedFont(bytes.bold, { subset: true }));
  pdf.setTitle(`${FINAL_STATEMENT_TITLE} – Bestellung Nr. ${orderNumber(input.orderId)}`, {
    showInWindowTitleBar: true,
  });
  pdf.setAuthor('E-Auto-Leasing');
  pdf.setCreator('E-Auto-Leasing');
  pdf.setProducer('E-Auto-Leasing Vertragsdienst (pdf-lib)');
  pdf.setLanguage('de-DE');
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);

  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const ensure = (height: number) => {
    if (y - height < MARGIN) {
      page = pdf.addPage(A4);
      y = A4[1] - MARGIN;
    }
  };
  const draw = (face: Face, text: string, x: number, size: number) => {
    page.drawText(face.encodable(text), { x, y, size, font: face.font, color: rgb(0.1, 0.1, 0.1) });
  };

  draw(bold, FINAL_STATEMENT_TITLE, MARGIN, 18);
  y -= 22;
  draw(regular, 'Rückgabe des Fahrzeugs und Abrechnung der Kilometer', MARGIN, 10);
  y -= 24;
  for (const block of finalStatementBlocks(input)) {
    if (block.kind === 'heading') {
      ensure(30);
      y -= 8;
      draw(bold, block.text, MARGIN, 12);
      y -= 18;
    } else if (block.kind === 'row') {
      const valueWidth = bold.width(regular.encodable(block.value), 10);
      const labelLines = wrapText(regular.encodable(block.label), width - valueWidth - 16, (t) => regular.width(t, 10));
      ensure(labelLines.length * 14);
      draw(regular, block.value, MARGIN + width - regular.width(regular.encodable(block.value), 10), 10);
      for (const line of labelLines) {
        draw(regular, line, MARGIN, 10);
        y -= 14;
      }
    } else {
      const lines = wrapText(regular.encodable(block.text), width, (t) => regular.width(t, 9));
      ensure(lines.length * 12 + 4);
      y -= 4;
      for (const line of lines) {
        draw(regular, line, MARGIN, 9);
        y -= 12;
      }
    }
  }
  return pdf.save({ useObjectStreams: true });
}
