/**
 * Mail templates in German and English. Every mail has a plain-text and an HTML part; user-supplied
 * values are escaped in the HTML part and never end up in headers except the recipient address
 * (validated before). The texts live in one table per area (`account-mails.ts`, `order-mails.ts`),
 * typed so that no mail exists in one language only; the language is the recipient's, chosen when
 * the mail is queued (ADR 0017).
 */
import type { Language } from '@leasing/contract';

import { ACCOUNT_MAILS } from './account-mails.js';
import { mailFormat } from './mail-format.js';
import type { InEveryLanguage, MailContent, MailTemplate, MailText } from './mail-types.js';
import { ORDER_UPDATE } from './order-mails.js';
import { LEASE_END } from './lease-end-mails.js';

export type {
  AccountMail,
  InEveryLanguage,
  MailContent,
  MailRecipient,
  MailTemplate,
  MailText,
  OrderEvent,
  OrderMail,
} from './mail-types.js';

/** Greeting and closing around every mail. */
const LAYOUT: Record<Language, { hello(firstName: string): string; closing: string; signature: string }> = {
  de: { hello: (name) => `Hallo ${name},`, closing: 'Viele Grüße', signature: 'Ihr Team von E-Auto-Leasing' },
  en: { hello: (name) => `Hello ${name},`, closing: 'Kind regards', signature: 'Your E-Auto-Leasing team' },
};

const TEMPLATES: { readonly [K in MailTemplate['kind']]: InEveryLanguage<Extract<MailTemplate, { kind: K }>> } = {
  ...ACCOUNT_MAILS,
  ORDER_UPDATE,
  LEASE_END,
};

export function renderMail(template: MailTemplate, language: Language): MailContent {
  const texts = TEMPLATES[template.kind] as InEveryLanguage<MailTemplate>;
  const text = texts[language](template, mailFormat(language));
  return compose(language, text, LAYOUT[language].hello(template.firstName));
}

function compose(language: Language, mail: MailText, greeting: string): MailContent {
  const { closing, signature } = LAYOUT[language];
  const { action } = mail;
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
