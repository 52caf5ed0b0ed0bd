import type { TFunction } from 'i18next';

import { translateValidationMessage } from '../../lib/validation-messages';

/**
 * The billing schemas' own messages are German sentences (the Leitweg-ID's structure, an IBAN's check
 * digits), unlike the contract's shared keys (`required`, `min 1`). Each known sentence has its text in
 * the billing namespace, so English shows English; a sentence the server words otherwise is shown as it
 * came (German, and more helpful than a generic hint). Keys and bounds go the common way.
 */
const SENTENCES = {
  'Bitte einen Ländercode mit zwei Buchstaben angeben (z. B. DE).': 'countryCode',
  'Die Leitweg-ID ist ungültig (Aufbau 04011000-12345-03, Prüfziffer nach ISO 7064).': 'leitwegId',
  'Öffentliche Auftraggeber brauchen eine Leitweg-ID.': 'leitwegIdRequired',
  'Die IBAN ist ungültig (Länge oder Prüfziffer).': 'iban',
  'Die BIC ist ungültig (8 oder 11 Zeichen).': 'bic',
  'Die USt-IdNr. ist ungültig (z. B. DE123456789).': 'vatId',
  'Bitte eine Telefonnummer angeben (Ziffern, Leerzeichen, + / - ( )).': 'phone',
  'Bitte 1 bis 10 Buchstaben oder Ziffern angeben.': 'invoicePrefix',
  'Bitte einen Monat im Format JJJJ-MM angeben.': 'month',
} as const;

type Sentence = keyof typeof SENTENCES;
const isKnownSentence = (message: string): message is Sentence => Object.hasOwn(SENTENCES, message);

/** A whole sentence rather than a key: keys have no full stop at their end. */
const isSentence = (message: string) => /\s/.test(message) && /[.)]$/.test(message);

/** A field error for display: `tb` is the billing namespace's `t`, `tc` the default namespace's. */
export function billingFieldMessage(
  tb: TFunction<'billing'>,
  tc: TFunction,
  message: string | undefined,
): string | undefined {
  if (message === undefined || message === '') return undefined;
  if (isKnownSentence(message)) return tb(`validation.${SENTENCES[message]}`);
  if (isSentence(message)) return message;
  return translateValidationMessage(tc, message);
}
