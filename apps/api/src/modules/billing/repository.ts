import type { BillingProfile, InvoiceFormat, InvoiceStatus, TenantBilling } from '@leasing/contract';
import { and, count, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Database } from '../../db/client.js';
import {
  billingProfile,
  invoiceLines,
  invoiceMailings,
  invoiceNumberCounters,
  invoices,
  tenantBilling,
} from '../../db/schema-billing.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;

export async function readProfile(db: Database): Promise<BillingProfile | null> {
  const [row] = await db.select({ profile: billingProfile.profile }).from(billingProfile).where(eq(billingProfile.id, 1));
  return (row?.profile as BillingProfile | undefined) ?? null;
}

export async function writeProfile(db: Database, profile: BillingProfile, by: string | null, at: Date): Promise<void> {
  await db
    .insert(billingProfile)
    .values({ id: 1, profile, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({ target: billingProfile.id, set: { profile, updatedBy: by, updatedAt: at } });
}

export async function readTenantBilling(db: Database, tenantIds: readonly string[]): Promise<Map<string, TenantBilling>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .select({ tenantId: tenantBilling.tenantId, billing: tenantBilling.billing })
    .from(tenantBilling)
    .where(inArray(tenantBilling.tenantId, [...tenantIds]));
  return new Map(rows.map((r) => [r.tenantId, r.billing as TenantBilling]));
}

export async function writeTenantBilling(
  db: Database,
  tenantId: string,
  billing: TenantBilling,
  by: string | null,
  at: Date,
): Promise<void> {
  await db
    .insert(tenantBilling)
    .values({ tenantId, billing, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({ target: tenantBilling.tenantId, set: { billing, updatedBy: by, updatedAt: at } });
}

/**
 * The next number of the prefix's year, taken in the caller's transaction: the counter row stays
 * locked until it commits, so a second instance waits, and a rollback gives the number back (gapless).
 */
export async function takeInvoiceNumber(tx: Database, prefix: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceNumberCounters)
    .values({ prefix, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.prefix, invoiceNumberCounters.year],
      set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber });
  if (!row) throw new Error('invoice number counter not written');
  return row.lastNumber;
}

/** The counter's last number as committed (0: none yet), read without a lock: a guess to draw with. */
export async function lastInvoiceNumber(db: Database, prefix: string, year: number): Promise<number> {
  const [row] = await db
    .select({ lastNumber: invoiceNumberCounters.lastNumber })
    .from(invoiceNumberCounters)
    .where(and(eq(invoiceNumberCounters.prefix, prefix), eq(invoiceNumberCounters.year, year)));
  return row?.lastNumber ?? 0;
}

/** Locks the prefix's counter of the year without taking a number (the row is made at 0 if new). */
export async function lockInvoiceNumbers(tx: Database, prefix: string, year: number): Promise<void> {
  await tx
    .insert(invoiceNumberCounters)
    .values({ prefix, year, lastNumber: 0 })
    .onConflictDoUpdate({
      target: [invoiceNumberCounters.prefix, invoiceNumberCounters.year],
      set: { lastNumber: sql`${invoiceNumberCounters.lastNumber}` },
    });
}

const creditNotes = alias(invoices, 'credit_notes');

/** The employer's invoice of the month that no credit note cancelled, if any. */
export async function activeInvoiceOf(db: Database, tenantId: string, month: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select({ invoice: invoices })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditNoteOf, invoices.id))
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.month, month),
        eq(invoices.type, 'INVOICE'),
        sql`${creditNotes.id} is null`,
      ),
    )
    .limit(1);
  return row?.invoice;
}

/** The employers of a month that already have an invoice in force (or, `includeCredited`, had one). */
export async function tenantsInvoicedIn(
  db: Database,
  month: string,
  options: { includeCredited?: boolean } = {},
): Promise<Set<string>> {
  const rows = await db
    .select({ tenantId: invoices.tenantId })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditNoteOf, invoices.id))
    .where(
      and(
        eq(invoices.month, month),
        eq(invoices.type, 'INVOICE'),
        options.includeCredited ? undefined : sql`${creditNotes.id} is null`,
      ),
    );
  return new Set(rows.map((r) => r.tenantId));
}

export async function insertInvoice(
  tx: Database,
  invoice: typeof invoices.$inferInsert,
  lines: Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>[],
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(invoice).returning();
  if (!row) throw new Error('invoice not written');
  for (let i = 0; i < lines.length; i += 2_000) {
    await tx.insert(invoiceLines).values(lines.slice(i, i + 2_000).map((line) => ({ ...line, invoiceId: row.id })));
  }
  return row;
}

/** A summary row: the invoice without its documents, with its employer's credit note and mailing. */
const summaryColumns = {
  id: invoices.id,
  number: invoices.number,
  type: invoices.type,
  tenantId: invoices.tenantId,
  month: invoices.month,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  netCents: invoices.netCents,
  vatCents: invoices.vatCents,
  grossCents: invoices.grossCents,
  format: invoices.format,
  creditNoteOf: invoices.creditNoteOf,
  reason: invoices.reason,
  parties: invoices.parties,
  xmlSha256: invoices.xmlSha256,
  pdfSha256: invoices.pdfSha256,
  createdAt: invoices.createdAt,
  creditedById: creditNotes.id,
  creditedByNumber: creditNotes.number,
  mailedAt: invoiceMailings.queuedAt,
  mailedWithFiles: invoiceMailings.attached,
};

export type InvoiceSummaryRow = {
  id: string;
  number: string;
  type: 'INVOICE' | 'CREDIT_NOTE';
  tenantId: string;
  month: string;
  issueDate: string;
  dueDate: string;
  netCents: number;
  vatCents: number;
  grossCents: number;
  format: InvoiceFormat;
  creditNoteOf: string | null;
  reason: string | null;
  parties: unknown;
  xmlSha256: string;
  pdfSha256: string;
  createdAt: Date;
  creditedById: string | null;
  creditedByNumber: string | null;
  mailedAt: Date | null;
  mailedWithFiles: boolean | null;
};

export interface InvoiceFilter {
  tenantId?: string | undefined;
  month?: string | undefined;
  status?: InvoiceStatus | undefined;
  ids?: readonly string[];
}

function filterConditions(filter: InvoiceFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.tenantId) conditions.push(eq(invoices.tenantId, filter.tenantId));
  if (filter.month) conditions.push(eq(invoices.month, filter.month));
  if (filter.ids) conditions.push(inArray(invoices.id, [...filter.ids]));
  if (filter.status === 'CREDITED') conditions.push(isNotNull(creditNotes.id));
  if (filter.status === 'ISSUED') conditions.push(sql`${creditNotes.id} is null`);
  return conditions.length ? and(...conditions) : undefined;
}

export async function invoicePage(
  db: Database,
  filter: InvoiceFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: InvoiceSummaryRow[]; total: number }> {
  const where = filterConditions(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(invoices)
      .leftJoin(creditNotes, eq(creditNotes.creditNoteOf, invoices.id))
      .leftJoin(invoiceMailings, eq(invoiceMailings.invoiceId, invoices.id))
      .where(where)
      .orderBy(desc(invoices.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: count() })
      .from(invoices)
      .leftJoin(creditNotes, eq(creditNotes.creditNoteOf, invoices.id))
      .where(where),
  ]);
  return { rows: rows as InvoiceSummaryRow[], total: counted?.total ?? 0 };
}

export async function invoiceSummaries(db: Database, filter: InvoiceFilter): Promise<InvoiceSummaryRow[]> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditNoteOf, invoices.id))
    .leftJoin(invoiceMailings, eq(invoiceMailings.invoiceId, invoices.id))
    .where(filterConditions(filter))
    .orderBy(invoices.number);
  return rows as InvoiceSummaryRow[];
}

export async function linesOf(db: Database, invoiceId: string): Promise<InvoiceLineRow[]> {
  return db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(invoiceLines.position);
}

export async function invoiceById(db: Database, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

export async function numberOf(db: Database, id: string): Promise<string | undefined> {
  const [row] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.id, id));
  return row?.number;
}

export async function recordMailing(
  tx: Database,
  mailing: { invoiceId: string; sentTo: string; attached: boolean; at: Date },
): Promise<void> {
  await tx
    .insert(invoiceMailings)
    .values({ invoiceId: mailing.invoiceId, sentTo: mailing.sentTo, attached: mailing.attached, queuedAt: mailing.at })
    .onConflictDoNothing();
}

/** The credit note that cancelled this invoice, if any. */
export async function creditNoteOf(db: Database, invoiceId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.creditNoteOf, invoiceId));
  return row?.id;
}
