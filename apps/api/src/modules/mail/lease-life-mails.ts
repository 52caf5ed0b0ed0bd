/**
 * The mails of life during a lease, in German and English: an absence without pay recorded, moved
 * or removed, and a leaving date with its termination quote. Part of the order mails (`order-mails.ts`).
 */
import { ABSENCE_TYPES, type Language } from '@leasing/contract';

import type { MailFormat } from './mail-format.js';
import type { OrderEvent } from './mail-types.js';

type Absence = Extract<OrderEvent, { type: 'ABSENCE' }>;
type Quote = Extract<OrderEvent, { type: 'LEAVING_QUOTE' }>;
interface Text {
  headline: string;
  paragraphs: string[];
}
type EventText<E> = { readonly [L in Language]: (event: E, orderId: number, format: MailFormat) => Text };

const PAYER = {
  de: {
    EMPLOYEE_PAYS: 'Die Rate zahlen Sie in dieser Zeit selbst aus dem Nettoeinkommen.',
    EMPLOYER_PAYS: 'Die Rate trägt in dieser Zeit der Arbeitgeber.',
    RATE_INSURANCE: 'Die Rate übernimmt in dieser Zeit die Ratenschutzversicherung des Pakets.',
  },
  en: {
    EMPLOYEE_PAYS: 'During this time you pay the rate yourself from your net pay.',
    EMPLOYER_PAYS: 'During this time the employer carries the rate.',
    RATE_INSURANCE: "During this time the package's rate insurance pays the rate.",
  },
} as const;
const CHANGE = {
  de: { RECORDED: 'Abwesenheit eingetragen', CHANGED: 'Abwesenheit geändert', REMOVED: 'Abwesenheit gelöscht' },
  en: { RECORDED: 'Absence recorded', CHANGED: 'Absence changed', REMOVED: 'Absence removed' },
} as const;

const euro = (language: Language, cents: number) =>
  new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    cents / 100,
  );

export const LEASE_LIFE_TEXTS: { ABSENCE: EventText<Absence>; LEAVING_QUOTE: EventText<Quote> } = {
  ABSENCE: {
    de: (e, id, f) => ({
      headline: CHANGE.de[e.change],
      paragraphs: [
        `${ABSENCE_TYPES[e.absenceType].mailName.de} von ${e.employeeName}: ab ${f.date(e.from)}${e.to ? ` bis ${f.date(e.to)}` : ', Ende offen'}${e.change === 'REMOVED' ? ' – gelöscht' : ''}.`,
        `Betroffen ist die Bestellung ${id} (${e.car}). In dieser Zeit wird kein Gehalt umgewandelt; der geldwerte Vorteil bleibt, solange das Fahrzeug privat genutzt werden darf.`,
        ...(e.change === 'REMOVED' ? [] : [PAYER.de[e.payer]]),
      ],
    }),
    en: (e, id, f) => ({
      headline: CHANGE.en[e.change],
      paragraphs: [
        `${ABSENCE_TYPES[e.absenceType].mailName.en} of ${e.employeeName}: from ${f.date(e.from)}${e.to ? ` to ${f.date(e.to)}` : ', open end'}${e.change === 'REMOVED' ? ' – removed' : ''}.`,
        `This concerns order ${id} (${e.car}). No salary is converted during this time; the taxable benefit stays as long as the car may be used privately.`,
        ...(e.change === 'REMOVED' ? [] : [PAYER.en[e.payer]]),
      ],
    }),
  },
  LEAVING_QUOTE: {
    de: (e, id, f) => ({
      headline: 'Ausscheiden und Angebot zur Vertragsbeendigung',
      paragraphs: [
        `${e.employeeName} scheidet zum ${f.date(e.leavingDate)} aus; betroffen ist die Bestellung ${id} (${e.car}).`,
        `Bis zum Vertragsende bleiben ${e.remainingMonths} Monate. Rückgabe des Fahrzeugs: Ausgleichszahlung ${euro('de', e.feeCents)}. Übernahme als Privatleasing: ${euro('de', e.privateRateCents)} im Monat. Oder Wechsel zu einem neuen Arbeitgeber auf der Plattform ohne Kosten.`,
      ],
    }),
    en: (e, id, f) => ({
      headline: 'Leaving and termination quote',
      paragraphs: [
        `${e.employeeName} leaves on ${f.date(e.leavingDate)}; this concerns order ${id} (${e.car}).`,
        `${e.remainingMonths} months remain until the end of the term. Returning the car: a fee of ${euro('en', e.feeCents)}. Taking the lease over privately: ${euro('en', e.privateRateCents)} a month. Or moving it to a new employer on the platform at no cost.`,
      ],
    }),
  },
};
