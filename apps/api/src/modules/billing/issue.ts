import crypto from 'node:crypto';

import type { BillingProfile, TenantBilling } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { enqueueMail, MAX_ATTACHMENT_BYTES, type MailAttachment } from '../mail/index.js';
import { enqueueWebhookEvent } from '../webhooks/index.js';
import type { BillingDeps } from './deps.js';
import { eInvoiceXml, semanticInvoice, zugferdPdf } from './e-invoice.js';
import { invoiceFileName, renderInvoicePdf } from './invoice-pdf.js';
import type { DraftLine } from './lines.js';
import * as repo from './repository.js';
import { invoiceDraftProblems, invoiceNumber, invoiceTotals, type InvoiceDraft } from './totals.js';

/** The parties as invoiced, kept with the invoice (a credit note names them as the invoice did). */
export interface InvoicedParties {
  seller: BillingProfile;
  buyer: { name: string; customerNumber: string; billing: TenantBilling };
}

/** The provider's number for an employer: stable, short, readable on the phone. */
export function customerNumberOf(tenantId: string): string {
  return `K-${tenantId.replaceAll('-', '').slice(0, 8).toUpperCase()}`;
}

export class InvoiceCheckFailed extends Error {
  constructor(readonly problems: string[]) {
    super(`invoice check failed: ${problems.join('; ')}`);
  }
}

const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * Whether the documents travel as the mail's attachments: a mail carries at most
 * MAX_ATTACHMENT_BYTES. A larger invoice (an employer with thousands of cars) is issued all the same
 * and the mail says where to fetch it: the employer's portal, where HR downloads the XML and the PDF
 * (ADR 0052, "Too large for a mail").
 */
export function fitsInMail(xmlBytes: number, pdfBytes: number, limit = MAX_ATTACHMENT_BYTES): boolean {
  return xmlBytes + pdfBytes <= limit;
}

export interface IssueRequest {
  type: 'INVOICE' | 'CREDIT_NOTE';
  tenantId: string;
  month: string;
  issueDate: string;
  dueDate: string;
  parties: InvoicedParties;
  lines: readonly DraftLine[];
  creditNoteOf?: { id: string; number: string; issueDate: string };
  reason?: string;
  actorId: string | null;
  requestId: string | null;
}

/**
 * Asked inside the issuing transaction, once the number counter is locked and before anything is
 * written: whether the document is still to be issued (false: another instance did it meanwhile).
 * It may throw to refuse (an AppError reaches the caller, nothing is written).
 */
export type StillToIssue = (tx: Database) => Promise<boolean>;

interface Documents {
  number: string;
  xml: Buffer;
  pdf: Buffer;
}

function draftOf(request: IssueRequest): InvoiceDraft {
  return {
    type: request.type,
    month: request.month,
    issueDate: request.issueDate,
    dueDate: request.dueDate,
    seller: request.parties.seller,
    buyer: request.parties.buyer,
    lines: request.lines,
    totals: invoiceTotals(request.lines),
    ...(request.creditNoteOf
      ? { precedingInvoice: { number: request.creditNoteOf.number, issueDate: request.creditNoteOf.issueDate } }
      : {}),
  };
}

async function renderDocuments(draft: InvoiceDraft, number: string, now: Date): Promise<Documents> {
  const format = draft.buyer.billing.format;
  const semantic = semanticInvoice(draft, number, format);
  const xml = await eInvoiceXml(semantic, format);
  const readable = await renderInvoicePdf(draft, number, now);
  const pdf =
    format === 'ZUGFERD_EN16931'
      ? await zugferdPdf(semantic, readable, invoiceFileName(number, 'pdf'), xml)
      : Buffer.from(readable);
  return { number, xml, pdf };
}

/**
 * Issues one invoice or credit note. The number is part of the documents, and numbers must be
 * gapless across instances (§ 14 Abs. 4 Nr. 4 UStG), so the counter row stays locked from taking a
 * number until the commit. Drawing an employer's documents takes seconds at size (11,000 lines:
 * about 20 s), too long to hold that lock and an idle transaction: they are drawn before, for the
 * number the counter will give next, and the transaction only checks that nobody took it meanwhile.
 * Only then (another instance or a credit note was quicker) are they drawn again inside the lock.
 *
 * Our own rules check the draft first (`InvoiceCheckFailed`, nothing written). The e-invoice and its
 * PDF are stored as issued with their SHA-256 in the audit trail, and the mail to the employer's
 * billing address carries both, or, too large for a mail, says where to fetch them.
 * Null: `stillToIssue` said it was issued meanwhile.
 */
export async function issueInvoice(
  deps: BillingDeps,
  request: IssueRequest,
  stillToIssue: StillToIssue,
): Promise<repo.InvoiceRow | null> {
  const draft = draftOf(request);
  const problems = invoiceDraftProblems(draft);
  if (problems.length > 0) throw new InvoiceCheckFailed(problems);
  const prefix = request.parties.seller.invoicePrefix;
  const year = Number(request.issueDate.slice(0, 4));
  const now = deps.clock.now();
  const expected = (await repo.lastInvoiceNumber(deps.db, prefix, year)) + 1;
  const prepared = await renderDocuments(draft, invoiceNumber(prefix, year, expected), now);
  return deps.db.transaction(async (tx) => {
    await repo.lockInvoiceNumbers(tx, prefix, year);
    if (!(await stillToIssue(tx))) return null;
    const taken = await repo.takeInvoiceNumber(tx, prefix, year);
    const documents = taken === expected ? prepared : await renderDocuments(draft, invoiceNumber(prefix, year, taken), now);
    return recordIssued(deps, tx, request, draft, documents, now);
  });
}

async function recordIssued(
  deps: BillingDeps,
  tx: Database,
  request: IssueRequest,
  draft: InvoiceDraft,
  { number, xml, pdf }: Documents,
  now: Date,
): Promise<repo.InvoiceRow> {
  const { seller, buyer } = request.parties;
  const row = await repo.insertInvoice(
    tx,
    {
      number,
      type: request.type,
      tenantId: request.tenantId,
      month: request.month,
      issueDate: request.issueDate,
      dueDate: request.dueDate,
      netCents: draft.totals.taxExclusiveCents,
      vatCents: draft.totals.vatCents,
      grossCents: draft.totals.payableCents,
      format: buyer.billing.format,
      creditNoteOf: request.creditNoteOf?.id ?? null,
      reason: request.reason ?? null,
      parties: request.parties,
      xml,
      xmlSha256: sha256(xml),
      pdf,
      pdfSha256: sha256(pdf),
      issuedBy: request.actorId,
      createdAt: now,
    },
    request.lines.map((line, i) => ({
      position: i + 1,
      orderId: line.orderId,
      kind: line.kind,
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitCode: line.unitCode,
      netCents: line.netCents,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
    })),
  );
  await recordAudit(tx, {
    actorUserId: request.actorId,
    tenantId: request.tenantId,
    action: request.type === 'INVOICE' ? 'invoice.issued' : 'invoice.credit_note_issued',
    subjectType: 'invoice',
    subjectId: row.id,
    // GoBD: what was issued can be proven unchanged later. Hashes, not content.
    fields: [`number=${number}`, `xml_sha256=${row.xmlSha256}`, `pdf_sha256=${row.pdfSha256}`],
    requestId: request.requestId,
    at: now,
  });
  // The employer's systems hear of the invoice or credit note by its id and number (ADR 0059).
  await enqueueWebhookEvent(tx, {
    tenantId: request.tenantId,
    type: 'invoice.issued',
    occurredAt: now,
    data: { invoiceId: row.id, invoiceNumber: number, type: request.type, month: request.month },
  });
  const attached = fitsInMail(xml.length, pdf.length, deps.mailLimitBytes);
  const files: MailAttachment[] = attached
    ? [
        { filename: invoiceFileName(number, 'xml'), contentType: 'application/xml', content: xml },
        { filename: invoiceFileName(number, 'pdf'), contentType: 'application/pdf', content: pdf },
      ]
    : [];
  await enqueueMail(
    tx,
    { email: buyer.billing.billingEmail, language: 'de' },
    {
      kind: 'INVOICE_ISSUED',
      invoiceNumber: number,
      type: request.type,
      tenantName: buyer.name,
      month: request.month,
      grossEur: draft.totals.payableCents / 100,
      dueDate: request.dueDate,
      sellerName: seller.legalName,
      ...(attached ? {} : { portalLink: `${deps.publicUrl}/employer/invoices` }),
    },
    now,
    files,
  );
  await repo.recordMailing(tx, { invoiceId: row.id, sentTo: buyer.billing.billingEmail, attached, at: now });
  return row;
}
