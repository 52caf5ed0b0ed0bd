/**
 * The mails of a lease's end in German and English: the return with its settlement, the next car,
 * the return appointment and the driving-licence checks. Amounts arrive as integer cents.
 */
import type { Language } from '@leasing/contract';

import type { MailFormat } from './mail-format.js';
import type { InEveryLanguage, LeaseEndEvent, LeaseEndMail, MailText } from './mail-types.js';

type EventTexts = {
  readonly [T in LeaseEndEvent['type']]: {
    readonly [L in Language]: (
      event: Extract<LeaseEndEvent, { type: T }>,
      format: MailFormat,
    ) => { subject: string; paragraphs: string[] };
  };
};

const euro = (language: Language, cents: number) =>
  new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: 'EUR' }).format(
    Math.abs(cents) / 100,
  );

/** `2029-04` as `04/2029`. */
const monthOf = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

const TEXTS: EventTexts = {
  RETURNED: {
    de: (e, f) => ({
      subject: 'Rückgabe und Schlussabrechnung',
      paragraphs: [
        `${e.personName} hat den ${e.car} am ${f.date(e.returnedOn)} zurückgegeben; das Leasing ist beendet.`,
        e.totalCents > 0
          ? `Aus Mehrkilometern und Schäden ergeben sich ${euro('de', e.totalCents)}, die mit der Entgeltabrechnung ${monthOf(e.payrollMonth)} einbehalten werden.`
          : e.totalCents < 0
            ? `Für Minderkilometer werden ${euro('de', e.totalCents)} erstattet, mit der Entgeltabrechnung ${monthOf(e.payrollMonth)}.`
            : 'Es ergibt sich kein Betrag.',
        'Die Schlussabrechnung liegt als PDF bei den Dokumenten der Bestellung.',
      ],
    }),
    en: (e, f) => ({
      subject: 'Return and final statement',
      paragraphs: [
        `${e.personName} returned the ${e.car} on ${f.date(e.returnedOn)}; the lease has ended.`,
        e.totalCents > 0
          ? `Extra kilometres and damages come to ${euro('en', e.totalCents)}, deducted with the payroll of ${monthOf(e.payrollMonth)}.`
          : e.totalCents < 0
            ? `${euro('en', e.totalCents)} is refunded for fewer kilometres, with the payroll of ${monthOf(e.payrollMonth)}.`
            : 'Nothing is owed either way.',
        'The final statement (PDF, in German) is among the documents of the order.',
      ],
    }),
  },
  ENDED_BY_LOSS: {
    de: (e, f) => ({
      subject: e.theft ? 'Leasing beendet: Diebstahl' : 'Leasing beendet: Totalschaden',
      paragraphs: [
        `Der ${e.car} von ${e.personName} ist ${e.theft ? 'gestohlen worden' : 'ein Totalschaden'} (Schadenmeldung ${e.claimNumber}); das Leasing endet am ${f.date(e.endedOn)}.`,
        `Die Gehaltsumwandlung läuft bis einschließlich ${monthOf(e.endedOn.slice(0, 7))} und endet dann; der geldwerte Vorteil entfällt ab dem Folgemonat. Eine Rückgabe und eine Kilometerabrechnung gibt es nicht.`,
        'Die Schlussabrechnung liegt als PDF bei den Dokumenten der Bestellung.',
      ],
    }),
    en: (e, f) => ({
      subject: e.theft ? 'Lease ended: theft' : 'Lease ended: total loss',
      paragraphs: [
        `The ${e.car} of ${e.personName} ${e.theft ? 'has been stolen' : 'is a total loss'} (claim ${e.claimNumber}); the lease ends on ${f.date(e.endedOn)}.`,
        `The salary conversion runs up to and including ${monthOf(e.endedOn.slice(0, 7))} and then ends; the taxable benefit stops from the following month. There is no return and no kilometre settlement.`,
        'The final statement (PDF, in German) is among the documents of the order.',
      ],
    }),
  },
  NEXT_CAR: {
    de: (e, f) => ({
      subject: 'Ihr nächstes E-Auto',
      paragraphs: [
        `Das Leasing Ihres ${e.car} endet am ${f.date(e.endsOn)}.`,
        'Sie können schon jetzt Ihr nächstes Fahrzeug aussuchen: Die Übergabe des neuen Wagens beendet das bisherige Leasing am Vortag, ohne Lücke und ohne doppelte Rate.',
      ],
    }),
    en: (e, f) => ({
      subject: 'Your next electric car',
      paragraphs: [
        `The lease of your ${e.car} ends on ${f.date(e.endsOn)}.`,
        'You can choose your next car now: its handover ends the current lease on the day before, with no gap and no rate twice.',
      ],
    }),
  },
  RETURN_APPOINTMENT: {
    de: (e, f) => ({
      subject: 'Termin für die Rückgabe',
      paragraphs: [`Die Rückgabe Ihres ${e.car} ist am ${f.date(e.date)} vereinbart, Ort: ${e.place}.`],
    }),
    en: (e, f) => ({
      subject: 'Return appointment',
      paragraphs: [`The return of your ${e.car} is arranged for ${f.date(e.date)} at ${e.place}.`],
    }),
  },
  RETURN_DUE: {
    de: (e, f) => ({
      subject: 'Rückgabetermin vereinbaren',
      paragraphs: [
        `Das Leasing des ${e.car} endet am ${f.date(e.endsOn)}.`,
        'Bitte vereinbaren Sie mit dem Arbeitnehmer einen Termin für die Rückgabe und tragen Sie ihn bei der Bestellung ein.',
      ],
    }),
    en: (e, f) => ({
      subject: 'Arrange the return',
      paragraphs: [
        `The lease of the ${e.car} ends on ${f.date(e.endsOn)}.`,
        'Please agree a return appointment with the employee and enter it on the order.',
      ],
    }),
  },
  LICENCE_CHECK: {
    de: (e, f) => ({
      subject: e.dueToday ? 'Führerscheinprüfung heute fällig' : 'Führerscheinprüfung bald fällig',
      paragraphs: [
        `Ihr Arbeitgeber muss Ihren Führerschein regelmäßig prüfen. Die nächste Prüfung ist am ${f.date(e.dueOn)} fällig.`,
        'Auf der Seite Ihrer Bestellung können Sie sie mit „Führerschein prüfen“ in wenigen Minuten online erledigen.',
      ],
    }),
    en: (e, f) => ({
      subject: e.dueToday ? 'Driving-licence check due today' : 'Driving-licence check due soon',
      paragraphs: [
        `Your employer has to check your driving licence regularly. The next check is due on ${f.date(e.dueOn)}.`,
        'On your order page, "Führerschein prüfen" (check driving licence) takes a few minutes online.',
      ],
    }),
  },
};

function text(mail: LeaseEndMail, language: Language, format: MailFormat): MailText {
  const texts = TEXTS[mail.event.type] as EventTexts[LeaseEndEvent['type']] as {
    readonly [L in Language]: (event: LeaseEndEvent, format: MailFormat) => { subject: string; paragraphs: string[] };
  };
  const { subject, paragraphs } = texts[language](mail.event, format);
  const prefix = language === 'de' ? `Bestellung ${mail.orderId}` : `Order ${mail.orderId}`;
  return {
    subject: `${prefix}: ${subject}`,
    paragraphs,
    action: { link: mail.link, label: language === 'de' ? 'Zur Bestellung' : 'View order' },
  };
}

export const LEASE_END: InEveryLanguage<LeaseEndMail> = {
  de: (mail, format) => text(mail, 'de', format),
  en: (mail, format) => text(mail, 'en', format),
};
