import { z } from 'zod/mini';

import { EmailSchema } from './account.js';
import { pageNumberField, pageOf, pageSizeField } from './paging.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * The provider's billing (docs/decisions/0052-e-invoices.md): its own billing master data, each
 * employer's billing data, the monthly collective invoices as e-invoices (EN 16931: XRechnung UBL or
 * CII, ZUGFeRD), credit notes and the DATEV export.
 */

const text = (max: number) =>
  z
    .string({ error: msg.required })
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid));

const optionalText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid))));

/** ISO 3166-1 alpha-2; the invoices are German, other countries are accepted for the address. */
const CountryCodeSchema = z
  .string({ error: msg.required })
  .check(
    z.trim(),
    z.toUpperCase(),
    z.regex(/^[A-Z]{2}$/, 'Bitte einen Ländercode mit zwei Buchstaben angeben (z. B. DE).'),
  );

/** A German postcode for a German address, else up to 10 letters, digits, spaces or hyphens. */
const PostcodeSchema = z
  .string({ error: msg.required })
  .check(z.trim(), z.regex(/^[0-9A-Za-z -]{3,10}$/, msg.postcode));

// ---------------------------------------------------------------------------------------------
// Identifiers with a check digit

/**
 * The Leitweg-ID of a German public buyer (KoSIT, "Format-Spezifikation Leitweg-ID" 2.0.2): the
 * coarse address (2 to 12 digits, the first two the federal state or 99 for the federation), an
 * optional fine address (up to 30 letters or digits), and two check digits by ISO/IEC 7064
 * MOD 97-10 over both, letters counted A = 10 … Z = 35, as for an IBAN.
 */
export const LEITWEG_ID_FORMAT = /^([0-9]{2,12})(?:-([0-9A-Z]{1,30}))?-([0-9]{2})$/;

export function leitwegIdCheckDigits(coarse: string, fine = ''): string {
  const digits = [...`${coarse}${fine}`.toUpperCase()]
    .map((c) => (c >= '0' && c <= '9' ? c : String(c.charCodeAt(0) - 55)))
    .join('');
  let rest = 0;
  for (const digit of `${digits}00`) rest = (rest * 10 + Number(digit)) % 97;
  return String(98 - rest).padStart(2, '0');
}

export function isValidLeitwegId(value: string): boolean {
  const match = LEITWEG_ID_FORMAT.exec(value.toUpperCase());
  if (!match) return false;
  const [, coarse = '', fine = '', check] = match;
  return leitwegIdCheckDigits(coarse, fine) === check;
}

/** ISO 13616 IBAN: country, two check digits (MOD 97-10 over the rearranged number), up to 30 more. */
export function isValidIban(value: string): boolean {
  const iban = value.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}[0-9]{2}[0-9A-Z]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('DE') && iban.length !== 22) return false;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`;
  let rest = 0;
  for (const c of rearranged) {
    const digits = c >= '0' && c <= '9' ? c : String(c.charCodeAt(0) - 55);
    for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

/** A VAT identification number: country prefix and 2 to 13 letters or digits (DE: 9 digits). */
export function isValidVatId(value: string): boolean {
  const id = value.replace(/\s+/g, '').toUpperCase();
  if (id.startsWith('DE')) return /^DE[0-9]{9}$/.test(id);
  return /^[A-Z]{2}[0-9A-Z+*.]{2,13}$/.test(id);
}

const IbanSchema = z.string({ error: msg.required }).check(
  z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()),
  z.refine(isValidIban, 'Die IBAN ist ungültig (Länge oder Prüfziffer).'),
);

const BicSchema = z.optional(
  z.nullable(
    z.string().check(
      z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()),
      z.regex(/^([A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?)?$/, 'Die BIC ist ungültig (8 oder 11 Zeichen).'),
    ),
  ),
);

const VatIdSchema = z.optional(
  z.nullable(
    z.string().check(
      z.overwrite((v) => v.replace(/\s+/g, '').toUpperCase()),
      z.refine((v) => v === '' || isValidVatId(v), 'Die USt-IdNr. ist ungültig (z. B. DE123456789).'),
    ),
  ),
);

/** A DATEV account number (SKR03/SKR04: 4 digits; debtors 5 to 9). */
const AccountNumberSchema = z.string({ error: msg.required }).check(z.trim(), z.regex(/^[0-9]{4,9}$/, msg.invalid));

// ---------------------------------------------------------------------------------------------
// The provider's billing profile

/** `GET/PUT /v1/provider/billing-profile`: who issues the invoices and how they are paid. */
export const BillingProfileSchema = z.strictObject({
  legalName: text(200),
  street: text(200),
  streetNumber: text(20),
  postcode: PostcodeSchema,
  place: text(200),
  countryCode: CountryCodeSchema,
  vatId: VatIdSchema,
  /** The seller's tax number (Steuernummer, BT-32) where there is no VAT id, or beside it. */
  taxNumber: optionalText(30),
  iban: IbanSchema,
  bic: BicSchema,
  /** The bank's name for the PDF (the XML needs only IBAN and BIC). */
  bankName: optionalText(100),
  contactName: text(100),
  contactPhone: z
    .string({ error: msg.required })
    .check(
      z.trim(),
      z.regex(/^\+?[0-9 ()/-]{6,30}$/, 'Bitte eine Telefonnummer angeben (Ziffern, Leerzeichen, + / - ( )).'),
    ),
  contactEmail: EmailSchema,
  /** The invoice numbers' prefix: `{prefix}-{YYYY}-{NNNNNN}`. */
  invoicePrefix: z
    .string({ error: msg.required })
    .check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{1,10}$/, 'Bitte 1 bis 10 Buchstaben oder Ziffern angeben.')),
  /** Days from the issue date to the due date. */
  paymentTermsDays: z.number({ error: msg.required }).check(z.int(), z.gte(0, msg.min(0)), z.lte(120, msg.max(120))),
  /** DATEV: the revenue account of the leasing rates (SKR03 8400: revenue at 19 %, an automatic account). */
  datevRevenueAccount: AccountNumberSchema,
  /** DATEV: the debtor account the employers are booked on when an employer has none of its own. */
  datevDebtorAccount: AccountNumberSchema,
  /** DATEV: the tax key (BU-Schlüssel) of a booking; empty for an automatic revenue account. */
  datevTaxKey: z.optional(z.nullable(z.string().check(z.trim(), z.regex(/^[0-9]{0,4}$/, msg.invalid)))),
  /** DATEV header: consultant and client number (Berater-/Mandantennummer). */
  datevConsultantNumber: z.string({ error: msg.required }).check(z.trim(), z.regex(/^[0-9]{4,7}$/, msg.invalid)),
  datevClientNumber: z.string({ error: msg.required }).check(z.trim(), z.regex(/^[0-9]{1,5}$/, msg.invalid)),
});
export type BillingProfile = z.infer<typeof BillingProfileSchema>;

// ---------------------------------------------------------------------------------------------
// An employer's billing data

export const InvoiceFormats = ['XRECHNUNG_UBL', 'XRECHNUNG_CII', 'ZUGFERD_EN16931'] as const;
export type InvoiceFormat = (typeof InvoiceFormats)[number];

const TenantBillingFieldsSchema = z.strictObject({
  billingEmail: EmailSchema,
  street: text(200),
  streetNumber: text(20),
  postcode: PostcodeSchema,
  place: text(200),
  countryCode: CountryCodeSchema,
  vatId: VatIdSchema,
  /** BT-10 for a buyer that is not a public body (its order or cost-centre reference). */
  buyerReference: optionalText(100),
  isPublicBody: z.boolean({ error: msg.required }),
  leitwegId: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.toUpperCase(),
        z.refine(
          (v) => v === '' || isValidLeitwegId(v),
          'Die Leitweg-ID ist ungültig (Aufbau 04011000-12345-03, Prüfziffer nach ISO 7064).',
        ),
      ),
    ),
  ),
  format: z._default(z.enum(InvoiceFormats), 'XRECHNUNG_UBL'),
  /** DATEV: the employer's own debtor account (else the profile's). */
  datevDebtorAccount: z.optional(z.nullable(z.string().check(z.trim(), z.regex(/^([0-9]{4,9})?$/, msg.invalid)))),
});

/**
 * `PUT /v1/provider/tenants/{tenantId}/billing`. A public body may be saved before its Leitweg-ID is
 * known (the run then skips it with that reason); a Leitweg-ID given is checked on input.
 */
export const TenantBillingSchema = TenantBillingFieldsSchema;
export type TenantBilling = z.infer<typeof TenantBillingSchema>;

/** What the provider and HR read back (null: nothing saved yet). */
export const TenantBillingAnswerSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  billing: z.nullable(z.object(TenantBillingFieldsSchema.shape)),
});
export type TenantBillingAnswer = z.infer<typeof TenantBillingAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Invoices

export const InvoiceMonthSchema = z
  .string({ error: msg.required })
  .check(z.regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, 'Bitte einen Monat im Format JJJJ-MM angeben.'));

/**
 * `POST /v1/provider/invoices/run`. `runId` (a UUID the client makes up): the run's progress can be
 * read under it at `GET /v1/provider/invoices/runs/{runId}` while the request is still working.
 */
export const InvoiceRunRequestSchema = z.strictObject({ month: InvoiceMonthSchema, runId: z.optional(z.uuid()) });
export type InvoiceRunRequest = z.infer<typeof InvoiceRunRequestSchema>;

export const InvoiceTypes = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceType = (typeof InvoiceTypes)[number];

/** ISSUED: in force; CREDITED: an invoice a credit note has cancelled (the document itself never changes). */
export const InvoiceStatuses = ['ISSUED', 'CREDITED'] as const;
export type InvoiceStatus = (typeof InvoiceStatuses)[number];

export const InvoiceLineSchema = z.object({
  orderId: z.nullable(z.number()),
  description: z.string(),
  quantity: z.number(),
  /** UN/ECE Rec. 20: MON (a month), DAY, C62 (one piece: a settlement, a fee). */
  unitCode: z.string(),
  netEur: z.number(),
  periodStart: z.nullable(z.string()),
  periodEnd: z.nullable(z.string()),
});
export type InvoiceLine = z.infer<typeof InvoiceLineSchema>;

export const InvoiceSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  type: z.enum(InvoiceTypes),
  tenantId: z.string(),
  tenantName: z.string(),
  month: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  netEur: z.number(),
  vatEur: z.number(),
  grossEur: z.number(),
  status: z.enum(InvoiceStatuses),
  format: z.enum(InvoiceFormats),
  /** When the invoice went to the employer's billing address (null: not yet). */
  mailedAt: z.nullable(z.string()),
  /**
   * Whether that mail carried the XML and the PDF (false: together over 10 MB, the mail pointed to
   * the employer portal's invoices instead; null: not mailed yet).
   */
  mailedWithFiles: z.nullable(z.boolean()),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceDetailSchema = z.object({
  ...InvoiceSummarySchema.shape,
  lines: z.array(InvoiceLineSchema),
  /** A credit note: the invoice it corrects (BT-25). */
  creditNoteOf: z.optional(z.object({ id: z.string(), number: z.string() })),
  /** An invoice: the credit note that cancelled it. */
  creditedBy: z.optional(z.object({ id: z.string(), number: z.string() })),
  reason: z.nullable(z.string()),
  xmlSha256: z.string(),
  pdfSha256: z.string(),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetailSchema>;

export const InvoiceListQuerySchema = z.strictObject({
  month: z.optional(InvoiceMonthSchema),
  tenantId: z.optional(z.uuid()),
  status: z.optional(z.enum(InvoiceStatuses)),
  page: pageNumberField(),
  pageSize: pageSizeField(100, 25),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

export const InvoicePageSchema = pageOf(InvoiceSummarySchema);
export type InvoicePage = z.infer<typeof InvoicePageSchema>;

export const InvoiceIdParamsSchema = z.object({ id: z.uuid() });

/** Why an employer was not invoiced in a run. */
export const InvoiceSkipReasons = ['NO_BILLING_DATA', 'LEITWEG_ID_MISSING', 'NOTHING_TO_BILL', 'CHECK_FAILED'] as const;

export const InvoiceRunAnswerSchema = z.object({
  month: z.string(),
  created: z.array(InvoiceSummarySchema),
  /** Invoices of the month issued before (a second run answers them again and creates nothing). */
  existing: z.array(InvoiceSummarySchema),
  skipped: z.array(
    z.object({ tenantId: z.string(), tenantName: z.string(), reason: z.enum(InvoiceSkipReasons), message: z.string() }),
  ),
});
export type InvoiceRunAnswer = z.infer<typeof InvoiceRunAnswerSchema>;

/**
 * RUNNING: at work; FINISHED: `answer` is what the run's request answered; FAILED: stopped by an
 * error (what was issued stays issued, a new run goes on from there); INTERRUPTED: no word for
 * minutes, its instance went away.
 */
export const InvoiceRunStatuses = ['RUNNING', 'FINISHED', 'FAILED', 'INTERRUPTED'] as const;
export type InvoiceRunStatus = (typeof InvoiceRunStatuses)[number];

export const InvoiceRunIdParamsSchema = z.object({ runId: z.uuid() });

/** `GET /v1/provider/invoices/runs/{runId}`: how far a run has come. */
export const InvoiceRunProgressSchema = z.object({
  runId: z.string(),
  month: z.string(),
  status: z.enum(InvoiceRunStatuses),
  /** Employers this run has to look at (those of the month not invoiced yet); null while they are counted. */
  employersTotal: z.nullable(z.number()),
  employersDone: z.number(),
  createdCount: z.number(),
  skippedCount: z.number(),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  answer: z.nullable(InvoiceRunAnswerSchema),
});
export type InvoiceRunProgress = z.infer<typeof InvoiceRunProgressSchema>;

/** `POST /v1/provider/invoices/{id}/credit-note`. */
export const CreditNoteRequestSchema = z.strictObject({ reason: text(500) });

export const InvoiceExportQuerySchema = z.strictObject({ month: InvoiceMonthSchema });
