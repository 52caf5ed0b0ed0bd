/**
 * The mails of a larger kilometre package during the lease (modules/package-change, ADR 0058), in
 * German and English: the provider's admins hear of a request, the employee of the decision. Part of
 * the order mails (`order-mails.ts`).
 */
import type { Language } from '@leasing/contract';

import type { MailFormat } from './mail-format.js';
import type { OrderEvent } from './mail-types.js';

type Requested = Extract<OrderEvent, { type: 'PACKAGE_CHANGE_REQUESTED' }>;
type Decided = Extract<OrderEvent, { type: 'PACKAGE_CHANGE_DECIDED' }>;
interface Text {
  headline: string;
  paragraphs: string[];
}
type EventText<E> = { readonly [L in Language]: (event: E, orderId: number, format: MailFormat) => Text };

const km = { de: (n: number) => n.toLocaleString('de-DE'), en: (n: number) => n.toLocaleString('en-GB') };

export const PACKAGE_CHANGE_TEXTS: {
  PACKAGE_CHANGE_REQUESTED: EventText<Requested>;
  PACKAGE_CHANGE_DECIDED: EventText<Decided>;
} = {
  PACKAGE_CHANGE_REQUESTED: {
    de: (e, id) => ({
      headline: 'Anfrage: größeres Kilometerpaket',
      paragraphs: [
        `${e.employeeName} bittet für Bestellung ${id} (${e.car}) um einen Wechsel von ${km.de(e.fromKm)} auf ${km.de(e.toKm)} km im Jahr.`,
        'Bitte genehmigen oder lehnen Sie die Anfrage im Back-Office unter „Paketwechsel“ ab.',
      ],
    }),
    en: (e, id) => ({
      headline: 'Request: a larger kilometre package',
      paragraphs: [
        `${e.employeeName} asks to change order ${id} (${e.car}) from ${km.en(e.fromKm)} to ${km.en(e.toKm)} km a year.`,
        'Please approve or decline the request in the back office under "Package changes".',
      ],
    }),
  },
  PACKAGE_CHANGE_DECIDED: {
    de: (e, _id, f) => ({
      headline: e.approved ? 'Kilometerpaket geändert' : 'Kilometerpaket nicht geändert',
      paragraphs: e.approved
        ? [
            `Ihr ${e.car} fährt ab ${f.month(e.effectiveMonth ?? '')} mit ${km.de(e.toKm)} km im Jahr. Die monatliche Rate beträgt dann ${f.euro(e.rateEur)} brutto; Ihre Gehaltsumwandlung folgt ab diesem Monat.`,
            'Der Nachtrag zum Vertrag liegt bei den Dokumenten Ihrer Bestellung.',
          ]
        : [
            `Ihre Anfrage, den ${e.car} auf ${km.de(e.toKm)} km im Jahr umzustellen, wurde abgelehnt. Es bleibt beim bisherigen Kilometerpaket.`,
            ...(e.note ? [`Begründung: ${e.note}`] : []),
          ],
    }),
    en: (e, _id, f) => ({
      headline: e.approved ? 'Kilometre package changed' : 'Kilometre package not changed',
      paragraphs: e.approved
        ? [
            `From ${f.month(e.effectiveMonth ?? '')} your ${e.car} runs on ${km.en(e.toKm)} km a year. The monthly rate is then ${f.euro(e.rateEur)} gross; your salary conversion follows from that month.`,
            "The contract's addendum is among your order's documents.",
          ]
        : [
            `Your request to change the ${e.car} to ${km.en(e.toKm)} km a year was declined. The current kilometre package stays.`,
            ...(e.note ? [`Reason given: ${e.note}`] : []),
          ],
    }),
  },
};
