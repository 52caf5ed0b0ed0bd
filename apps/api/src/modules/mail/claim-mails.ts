/**
 * The mails of damage, accident and theft reports (modules/claims), in German and English: the
 * provider's admins hear of a new report, the employee of each step of their claim. Part of the order
 * mails (`order-mails.ts`).
 */
import type { Language } from '@leasing/contract';

import type { MailFormat } from './mail-format.js';
import type { OrderEvent } from './mail-types.js';

type Reported = Extract<OrderEvent, { type: 'CLAIM_REPORTED' }>;
type Update = Extract<OrderEvent, { type: 'CLAIM_UPDATE' }>;
interface Text {
  headline: string;
  paragraphs: string[];
}
type EventText<E> = { readonly [L in Language]: (event: E, orderId: number, format: MailFormat) => Text };

const KIND = {
  de: { DAMAGE: 'Schaden', ACCIDENT: 'Unfall', THEFT: 'Diebstahl', GLASS: 'Glasschaden', VANDALISM: 'Vandalismus' },
  en: { DAMAGE: 'Damage', ACCIDENT: 'Accident', THEFT: 'Theft', GLASS: 'Glass damage', VANDALISM: 'Vandalism' },
} as const;

const STATUS = {
  de: {
    REPORTED: 'Schadenmeldung eingegangen',
    IN_REVIEW: 'Schadenmeldung in Prüfung',
    REPAIR_SCHEDULED: 'Reparatur geplant',
    REPAIRED: 'Schaden repariert',
    TOTAL_LOSS: 'Totalschaden oder Verlust',
    REJECTED: 'Schadenmeldung abgelehnt',
  },
  en: {
    REPORTED: 'Claim received',
    IN_REVIEW: 'Claim under review',
    REPAIR_SCHEDULED: 'Repair scheduled',
    REPAIRED: 'Damage repaired',
    TOTAL_LOSS: 'Total loss',
    REJECTED: 'Claim rejected',
  },
} as const;

const STEP = {
  de: {
    REPORTED: 'Wir haben Ihre Meldung erhalten und melden uns, sobald wir sie geprüft haben.',
    IN_REVIEW: 'Wir prüfen Ihre Meldung mit der Versicherung.',
    REPAIR_SCHEDULED: 'Die Reparatur ist beauftragt; die Werkstatt stimmt den Termin mit Ihnen ab.',
    REPAIRED: 'Die Reparatur ist abgeschlossen. Bei der Rückgabe wird dieser Schaden nicht noch einmal berechnet.',
    TOTAL_LOSS:
      'Das Fahrzeug ist nicht mehr zu reparieren oder verloren. Das Leasing endet; die Schlussabrechnung liegt als PDF bei den Dokumenten der Bestellung.',
    REJECTED: 'Die Meldung wurde nicht als Versicherungsfall anerkannt.',
  },
  en: {
    REPORTED: 'We have received your report and will be in touch once we have reviewed it.',
    IN_REVIEW: 'We are reviewing your report with the insurer.',
    REPAIR_SCHEDULED: 'The repair has been ordered; the workshop will agree the date with you.',
    REPAIRED: 'The repair is complete. This damage will not be charged again when the car is returned.',
    TOTAL_LOSS:
      'The car cannot be repaired or is lost. The lease ends; the final statement (PDF, in German) is among the documents of the order.',
    REJECTED: 'The report was not accepted as an insurance claim.',
  },
} as const;

function excessDe(e: Update, f: MailFormat): string[] {
  if (e.excessCents === null || e.excessMonth === null) return [];
  return [
    `Ihre Selbstbeteiligung beträgt ${f.euro(e.excessCents / 100)}. Sie wird mit der Gehaltsabrechnung ${f.month(e.excessMonth)} vom Nettogehalt abgezogen.`,
  ];
}

function excessEn(e: Update, f: MailFormat): string[] {
  if (e.excessCents === null || e.excessMonth === null) return [];
  return [
    `Your excess is ${f.euro(e.excessCents / 100)}. It is deducted from your net pay with the payroll of ${f.month(e.excessMonth)}.`,
  ];
}

export const CLAIM_TEXTS: { CLAIM_REPORTED: EventText<Reported>; CLAIM_UPDATE: EventText<Update> } = {
  CLAIM_REPORTED: {
    de: (e, id) => ({
      headline: `Neue Schadenmeldung ${e.claimNumber}`,
      paragraphs: [
        `${e.employeeName} hat einen Fall gemeldet: ${KIND.de[e.kind]} am ${e.car} (Bestellung ${id}).`,
        'Die Meldung wartet in der Schadenliste auf Ihre Prüfung.',
      ],
    }),
    en: (e, id) => ({
      headline: `New claim ${e.claimNumber}`,
      paragraphs: [
        `${e.employeeName} has reported a case: ${KIND.en[e.kind]} to the ${e.car} (order ${id}).`,
        'The report is waiting in the claims list for your review.',
      ],
    }),
  },
  CLAIM_UPDATE: {
    de: (e, _id, f) => ({
      headline: `${STATUS.de[e.status]} (${e.claimNumber})`,
      paragraphs: [
        `${KIND.de[e.kind]} am ${e.car}, Meldung ${e.claimNumber}: ${STEP.de[e.status]}`,
        ...(e.note ? [`Hinweis: ${e.note}`] : []),
        ...excessDe(e, f),
      ],
    }),
    en: (e, _id, f) => ({
      headline: `${STATUS.en[e.status]} (${e.claimNumber})`,
      paragraphs: [
        `${KIND.en[e.kind]} to the ${e.car}, claim ${e.claimNumber}: ${STEP.en[e.status]}`,
        ...(e.note ? [`Note: ${e.note}`] : []),
        ...excessEn(e, f),
      ],
    }),
  },
};
