/**
 * Mail templates in German and English. Every mail has a plain-text and an HTML part; user-supplied
 * values are escaped in the HTML part and never end up in headers except the recipient address
 * (validated before). The texts live in one table per area (`account-mails.ts`, `order-mails.ts`),
 * typed so that no mail exists in one language only; the language is the recipient's, chosen when
 * the mail is queued (ADR 0017).
 */
import type { Language } from '@leasing/contract';

import { ACCOUNT_MAILS } from './account-mails.js';
import { mailFormat, type MailFormat } from './mail-format.js';
import { ORDER_UPDATE, type OrderEvent } from './order-mails.js';

export type { OrderEvent } from './order-mails.js';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** Who gets a mail, and in which language (the account's `users.language`; German without an account). */
export interface MailRecipient {
  email: string;
  language: Language;
}

export type AccountMail =
  | { kind: 'EMAIL_CONFIRM'; firstName: string; link: string }
  | { kind: 'REGISTER_EXISTING'; firstName: string; resetLink: string }
  | { kind: 'PASSWORD_RESET'; firstName: string; link: string }
  | { kind: 'INVITE'; firstName: string; tenantName: string; link: string }
  | { kind: 'ADMIN_INVITE'; firstName: string; tenantName: string; link: string }
  | { kind: 'WELCOME'; firstName: string; link: string }
  | { kind: 'EMAIL_CHANGE_CONFIRM'; firstName: string; link: string }
  | { kind: 'EMAIL_CHANGE_NOTICE'; firstName: string }
  | { kind: 'EMAIL_CHANGED'; firstName: string }
  | { kind: 'PASSWORD_CHANGED'; firstName: string }
  | { kind: 'MFA_ENROL_CODE'; firstName: string; code: string }
  | { kind: 'MFA_ENABLED'; firstName: string }
  | { kind: 'MFA_RECOVERY_CODE_USED'; firstName: string; remaining: number }
  | { kind: 'MFA_DISABLED'; firstName: string }
  | { kind: 'MFA_RESET'; firstName: string };

/** A change in an order's life, told to the employee or to the admins (the event says which). */
export interface OrderMail {
  kind: 'ORDER_UPDATE';
  firstName: string;
  orderId: number;
  link: string;
  event: OrderEvent;
}

export type MailTemplate = AccountMail | OrderMail;

/** What one mail says in one language; the layout adds greeting, link and closing. */
export interface MailText {
  subject: string;
  paragraphs: string[];
  action?: { link: string; label: string };
}

/** One mail's text in every language: leaving a language out is a type error. */
export type InEveryLanguage<Params> = {
  readonly [L in Language]: (params: Params, format: MailFormat) => MailText;
};

/** Greeting and closing around every mail. */
const LAYOUT: Record<Language, { hello(firstName: string): string; closing: string; signature: string }> = {
  de: { hello: (name) => `Hallo ${name},`, closing: 'Viele Grüße', signature: 'Ihr Team von E-Auto-Leasing' },
  en: { hello: (name) => `Hello ${name},`, closing: 'Kind regards', signature: 'Your E-Auto-Leasing team' },
};

const TEMPLATES: { readonly [K in MailTemplate['kind']]: InEveryLanguage<Extract<MailTemplate, { kind: K }>> } = {
  ...ACCOUNT_MAILS,
  ORDER_UPDATE,
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
