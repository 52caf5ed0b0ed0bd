/**
 * The final statement ("Schlussabrechnung") at a lease's end as an A4 PDF: the car's return, the
 * kilometres against the contract, the damages and what the employee owes or gets back. German with
 * de-DE formats, drawn with the contract's embedded fonts (user text only ever as glyphs).
 */
import type { Settlement } from '@leasing/contract';

import {
  cleanText,
  formatDate,
  formatEuro,
  formatEuroPerKm,
  formatKm,
  orderNumber,
  renderBlockDocument,
  type DocumentBlock,
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

const cents = (eur: number) => Math.round(eur * 100);

/** The statement's text as blocks (pure, testable without a PDF). */
export function finalStatementBlocks(input: FinalStatementInput): DocumentBlock[] {
  const s = input.settlement;
  const r = input.rules;
  const [year, month] = input.payrollMonth.split('-');
  const total = cents(s.totalEur);
  const blocks: DocumentBlock[] = [
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

export function renderFinalStatement(input: FinalStatementInput): Promise<Uint8Array> {
  return renderBlockDocument({
    title: FINAL_STATEMENT_TITLE,
    windowTitle: `${FINAL_STATEMENT_TITLE} – Bestellung Nr. ${orderNumber(input.orderId)}`,
    subtitle: 'Rückgabe des Fahrzeugs und Abrechnung der Kilometer',
    blocks: finalStatementBlocks(input),
    createdAt: input.createdAt,
  });
}
