/**
 * Mail templates in German and English. Every mail has a plain-text and an HTML part; user-supplied
 * values are escaped in the HTML part and never end up in headers except the recipient address
 * (validated before) and, in an invoice's subject, its number and the provider's seller name (set by
 * the provider; nodemailer encodes a header's text and drops line breaks). The texts live in one
 * table per area (`account-mails.ts`, `order-mails.ts`, `lease-end-mails.ts`, `billing-mails.ts`),
 * typed so that no mail exists in one language only; the language is the recipient's, chosen when
 * the mail is queued (ADR 0017).
 */
import type { Language } from '@leasing/contract';

import { ACCOUNT_MAILS } from './account-mails.js';
import { INVOICE_ISSUED } from './billing-mails.js';
import { mailFormat } from './mail-format.js';
import type { InEveryLanguage, MailContent, MailTemplate, MailText } from './mail-types.js';
import { ORDER_UPDATE } from './order-mails.js';
import { DRIVER_LICENCE_CHECK } from './driver-mails.js';
import { LEASE_END } from './lease-end-mails.js';
import { WEBHOOK_FAILING } from './webhook-mails.js';

export type {
  AccountMail,
  BillingMail,
  InEveryLanguage,
  MailContent,
  MailRecipient,
  MailTemplate,
  MailText,
  OrderEvent,
  OrderMail,
} from './mail-types.js';

/** Greeting and closing around every mail; a business letter (`MailText.letter`) has the formal ones. */
const LAYOUT: Record<
  Language,
  { hello(firstName: string): string; closing: string; signature: string; formal: { hello: string; closing: string } }
> = {
  de: {
    hello: (name) => `Hallo ${name},`,
    closing: 'Viele Grüße',
    signature: 'Ihr Team von E-Auto-Leasing',
    formal: { hello: 'Sehr geehrte Damen und Herren,', closing: 'Mit freundlichen Grüßen' },
  },
  en: {
    hello: (name) => `Hello ${name},`,
    closing: 'Kind regards',
    signature: 'Your E-Auto-Leasing team',
    formal: { hello: 'Dear Sir or Madam,', closing: 'Yours faithfully' },
  },
};

const TEMPLATES: { readonly [K in MailTemplate['kind']]: InEveryLanguage<Extract<MailTemplate, { kind: K }>> } = {
  ...ACCOUNT_MAILS,
  ORDER_UPDATE,
  LEASE_END,
  INVOICE_ISSUED,
  DRIVER_LICENCE_CHECK,
  WEBHOOK_FAILING,
};

export function renderMail(template: MailTemplate, language: Language): MailContent {
  const texts = TEMPLATES[template.kind] as InEveryLanguage<MailTemplate>;
  const text = texts[language](template, mailFormat(language));
  return compose(language, text, 'firstName' in template ? template.firstName : null);
}

function compose(language: Language, mail: MailText, firstName: string | null): MailContent {
  const layout = LAYOUT[language];
  const { action, letter } = mail;
  const greeting = letter || firstName === null ? layout.formal.hello : layout.hello(firstName);
  const closing = letter || firstName === null ? layout.formal.closing : layout.closing;
  const signature = letter ? letter.signature : layout.signature;
  const text = [
    greeting,
    '',
    ...mail.paragraphs.flatMap((p) => [p, '']),
    ...(action ? [action.link, ''] : []),
    closing,
    signature,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(greeting)}</p>`,
    ...mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    action ? `<p><a href="${escapeHtml(action.link)}">${escapeHtml(action.label)}</a></p>` : '',
    `<p>${escapeHtml(closing)}<br>${escapeHtml(signature)}</p>`,
    '</body></html>',
  ].join('');
  return { subject: mail.subject, text, html, links: action ? [action.link] : [] };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}
