import { carName } from '@leasing/contract';

import {
  cleanText,
  formatDate,
  formatDateTime,
  orderNumber,
  renderBlockDocument,
  type DocumentBlock,
} from '../contract/index.js';
import type { OrderTerms } from './snapshot.js';

export const CANCELLATION_NOTE_TITLE = 'Stornobestätigung';

export function cancellationNoteFileName(orderId: number): string {
  return `Stornobestaetigung-${orderId}.pdf`;
}

export interface CancellationNoteInput {
  orderId: number;
  employerName: string;
  employeeName: string;
  terms: OrderTerms;
  signedAt: Date;
  lastDay: string;
  cancelledAt: Date;
  reason: string | null;
}

/**
 * The note filed beside the signed contract when the employee cancels (ADR 0053): the contract stays
 * among the order's documents as it was signed; this page says it was cancelled, when, and why.
 */
export function cancellationNoteBlocks(input: CancellationNoteInput): DocumentBlock[] {
  return [
    { kind: 'row', label: 'Bestellung', value: `Nr. ${orderNumber(input.orderId)}` },
    { kind: 'row', label: 'Arbeitgeber', value: cleanText(input.employerName) },
    { kind: 'row', label: 'Arbeitnehmer', value: cleanText(input.employeeName) },
    { kind: 'row', label: 'Fahrzeug', value: cleanText(carName(input.terms.vehicle)) },
    { kind: 'row', label: 'Überlassungsvertrag unterschrieben', value: formatDateTime(input.signedAt.toISOString()) },
    { kind: 'row', label: 'Stornofrist bis einschließlich', value: formatDate(input.lastDay) },
    { kind: 'row', label: 'Storniert am', value: formatDateTime(input.cancelledAt.toISOString()) },
    ...(input.reason ? [{ kind: 'row' as const, label: 'Begründung', value: cleanText(input.reason, 500) }] : []),
    {
      kind: 'text',
      text: 'Der Arbeitnehmer hat die Bestellung innerhalb der Stornofrist nach § 3 des Überlassungsvertrags storniert. Der Vertrag kommt nicht zur Ausführung: Das Fahrzeug wird nicht beim Hersteller bestellt, es findet keine Gehaltsumwandlung statt und es entstehen keine Kosten.',
    },
  ];
}

export function renderCancellationNote(input: CancellationNoteInput): Promise<Uint8Array> {
  return renderBlockDocument({
    title: CANCELLATION_NOTE_TITLE,
    windowTitle: `${CANCELLATION_NOTE_TITLE} – Bestellung Nr. ${orderNumber(input.orderId)}`,
    subtitle: 'Stornierung der Bestellung innerhalb der Stornofrist',
    blocks: cancellationNoteBlocks(input),
    createdAt: input.cancelledAt,
  });
}
