import { Languages, type Language } from '@leasing/contract';
import { describe, expect, it } from 'vitest';

import { mailFormat } from './mail-format.js';
import { renderMail, type AccountMail, type BillingMail, type MailTemplate, type OrderEvent } from './templates.js';

// One sample of every mail and every order event. The mapped types make the compiler refuse a sample
// list that misses one, so a new template is tested in both languages from its first day.
const link = 'https://leasing.example/x/abc123';
const ACCOUNT: { [K in AccountMail['kind']]: Extract<AccountMail, { kind: K }> } = {
  EMAIL_CONFIRM: { kind: 'EMAIL_CONFIRM', firstName: 'Alex', link },
  REGISTER_EXISTING: { kind: 'REGISTER_EXISTING', firstName: 'Alex', resetLink: link },
  PASSWORD_RESET: { kind: 'PASSWORD_RESET', firstName: 'Alex', link },
  INVITE: { kind: 'INVITE', firstName: 'Alex', tenantName: 'Acme Ltd', link },
  ADMIN_INVITE: { kind: 'ADMIN_INVITE', firstName: 'Alex', tenantName: 'Acme Ltd', link },
  WELCOME: { kind: 'WELCOME', firstName: 'Alex', link },
  SSO_WELCOME: { kind: 'SSO_WELCOME', firstName: 'Alex', tenantName: 'Acme Ltd', link },
  EMAIL_CHANGE_CONFIRM: { kind: 'EMAIL_CHANGE_CONFIRM', firstName: 'Alex', link },
  EMAIL_CHANGE_NOTICE: { kind: 'EMAIL_CHANGE_NOTICE', firstName: 'Alex' },
  EMAIL_CHANGED: { kind: 'EMAIL_CHANGED', firstName: 'Alex' },
  PASSWORD_CHANGED: { kind: 'PASSWORD_CHANGED', firstName: 'Alex' },
  MFA_ENROL_CODE: { kind: 'MFA_ENROL_CODE', firstName: 'Alex', code: '04711296' },
  MFA_ENABLED: { kind: 'MFA_ENABLED', firstName: 'Alex' },
  MFA_RECOVERY_CODE_USED: { kind: 'MFA_RECOVERY_CODE_USED', firstName: 'Alex', remaining: 7 },
  MFA_DISABLED: { kind: 'MFA_DISABLED', firstName: 'Alex' },
  MFA_RESET: { kind: 'MFA_RESET', firstName: 'Alex' },
};
const car = 'Volkswagen ID.4';
const EVENTS: { [T in OrderEvent['type']]: Extract<OrderEvent, { type: T }>[] } = {
  CREATED: [{ type: 'CREATED', car }],
  SIGNED: [
    { type: 'SIGNED', car, approval: 'AUTOMATIC' },
    { type: 'SIGNED', car, approval: 'BY_EMPLOYER' },
  ],
  APPROVAL_REQUIRED: [{ type: 'APPROVAL_REQUIRED', car }],
  APPROVED: [{ type: 'APPROVED', car }],
  READY_TO_ORDER: [{ type: 'READY_TO_ORDER', car }],
  ORDERED: [{ type: 'ORDERED', car }],
  HANDED_OVER: [{ type: 'HANDED_OVER', car }],
  DECLINED_BY_EMPLOYER: [
    { type: 'DECLINED_BY_EMPLOYER', car, reason: 'Budget exhausted' },
    { type: 'DECLINED_BY_EMPLOYER', car, reason: null },
  ],
  DECLINED: [{ type: 'DECLINED', car, reason: 'Model discontinued' }],
  DECLINED_BY_PROVIDER: [{ type: 'DECLINED_BY_PROVIDER', car, reason: 'Model discontinued' }],
  EXPIRED: [{ type: 'EXPIRED', car }],
  BREAKING_CHANGE: [{ type: 'BREAKING_CHANGE', car }],
  CANCELLED: [{ type: 'CANCELLED', car }],
  CANCELLED_BY_EMPLOYEE: [
    { type: 'CANCELLED_BY_EMPLOYEE', car, employeeName: 'Alex Smith', reason: 'Changed my mind' },
    { type: 'CANCELLED_BY_EMPLOYEE', car, employeeName: 'Alex Smith', reason: null },
  ],
  CANCELLATION_WAIVED: [{ type: 'CANCELLATION_WAIVED', car }],
  CANCELLATION_WAIVED_BY_EMPLOYEE: [{ type: 'CANCELLATION_WAIVED_BY_EMPLOYEE', car }],
  DRIVER_CHECKED: [
    { type: 'DRIVER_CHECKED', car, driverName: 'Kim Meyer', approved: true, reason: null },
    { type: 'DRIVER_CHECKED', car, driverName: 'Kim Meyer', approved: false, reason: 'licence_invalid' },
  ],
  CLAIM_REPORTED: [
    { type: 'CLAIM_REPORTED', car, claimNumber: 'S-2026-000042', employeeName: 'Alex Smith', kind: 'ACCIDENT' },
  ],
  CLAIM_UPDATE: [
    {
      type: 'CLAIM_UPDATE',
      car,
      claimNumber: 'S-2026-000042',
      kind: 'GLASS',
      status: 'REPAIRED',
      note: 'Windschutzscheibe getauscht',
      excessCents: 15000,
      excessMonth: '2026-12',
    },
    {
      type: 'CLAIM_UPDATE',
      car,
      claimNumber: 'S-2026-000042',
      kind: 'THEFT',
      status: 'IN_REVIEW',
      note: null,
      excessCents: null,
      excessMonth: null,
    },
  ],
  DELIVERY_WINDOW: [{ type: 'DELIVERY_WINDOW', car, from: '2026-03-05', to: '2026-03-19' }],
  EMPLOYEE_LEAVING: [{ type: 'EMPLOYEE_LEAVING', car, employeeName: 'Alex Smith', leavingDate: '2026-06-30' }],
  ABSENCE: [
    {
      type: 'ABSENCE',
      car,
      change: 'RECORDED',
      employeeName: 'Alex Smith',
      absenceType: 'PARENTAL_LEAVE',
      from: '2026-07-01',
      to: '2026-09-30',
      payer: 'EMPLOYEE_PAYS',
    },
    {
      type: 'ABSENCE',
      car,
      change: 'REMOVED',
      employeeName: 'Alex Smith',
      absenceType: 'SICK_PAY',
      from: '2026-07-01',
      to: null,
      payer: 'RATE_INSURANCE',
    },
  ],
  LEAVING_QUOTE: [
    {
      type: 'LEAVING_QUOTE',
      car,
      employeeName: 'Alex Smith',
      leavingDate: '2026-06-30',
      remainingMonths: 21,
      feeCents: 270_402,
      privateRateCents: 54_321,
    },
  ],
  PACKAGE_CHANGE_REQUESTED: [
    { type: 'PACKAGE_CHANGE_REQUESTED', car, employeeName: 'Alex Smith', fromKm: 10_000, toKm: 15_000 },
  ],
  PACKAGE_CHANGE_DECIDED: [
    {
      type: 'PACKAGE_CHANGE_DECIDED',
      car,
      approved: true,
      toKm: 15_000,
      rateEur: 489.9,
      effectiveMonth: '2027-01',
      note: null,
    },
    {
      type: 'PACKAGE_CHANGE_DECIDED',
      car,
      approved: false,
      toKm: 15_000,
      rateEur: 489.9,
      effectiveMonth: null,
      note: 'Not possible',
    },
  ],
};
const INVOICE: BillingMail = {
  kind: 'INVOICE_ISSUED',
  invoiceNumber: 'RE-2026-000001',
  type: 'INVOICE',
  tenantName: 'Acme Ltd',
  month: '2026-12',
  grossEur: 12_345.67,
  dueDate: '2027-01-15',
  sellerName: 'E-Auto-Leasing GmbH',
};
const CREDIT_NOTE: BillingMail = { ...INVOICE, invoiceNumber: 'GS-2026-000002', type: 'CREDIT_NOTE', grossEur: 98.1 };
const BILLING: { [T in BillingMail['type']]: BillingMail } = { INVOICE, CREDIT_NOTE };
const SAMPLES: MailTemplate[] = [
  ...Object.values(ACCOUNT),
  ...Object.values(EVENTS)
    .flat()
    .map((event): MailTemplate => ({ kind: 'ORDER_UPDATE', firstName: 'Alex', orderId: 4711, link, event })),
  ...Object.values(BILLING),
  { kind: 'DRIVER_LICENCE_CHECK', firstName: 'Alex', employeeName: 'Kim Meyer', car, link },
];
const label = (t: MailTemplate) =>
  t.kind === 'ORDER_UPDATE'
    ? `ORDER_UPDATE ${t.event.type}`
    : t.kind === 'INVOICE_ISSUED'
      ? `${t.kind} ${t.type}`
      : t.kind;

/** Every value a template was given, as the reader should see it in `language`. */
function expectedValues(template: MailTemplate, language: Language): string[] {
  const params: Record<string, unknown> =
    template.kind === 'ORDER_UPDATE' ? { ...template, ...template.event } : { ...template };
  const { date, month, euro } = mailFormat(language);
  if (template.kind === 'INVOICE_ISSUED')
    Object.assign(params, { month: month(template.month), grossEur: euro(template.grossEur) });
  if (template.kind === 'ORDER_UPDATE' && template.event.type === 'CLAIM_UPDATE' && template.event.excessCents !== null)
    Object.assign(params, {
      excessCents: euro(template.event.excessCents / 100),
      excessMonth: month(template.event.excessMonth ?? ''),
    });
  if (template.kind === 'ORDER_UPDATE' && template.event.type === 'PACKAGE_CHANGE_REQUESTED') {
    const km = (n: number) => n.toLocaleString(language === 'de' ? 'de-DE' : 'en-GB');
    Object.assign(params, { fromKm: km(template.event.fromKm), toKm: km(template.event.toKm) });
  }
  if (template.kind === 'ORDER_UPDATE' && template.event.type === 'PACKAGE_CHANGE_DECIDED') {
    const { event } = template;
    Object.assign(params, {
      toKm: event.toKm.toLocaleString(language === 'de' ? 'de-DE' : 'en-GB'),
      // The rate and month are told with an approval only.
      rateEur: event.approved ? euro(event.rateEur) : null,
      effectiveMonth: event.effectiveMonth ? month(event.effectiveMonth) : null,
    });
  }
  return Object.entries(params)
    .filter(
      ([key, value]) =>
        ![
          'kind',
          'type',
          'approval',
          'approved',
          'event',
          'change',
          'absenceType',
          'payer',
          'feeCents',
          'privateRateCents',
          'status',
        ].includes(key) && value !== null,
    )
    .map(([, value]) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? date(value) : String(value)));
}

const UMLAUT = /[äöüÄÖÜß]/;
/** Words that only a German text has; German terms quoted as explanation ("Gehaltsumwandlung") are allowed. */
const GERMAN_WORDS =
  /\b(Hallo|Grüße|Sie|Ihr|Ihre|Ihren|Ihnen|Wir|wir|uns|Bitte|bitte|und|oder|der|die|das|des|den|dem|mit|für|zum|zur|beim|wurde|ist|jetzt|nicht|Bestellung|Vertrag|Arbeitgeber|Fahrzeug|Passwort|Einladung|abgelehnt|freigegeben)\b/;
const withoutQuotes = (text: string) => text.replace(/"[^"]*"/g, '""');

describe('mail templates in German and English', () => {
  it.each(SAMPLES.map((t) => [label(t), t] as const))('%s renders in both languages, every value filled in', (_, t) => {
    const rendered = Languages.map((language) => ({ language, mail: renderMail(t, language) }));
    for (const { language, mail } of rendered) {
      for (const part of [mail.subject, mail.text, mail.html]) {
        expect(part.trim()).not.toBe('');
        expect(part).not.toMatch(/undefined|null|NaN|\[object|\$\{|\{\{/);
      }
      for (const value of expectedValues(t, language))
        expect(`${mail.subject}\n${mail.text}`, `${language}: ${value}`).toContain(value);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.links).toEqual('link' in t || 'resetLink' in t ? [link] : []);
    }
    const [de, en] = rendered.map((r) => r.mail);
    // No template falls back to the other language.
    expect(en?.subject).not.toBe(de?.subject);
    expect(en?.text).not.toBe(de?.text);
  });

  it.each(SAMPLES.map((t) => [label(t), t] as const))('%s in English has no German left over', (_, t) => {
    const mail = renderMail(t, 'en');
    expect(mail.subject).not.toMatch(UMLAUT);
    expect(mail.subject).not.toMatch(GERMAN_WORDS);
    expect(withoutQuotes(mail.text)).not.toMatch(UMLAUT);
    expect(withoutQuotes(mail.text)).not.toMatch(GERMAN_WORDS);
    if (t.kind === 'INVOICE_ISSUED') {
      expect(mail.text).toMatch(/^Dear Sir or Madam,/);
      expect(mail.text).toMatch(/Yours faithfully\nE-Auto-Leasing GmbH$/);
    } else {
      expect(mail.text).toMatch(/^Hello Alex,/);
      expect(mail.text).toMatch(/Kind regards\nYour E-Auto-Leasing team$/);
    }
  });

  it('keeps the German wording, greeting and closing', () => {
    const reset = renderMail(ACCOUNT.PASSWORD_RESET, 'de');
    expect(reset.subject).toBe('Passwort zurücksetzen');
    expect(reset.text).toMatch(/^Hallo Alex,\n\nSie haben angefordert/);
    expect(reset.text).toMatch(/Viele Grüße\nIhr Team von E-Auto-Leasing$/);
    const order = renderMail(
      { kind: 'ORDER_UPDATE', firstName: 'Alex', orderId: 12, link, event: { type: 'APPROVED', car } },
      'de',
    );
    expect(order.subject).toBe('Bestellung 12: Vom Arbeitgeber freigegeben');
    expect(order.html).toContain('>Zur Bestellung</a>');
  });

  it('explains the German legal term where an English reader meets it first', () => {
    expect(renderMail(ACCOUNT.EMAIL_CONFIRM, 'en').text).toContain('salary conversion ("Gehaltsumwandlung"');
    expect(renderMail(ACCOUNT.INVITE, 'en').text).toContain('"Gehaltsumwandlung"');
    const order = renderMail(
      { kind: 'ORDER_UPDATE', firstName: 'Alex', orderId: 12, link, event: { type: 'CREATED', car } },
      'en',
    );
    expect(order.subject).toBe('Order 12: Order placed');
    expect(order.text).toContain('transfer contract ("Überlassungsvertrag"');
    expect(order.html).toContain('>View order</a>');
  });

  it('writes dates as the web does: de-DE and en-GB, day before month', () => {
    const window = EVENTS.DELIVERY_WINDOW[0]!;
    const mail = (language: Language) =>
      renderMail({ kind: 'ORDER_UPDATE', firstName: 'Alex', orderId: 1, link, event: window }, language).text;
    expect(mail('de')).toContain('zwischen dem 05.03.2026 und dem 19.03.2026 geliefert');
    expect(mail('en')).toContain('between 05/03/2026 and 19/03/2026.');
    // A calendar date stays on its day whatever the server's time zone.
    expect(mailFormat('en').date('2026-12-31')).toBe('31/12/2026');
    expect(mailFormat('de').date('2026-01-01')).toBe('01.01.2026');
  });

  it('writes the e-invoice mail as a letter to the billing address, the XML named as the document that counts', () => {
    const de = renderMail(INVOICE, 'de');
    expect(de.subject).toBe('Rechnung RE-2026-000001 für Dezember 2026 – E-Auto-Leasing GmbH');
    expect(de.text).toBe(
      [
        'Sehr geehrte Damen und Herren,',
        '',
        'anbei erhalten Sie unsere Rechnung RE-2026-000001 an Acme Ltd für Dezember 2026.',
        '',
        'Der Rechnungsbetrag von 12.345,67\u00a0€ (brutto) ist bis zum 15.01.2027 fällig.',
        '',
        'Die E-Rechnung im Anhang (XML-Datei) ist das maßgebliche Dokument; die PDF-Datei dient der Ansicht.',
        '',
        'Mit freundlichen Grüßen',
        'E-Auto-Leasing GmbH',
      ].join('\n'),
    );
    expect(de.links).toEqual([]);
    expect(de.html).toContain('<p>Mit freundlichen Grüßen<br>E-Auto-Leasing GmbH</p>');

    const en = renderMail(INVOICE, 'en');
    expect(en.subject).toBe('Invoice RE-2026-000001 for December 2026 – E-Auto-Leasing GmbH');
    expect(en.text).toContain('Please find attached our invoice RE-2026-000001 to Acme Ltd for December 2026.');
    expect(en.text).toContain('The invoice total of €12,345.67 (gross) is due by 15/01/2027.');
    expect(en.text).toContain('The attached e-invoice (XML file) is the authoritative document');
  });

  it('words a credit note as one, with the amount credited whatever its sign', () => {
    const de = renderMail(CREDIT_NOTE, 'de');
    expect(de.subject).toBe('Gutschrift GS-2026-000002 für Dezember 2026 – E-Auto-Leasing GmbH');
    expect(de.text).toContain('anbei erhalten Sie unsere Gutschrift GS-2026-000002 an Acme Ltd für Dezember 2026.');
    expect(de.text).toContain(
      'Der Betrag der Gutschrift von 98,10\u00a0€ (brutto) wird Ihnen zum 15.01.2027 gutgeschrieben.',
    );
    expect(de.text).toContain('Die elektronische Gutschrift im Anhang (XML-Datei) ist das maßgebliche Dokument');
    expect(de.text).not.toMatch(/Rechnungsbetrag|fällig/);
    const en = renderMail({ ...CREDIT_NOTE, grossEur: -98.1 }, 'en');
    expect(en.subject).toBe('Credit note GS-2026-000002 for December 2026 – E-Auto-Leasing GmbH');
    expect(en.text).toContain('The amount of €98.10 (gross) will be credited to you on 15/01/2027.');
    expect(en.text).not.toContain('-€');
  });

  it('writes months as the reader says them', () => {
    expect(mailFormat('de').month('2026-03')).toBe('März 2026');
    expect(mailFormat('en').month('2026-03')).toBe('March 2026');
    expect(mailFormat('de').month('März')).toBe('März');
  });

  it('escapes values in the HTML part in both languages', () => {
    for (const language of Languages) {
      const mail = renderMail({ ...ACCOUNT.INVITE, firstName: 'Max <b>', tenantName: 'A & "B"' }, language);
      expect(mail.html).toContain('Max &lt;b&gt;');
      expect(mail.html).toContain('A &amp; &quot;B&quot;');
      expect(mail.html).not.toContain('<b>');
    }
  });
});
