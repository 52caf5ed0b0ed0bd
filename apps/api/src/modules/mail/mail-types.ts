/**
 * The shapes of every mail: what a template takes, what one language's text says, what a rendered
 * mail is. The text tables (`account-mails.ts`, `order-mails.ts`) and the renderer (`templates.ts`)
 * all build on these, so none of them needs another's module for its types.
 */
import type { AbsencePayerRule, AbsenceType, ClaimKind, ClaimStatus, Language } from '@leasing/contract';

import type { MailFormat } from './mail-format.js';

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
  /** A person the employer's directory provisioned where the employer signs in with its own accounts (SSO, ADR 0060). */
  | { kind: 'SSO_WELCOME'; firstName: string; tenantName: string; link: string }
  | { kind: 'EMAIL_CHANGE_CONFIRM'; firstName: string; link: string }
  | { kind: 'EMAIL_CHANGE_NOTICE'; firstName: string }
  | { kind: 'EMAIL_CHANGED'; firstName: string }
  | { kind: 'PASSWORD_CHANGED'; firstName: string }
  | { kind: 'MFA_ENROL_CODE'; firstName: string; code: string }
  | { kind: 'MFA_ENABLED'; firstName: string }
  | { kind: 'MFA_RECOVERY_CODE_USED'; firstName: string; remaining: number }
  | { kind: 'MFA_DISABLED'; firstName: string }
  | { kind: 'MFA_RESET'; firstName: string };

/** What happened in an order's life; `car` is the vehicle's title ("Volkswagen ID.4"). */
export type OrderEvent =
  /** To the employee: the order exists, the employee's steps are next. */
  | { type: 'CREATED'; car: string }
  /** To the employee after signing: approved by the programme policy, or the employer approves next. */
  | { type: 'SIGNED'; car: string; approval: 'AUTOMATIC' | 'BY_EMPLOYER' }
  /** To the employer's HR admins. */
  | { type: 'APPROVAL_REQUIRED'; car: string }
  /** To the employee. */
  | { type: 'APPROVED'; car: string }
  /** To the provider's admins. */
  | { type: 'READY_TO_ORDER'; car: string }
  /** To the employee. */
  | { type: 'ORDERED'; car: string }
  | { type: 'HANDED_OVER'; car: string }
  | { type: 'DECLINED_BY_EMPLOYER'; car: string; reason: string | null }
  /** To the employee when the provider declined. */
  | { type: 'DECLINED'; car: string; reason: string | null }
  /** To the employer's HR admins when the provider declined. */
  | { type: 'DECLINED_BY_PROVIDER'; car: string; reason: string | null }
  | { type: 'EXPIRED'; car: string }
  | { type: 'BREAKING_CHANGE'; car: string }
  /** The employee cancelled within the week to cancel: their confirmation. */
  | { type: 'CANCELLED'; car: string }
  /** The same to the employer's HR and the provider's admins, with the employee's reason. */
  | { type: 'CANCELLED_BY_EMPLOYEE'; car: string; employeeName: string; reason: string | null }
  /** The employee gave up the week to cancel: their confirmation. */
  | { type: 'CANCELLATION_WAIVED'; car: string }
  /** The same to the provider's admins: the car can be ordered now. */
  | { type: 'CANCELLATION_WAIVED_BY_EMPLOYEE'; car: string }
  /** To the employee: an additional driver's licence check ended (approved: insured from now on). */
  | { type: 'DRIVER_CHECKED'; car: string; driverName: string; approved: boolean; reason: string | null }
  /** To the provider's admins: a damage, accident or theft was reported (claim-mails.ts). */
  | { type: 'CLAIM_REPORTED'; car: string; claimNumber: string; employeeName: string; kind: ClaimKind }
  /** To the employee: their claim was received, moved on, or its excess decided (cents; `YYYY-MM`). */
  | {
      type: 'CLAIM_UPDATE';
      car: string;
      claimNumber: string;
      kind: ClaimKind;
      status: ClaimStatus;
      note: string | null;
      excessCents: number | null;
      excessMonth: string | null;
    }
  /** To the provider's admins: a larger kilometre package was asked for (package-change-mails.ts). */
  | { type: 'PACKAGE_CHANGE_REQUESTED'; car: string; employeeName: string; fromKm: number; toKm: number }
  /** To the employee: the provider decided; approved from `effectiveMonth` (`YYYY-MM`) at the new rate (euros). */
  | {
      type: 'PACKAGE_CHANGE_DECIDED';
      car: string;
      approved: boolean;
      toKm: number;
      rateEur: number;
      effectiveMonth: string | null;
      note: string | null;
    }
  /** To the employee; ISO dates. */
  | { type: 'DELIVERY_WINDOW'; car: string; from: string; to: string }
  /** To the provider's admins; ISO date. */
  | { type: 'EMPLOYEE_LEAVING'; car: string; employeeName: string; leavingDate: string }
  /** To the person and the provider's admins: an absence without pay recorded, moved or removed (lease-life-mails.ts). */
  | {
      type: 'ABSENCE';
      car: string;
      change: 'RECORDED' | 'CHANGED' | 'REMOVED';
      employeeName: string;
      absenceType: AbsenceType;
      from: string;
      to: string | null;
      payer: AbsencePayerRule;
    }
  /** To the person and the provider's admins: a leaving date with the termination quote (cents). */
  | {
      type: 'LEAVING_QUOTE';
      car: string;
      employeeName: string;
      leavingDate: string;
      remainingMonths: number;
      feeCents: number;
      privateRateCents: number;
    };

/** A change in an order's life, told to the employee or to the admins (the event says which). */
export interface OrderMail {
  kind: 'ORDER_UPDATE';
  firstName: string;
  orderId: number;
  link: string;
  event: OrderEvent;
}

/** What happens at a lease's end (modules/lease-end); amounts in cents, dates ISO. */
export type LeaseEndEvent =
  /** To the employee and the employer's HR admins. */
  | { type: 'RETURNED'; car: string; personName: string; returnedOn: string; totalCents: number; payrollMonth: string }
  /** To the employer's HR admins: a total loss or theft ended the lease on that day (ADR 0056). */
  | { type: 'ENDED_BY_LOSS'; car: string; personName: string; endedOn: string; claimNumber: string; theft: boolean }
  | { type: 'NEXT_CAR'; car: string; endsOn: string }
  | { type: 'RETURN_APPOINTMENT'; car: string; date: string; place: string }
  /** To the provider's admins three months before the end, while no appointment is set. */
  | { type: 'RETURN_DUE'; car: string; endsOn: string }
  | { type: 'LICENCE_CHECK'; dueOn: string; dueToday: boolean };

export interface LeaseEndMail {
  kind: 'LEASE_END';
  firstName: string;
  orderId: number;
  link: string;
  event: LeaseEndEvent;
}

/**
 * The provider's monthly e-invoice (or credit note) to an employer's billing address, the invoice's
 * XML and PDF attached by the sender. `month` is `YYYY-MM`, `dueDate` ISO, `grossEur` in euros.
 */
export interface BillingMail {
  kind: 'INVOICE_ISSUED';
  invoiceNumber: string;
  type: 'INVOICE' | 'CREDIT_NOTE';
  tenantName: string;
  month: string;
  grossEur: number;
  dueDate: string;
  sellerName: string;
  /**
   * Set when the documents are too large for a mail (over 10 MB together): the mail then carries no
   * files and this link to the employer portal's invoices, where HR downloads them.
   */
  portalLink?: string;
}

/** To an additional driver (no user of the platform): the link to their driving-licence check. */
export interface DriverMail {
  kind: 'DRIVER_LICENCE_CHECK';
  firstName: string;
  employeeName: string;
  car: string;
  link: string;
}

/**
 * To the employer's HR admins: a webhook endpoint got no delivery through for 24 hours and is sent
 * nothing more until HR switches it on again (modules/webhooks, ADR 0059). `host` only: the URL's
 * path may carry a token. `since`: the ISO day the failing deliveries began.
 */
export interface WebhookMail {
  kind: 'WEBHOOK_FAILING';
  firstName: string;
  host: string;
  since: string;
  link: string;
}

export type MailTemplate = AccountMail | OrderMail | LeaseEndMail | BillingMail | DriverMail | WebhookMail;

/** A file sent with a mail (`enqueueMail`'s `attachments`): at most 10 MB together per mail. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What one mail says in one language; the layout adds greeting, link and closing. */
export interface MailText {
  subject: string;
  paragraphs: string[];
  action?: { link: string; label: string };
  /**
   * A business letter to an address with no person behind it (an employer's billing address): the
   * formal salutation and closing, signed by `signature` (the seller) instead of the platform's team.
   */
  letter?: { signature: string };
}

/** One mail's text in every language: leaving a language out is a type error. */
export type InEveryLanguage<Params> = {
  readonly [L in Language]: (params: Params, format: MailFormat) => MailText;
};
