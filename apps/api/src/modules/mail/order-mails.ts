/**
 * The order mails in German and English: one text per event in an order's life. `car` is the
 * vehicle's title ("Volkswagen ID.4"); `reason` is the decliner's own words, passed on as written.
 */
import type { Language } from '@leasing/contract';

import type { MailFormat } from './mail-format.js';
import { CLAIM_TEXTS } from './claim-mails.js';
import { LEASE_LIFE_TEXTS } from './lease-life-mails.js';
import { PACKAGE_CHANGE_TEXTS } from './package-change-mails.js';
import type { InEveryLanguage, OrderEvent, OrderMail } from './mail-types.js';

interface OrderText {
  headline: string;
  paragraphs: string[];
}

type EventText<E> = { readonly [L in Language]: (event: E, orderId: number, format: MailFormat) => OrderText };
type Texts = { readonly [T in OrderEvent['type']]: EventText<Extract<OrderEvent, { type: T }>> };

const reasonDe = (reason: string | null) => (reason ? [`Begründung: ${reason}`] : []);
const reasonEn = (reason: string | null) => (reason ? [`Reason given: ${reason}`] : []);

const ORDER_TEXTS: Texts = {
  ...LEASE_LIFE_TEXTS,
  ...CLAIM_TEXTS,
  ...PACKAGE_CHANGE_TEXTS,
  CREATED: {
    de: (e) => ({
      headline: 'Bestellung angelegt',
      paragraphs: [
        `Ihre Bestellung des ${e.car} wurde angelegt.`,
        'Bitte bestätigen Sie die Zusammenfassung, prüfen Sie den Überlassungsvertrag und schließen Sie Identifikation und Signatur ab.',
      ],
    }),
    en: (e) => ({
      headline: 'Order placed',
      paragraphs: [
        `Your order of the ${e.car} has been placed.`,
        'Please confirm the summary, check the transfer contract ("Überlassungsvertrag" between you and your employer) and complete identification and signature.',
      ],
    }),
  },
  SIGNED: {
    de: (e) => ({
      headline: 'Vertrag unterschrieben',
      paragraphs: [
        e.approval === 'AUTOMATIC'
          ? `Sie haben den Überlassungsvertrag für den ${e.car} unterschrieben. Die Bestellung liegt im Rahmen der Programmrichtlinie Ihres Arbeitgebers und wird automatisch freigegeben.`
          : `Sie haben den Überlassungsvertrag für den ${e.car} unterschrieben. Jetzt gibt Ihr Arbeitgeber die Bestellung frei.`,
      ],
    }),
    en: (e) => ({
      headline: 'Contract signed',
      paragraphs: [
        e.approval === 'AUTOMATIC'
          ? `You have signed the transfer contract for the ${e.car}. The order is within your employer's programme policy and will be approved automatically.`
          : `You have signed the transfer contract for the ${e.car}. Your employer will now approve the order.`,
      ],
    }),
  },
  APPROVAL_REQUIRED: {
    de: (e) => ({
      headline: 'Freigabe erforderlich',
      paragraphs: [`Eine Bestellung (${e.car}) wartet auf Ihre Freigabe.`],
    }),
    en: (e) => ({ headline: 'Approval required', paragraphs: [`An order (${e.car}) is waiting for your approval.`] }),
  },
  APPROVED: {
    de: (e) => ({
      headline: 'Vom Arbeitgeber freigegeben',
      paragraphs: [
        `Ihr Arbeitgeber hat die Bestellung des ${e.car} freigegeben und den Überlassungsvertrag gegengezeichnet. Sie finden ihn in den Dokumenten Ihrer Bestellung.`,
        'Wir bestellen das Fahrzeug jetzt beim Hersteller.',
      ],
    }),
    en: (e) => ({
      headline: 'Approved by your employer',
      paragraphs: [
        `Your employer has approved the order of the ${e.car} and countersigned the transfer contract. You will find it in the documents of your order.`,
        'We are now ordering the vehicle from the manufacturer.',
      ],
    }),
  },
  READY_TO_ORDER: {
    de: (e, id) => ({
      headline: 'Bestellung freigegeben',
      paragraphs: [`Die Bestellung ${id} (${e.car}) ist freigegeben und kann beim Hersteller bestellt werden.`],
    }),
    en: (e, id) => ({
      headline: 'Order approved',
      paragraphs: [`Order ${id} (${e.car}) has been approved and can be ordered from the manufacturer.`],
    }),
  },
  ORDERED: {
    de: (e) => ({
      headline: 'Fahrzeug bestellt',
      paragraphs: [`Ihr ${e.car} ist beim Hersteller bestellt. Wir melden uns zur Übergabe.`],
    }),
    en: (e) => ({
      headline: 'Vehicle ordered',
      paragraphs: [`Your ${e.car} has been ordered from the manufacturer. We will be in touch about the handover.`],
    }),
  },
  HANDED_OVER: {
    de: (e) => ({
      headline: 'Übergabe erfolgt – Leasing aktiv',
      paragraphs: [`Ihr ${e.car} ist übergeben. Gute Fahrt!`],
    }),
    en: (e) => ({
      headline: 'Handed over – lease active',
      paragraphs: [`Your ${e.car} has been handed over. Enjoy the drive!`],
    }),
  },
  DECLINED_BY_EMPLOYER: {
    de: (e) => ({
      headline: 'Vom Arbeitgeber abgelehnt',
      paragraphs: [`Ihr Arbeitgeber hat die Bestellung des ${e.car} abgelehnt.`, ...reasonDe(e.reason)],
    }),
    en: (e) => ({
      headline: 'Declined by your employer',
      paragraphs: [`Your employer has declined the order of the ${e.car}.`, ...reasonEn(e.reason)],
    }),
  },
  DECLINED: {
    de: (e) => ({
      headline: 'Bestellung abgelehnt',
      paragraphs: [`Die Bestellung des ${e.car} wurde abgelehnt.`, ...reasonDe(e.reason)],
    }),
    en: (e) => ({
      headline: 'Order declined',
      paragraphs: [`The order of the ${e.car} has been declined.`, ...reasonEn(e.reason)],
    }),
  },
  DECLINED_BY_PROVIDER: {
    de: (e, id) => ({
      headline: 'Bestellung abgelehnt',
      paragraphs: [`Die Bestellung ${id} (${e.car}) wurde vom Anbieter abgelehnt.`, ...reasonDe(e.reason)],
    }),
    en: (e, id) => ({
      headline: 'Order declined',
      paragraphs: [`Order ${id} (${e.car}) has been declined by the provider.`, ...reasonEn(e.reason)],
    }),
  },
  EXPIRED: {
    de: (e) => ({
      headline: 'Bestellung abgelaufen',
      paragraphs: [
        `Die Bestellung des ${e.car} wurde nicht rechtzeitig unterschrieben und ist abgelaufen. Sie können jederzeit neu bestellen.`,
      ],
    }),
    en: (e) => ({
      headline: 'Order expired',
      paragraphs: [
        `The order of the ${e.car} was not signed in time and has expired. You can order again at any time.`,
      ],
    }),
  },
  BREAKING_CHANGE: {
    de: (e) => ({
      headline: 'Bestellung abgebrochen',
      paragraphs: [
        `Ihre persönlichen Daten oder die Konditionen des Angebots für den ${e.car} haben sich geändert. Bitte starten Sie die Bestellung neu.`,
      ],
    }),
    en: (e) => ({
      headline: 'Order cancelled',
      paragraphs: [
        `Your personal details or the terms of the offer for the ${e.car} have changed. Please start the order again.`,
      ],
    }),
  },
  CANCELLED: {
    de: (e) => ({
      headline: 'Bestellung storniert',
      paragraphs: [
        `Sie haben die Bestellung des ${e.car} innerhalb der Stornofrist storniert. Es entstehen Ihnen keine Kosten, Ihr Gehalt wird nicht umgewandelt.`,
        'Der unterschriebene Überlassungsvertrag bleibt mit der Stornobestätigung in den Dokumenten Ihrer Bestellung.',
      ],
    }),
    en: (e) => ({
      headline: 'Order cancelled',
      paragraphs: [
        `You have cancelled the order of the ${e.car} within the cancellation period. There are no costs for you and your salary will not be converted.`,
        'The signed transfer contract stays in the documents of your order, together with the cancellation confirmation.',
      ],
    }),
  },
  CANCELLED_BY_EMPLOYEE: {
    de: (e, id) => ({
      headline: 'Bestellung vom Arbeitnehmer storniert',
      paragraphs: [
        `${e.employeeName} hat die Bestellung ${id} (${e.car}) innerhalb der Stornofrist storniert. Das Fahrzeug wird nicht bestellt.`,
        ...reasonDe(e.reason),
      ],
    }),
    en: (e, id) => ({
      headline: 'Order cancelled by the employee',
      paragraphs: [
        `${e.employeeName} has cancelled order ${id} (${e.car}) within the cancellation period. The vehicle will not be ordered.`,
        ...reasonEn(e.reason),
      ],
    }),
  },
  CANCELLATION_WAIVED: {
    de: (e) => ({
      headline: 'Verzicht auf die Stornofrist',
      paragraphs: [
        `Sie haben auf die restliche Stornofrist für den ${e.car} verzichtet, damit das Fahrzeug schneller bestellt werden kann. Eine Stornierung ist nicht mehr möglich.`,
      ],
    }),
    en: (e) => ({
      headline: 'Cancellation period waived',
      paragraphs: [
        `You have waived the rest of the cancellation period for the ${e.car} so that the vehicle can be ordered sooner. The order can no longer be cancelled.`,
      ],
    }),
  },
  CANCELLATION_WAIVED_BY_EMPLOYEE: {
    de: (e, id) => ({
      headline: 'Stornofrist aufgehoben',
      paragraphs: [
        `Der Arbeitnehmer hat auf die Stornofrist der Bestellung ${id} (${e.car}) verzichtet. Das Fahrzeug kann jetzt beim Hersteller bestellt werden.`,
      ],
    }),
    en: (e, id) => ({
      headline: 'Cancellation period waived',
      paragraphs: [
        `The employee has waived the cancellation period of order ${id} (${e.car}). The vehicle can now be ordered from the manufacturer.`,
      ],
    }),
  },
  DRIVER_CHECKED: {
    de: (e) => ({
      headline: e.approved ? 'Zusatzfahrer bestätigt' : 'Zusatzfahrer nicht bestätigt',
      paragraphs: e.approved
        ? [
            `Die Führerscheinprüfung von ${e.driverName} war erfolgreich. ${e.driverName} darf den ${e.car} ab sofort fahren und ist versichert.`,
          ]
        : [
            `Die Führerscheinprüfung von ${e.driverName} war nicht erfolgreich. ${e.driverName} darf den ${e.car} nicht fahren.`,
            ...reasonDe(e.reason),
          ],
    }),
    en: (e) => ({
      headline: e.approved ? 'Additional driver confirmed' : 'Additional driver not confirmed',
      paragraphs: e.approved
        ? [
            `The driving licence check of ${e.driverName} succeeded. ${e.driverName} may drive the ${e.car} from now on and is insured.`,
          ]
        : [
            `The driving licence check of ${e.driverName} did not succeed. ${e.driverName} may not drive the ${e.car}.`,
            ...reasonEn(e.reason),
          ],
    }),
  },
  DELIVERY_WINDOW: {
    de: (e, _id, f) => ({
      headline: 'Voraussichtlicher Liefertermin',
      paragraphs: [
        `Ihr ${e.car} wird voraussichtlich zwischen dem ${f.date(e.from)} und dem ${f.date(e.to)} geliefert.`,
        'Den genauen Übergabetermin stimmen wir mit Ihnen ab.',
      ],
    }),
    en: (e, _id, f) => ({
      headline: 'Expected delivery date',
      paragraphs: [
        `Your ${e.car} is expected to be delivered between ${f.date(e.from)} and ${f.date(e.to)}.`,
        'We will agree the exact handover date with you.',
      ],
    }),
  },
  EMPLOYEE_LEAVING: {
    de: (e, id, f) => ({
      headline: 'Mitarbeiter scheidet aus',
      paragraphs: [
        `${e.employeeName} scheidet zum ${f.date(e.leavingDate)} beim Arbeitgeber aus.`,
        `Betroffen ist die Bestellung ${id} (${e.car}). Bitte die Rückgabe des Fahrzeugs planen.`,
      ],
    }),
    en: (e, id, f) => ({
      headline: 'Employee leaving',
      paragraphs: [
        `${e.employeeName} leaves the employer on ${f.date(e.leavingDate)}.`,
        `This concerns order ${id} (${e.car}). Please plan the return of the vehicle.`,
      ],
    }),
  },
};

/** The text of one event in one language (the table is keyed by event type, the lookup needs one cast). */
function eventText(event: OrderEvent, language: Language, orderId: number, format: MailFormat): OrderText {
  const texts = ORDER_TEXTS[event.type] as EventText<OrderEvent>;
  return texts[language](event, orderId, format);
}

export const ORDER_UPDATE: InEveryLanguage<OrderMail> = {
  de: (mail, format) => {
    const { headline, paragraphs } = eventText(mail.event, 'de', mail.orderId, format);
    return {
      subject: `Bestellung ${mail.orderId}: ${headline}`,
      paragraphs,
      action: { link: mail.link, label: 'Zur Bestellung' },
    };
  },
  en: (mail, format) => {
    const { headline, paragraphs } = eventText(mail.event, 'en', mail.orderId, format);
    return {
      subject: `Order ${mail.orderId}: ${headline}`,
      paragraphs,
      action: { link: mail.link, label: 'View order' },
    };
  },
};
