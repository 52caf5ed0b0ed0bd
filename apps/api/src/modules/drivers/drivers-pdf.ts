import { carName } from '@leasing/contract';

import {
  cleanText,
  formatDate,
  formatDateTime,
  orderNumber,
  renderBlockDocument,
  type DocumentBlock,
} from '../contract/index.js';
import type { OrderTerms } from '../orders/index.js';
import type { DriverRow } from './licence-check.js';

export function driversFileName(orderId: number, at: Date): string {
  return `Zusatzfahrer-${orderId}-${at.toISOString().slice(0, 10)}.pdf`;
}

const STATUS_TEXT = { PENDING: 'Führerscheinprüfung offen', APPROVED: 'geprüft', REJECTED: 'nicht bestätigt' } as const;

/**
 * The list of additional drivers as it stands after a change (ADR 0055): filed among the order's
 * documents each time, so the order shows who was named (and insured) when.
 */
export function driversBlocks(input: {
  orderId: number;
  terms: OrderTerms;
  employeeName: string;
  drivers: readonly DriverRow[];
  at: Date;
}): DocumentBlock[] {
  return [
    { kind: 'row', label: 'Bestellung', value: `Nr. ${orderNumber(input.orderId)}` },
    { kind: 'row', label: 'Fahrzeug', value: cleanText(carName(input.terms.vehicle)) },
    { kind: 'row', label: 'Arbeitnehmer', value: cleanText(input.employeeName) },
    { kind: 'row', label: 'Stand', value: formatDateTime(input.at.toISOString()) },
    { kind: 'heading', text: 'Zusatzfahrer' },
    ...(input.drivers.length === 0
      ? [{ kind: 'text' as const, text: 'Keine Zusatzfahrer benannt: Das Fahrzeug fährt nur der Arbeitnehmer.' }]
      : input.drivers.map((d) => ({
          kind: 'row' as const,
          label: cleanText(
            `${d.firstName} ${d.lastName}, geboren am ${formatDate(d.dateOfBirth)}, Führerschein ${d.licenceCountry} seit ${formatDate(d.licenceIssuedOn)}`,
            300,
          ),
          value:
            d.status === 'APPROVED' && d.checkedOn ? `geprüft am ${formatDate(d.checkedOn)}` : STATUS_TEXT[d.status],
        }))),
    {
      kind: 'text',
      text: 'Versichert sind der Arbeitnehmer und die Zusatzfahrer, deren Führerschein geprüft ist. Zusatzfahrer müssen 18 bis 75 Jahre alt sein und ihren Führerschein, ausgestellt in der EU oder im EWR, seit mindestens zwei Jahren besitzen.',
    },
  ];
}

export function renderDriversList(input: Parameters<typeof driversBlocks>[0]): Promise<Uint8Array> {
  return renderBlockDocument({
    title: 'Zusatzfahrer',
    windowTitle: `Zusatzfahrer – Bestellung Nr. ${orderNumber(input.orderId)}`,
    subtitle: 'Benannte Fahrer des überlassenen Fahrzeugs',
    blocks: driversBlocks(input),
    createdAt: input.at,
  });
}
