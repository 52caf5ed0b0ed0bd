import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { bytea, tenants } from './schema.js';

/**
 * The provider's billing (migration 0039, ADR 0052): its billing profile, each employer's billing
 * data, the invoice numbers' counters and the invoices with their lines and issued documents.
 * Invoices and their lines are documents of record: the migration refuses every UPDATE and DELETE
 * of them (GoBD), a correction is a credit note. Row-level security: the profile and the counters
 * are the platform's and the provider's; an employer's billing data and invoices are also readable
 * by its own HR.
 */

/** One row: the seller of every invoice. (owner: billing) */
export const billingProfile = pgTable(
  'billing_profile',
  {
    id: smallint('id').primaryKey().default(1),
    profile: jsonb('profile').notNull(),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('billing_profile_single_row', sql`${t.id} = 1`)],
);

/** An employer's billing address, buyer reference or Leitweg-ID and e-invoice format. (owner: billing) */
export const tenantBilling = pgTable('tenant_billing', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  billing: jsonb('billing').notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last number given per prefix and year: taken in the invoice's own transaction, so gapless. (owner: billing) */
export const invoiceNumberCounters = pgTable(
  'invoice_number_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

/** An issued invoice or credit note, as issued. Never updated nor deleted. (owner: billing) */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique(),
    type: text('type', { enum: ['INVOICE', 'CREDIT_NOTE'] }).notNull(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    month: text('month').notNull(),
    issueDate: text('issue_date').notNull(),
    dueDate: text('due_date').notNull(),
    netCents: integer('net_cents').notNull(),
    vatCents: integer('vat_cents').notNull(),
    grossCents: integer('gross_cents').notNull(),
    format: text('format', { enum: ['XRECHNUNG_UBL', 'XRECHNUNG_CII', 'ZUGFERD_EN16931'] }).notNull(),
    /** A credit note: the invoice it cancels (BT-25). */
    creditNoteOf: uuid('credit_note_of'),
    reason: text('reason'),
    /** Seller and buyer as invoiced (the master data may change later; the invoice does not). */
    parties: jsonb('parties').notNull(),
    xml: bytea('xml').notNull(),
    xmlSha256: text('xml_sha256').notNull(),
    pdf: bytea('pdf').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    issuedBy: uuid('issued_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invoices_month_idx').on(t.month, t.tenantId),
    index('invoices_tenant_idx').on(t.tenantId, t.createdAt),
    // One credit note per invoice: a second would cancel it twice.
    uniqueIndex('invoices_credit_note_of_unique').on(t.creditNoteOf),
    check('invoices_type_check', sql`${t.type} IN ('INVOICE', 'CREDIT_NOTE')`),
    check('invoices_credit_note_check', sql`(${t.type} = 'CREDIT_NOTE') = (${t.creditNoteOf} IS NOT NULL)`),
  ],
);

/** The lines of an invoice in their order. (owner: billing) */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    position: integer('position').notNull(),
    orderId: integer('order_id'),
    kind: text('kind', { enum: ['RATE', 'SETTLEMENT', 'TERMINATION_FEE'] }).notNull(),
    description: text('description').notNull(),
    /** Thousandths of the unit (1000 = 1 month), as EN 16931's quantities carry decimals. */
    quantityMilli: integer('quantity_milli').notNull(),
    unitCode: text('unit_code').notNull(),
    netCents: integer('net_cents').notNull(),
    periodStart: text('period_start'),
    periodEnd: text('period_end'),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.position] }), index('invoice_lines_order_idx').on(t.orderId)],
);

/** When an invoice's mail was queued (kept apart: the invoice row never changes). (owner: billing) */
export const invoiceMailings = pgTable('invoice_mailings', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id),
  sentTo: text('sent_to').notNull(),
  /** False: too large for a mail, which then pointed to the employer's portal instead (ADR 0052). */
  attached: boolean('attached').notNull().default(true),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How far an invoice run has come, written as it goes (migration 0049): the provider's screen reads
 * it from any instance while the run's request works. Kept 90 days. (owner: billing)
 */
export const invoiceRuns = pgTable(
  'invoice_runs',
  {
    id: uuid('id').primaryKey(),
    month: text('month').notNull(),
    status: text('status', { enum: ['RUNNING', 'FINISHED', 'FAILED'] }).notNull().default('RUNNING'),
    employersTotal: integer('employers_total'),
    employersDone: integer('employers_done').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    answer: jsonb('answer'),
    startedBy: uuid('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('invoice_runs_started_idx').on(t.startedAt),
    check('invoice_runs_status_check', sql`${t.status} IN ('RUNNING', 'FINISHED', 'FAILED')`),
  ],
);
