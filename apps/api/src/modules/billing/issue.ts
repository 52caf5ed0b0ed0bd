import crypto from 'node:crypto';

import type { BillingProfile, TenantBilling } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { enqueueMail, MAX_ATTACHMENT_BYTES } from '../mail/index.js';
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

/** MB to a tenth, rounded up: a file just over the limit does not read as the limit. */
const megabytes = (bytes: number) => (Math.ceil((bytes / 2 ** 20) * 10) / 10).toLocaleString('de-DE');

/**
 * The invoice goes out as the mail's attachments, and a mail carries at most MAX_ATTACHMENT_BYTES:
 * documents larger than that are not issued (the number goes back), and the run lists the employer
 * under `skipped` (CHECK_FAILED) instead of failing as a whole. Asked after the XML, before the PDF
 * is drawn, and again with the PDF. Null: the mail can carry them.
 */
export function unmailableProblem(xmlBytes: number, pdfBytes?: number): string | null {
  if (xmlBytes + (pdfBytes ?? 0) <= MAX_ATTACHMENT_BYTES) return null;
  const files =
    pdfBytes === undefined
      ? `E-Rechnung ${megabytes(xmlBytes)} MB`
      : `E-Rechnung ${megabytes(xmlBytes)} MB und PDF ${megabytes(pdfBytes)} MB`;
  return `Zu groß für den Versand per Mail: ${files}, höchstens ${megabytes(MAX_ATTACHMENT_BYTES)} MB zusammen`;
}

function refuseUnmailable(xml: Buffer, pdf?: Buffer): void {
  const problem = unmailableProblem(xml.length, pdf?.length);
  if (problem) throw new InvoiceCheckFailed([problem]);
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
 * Issues one invoice or credit note inside `tx`: takes the next number (the counter row stays locked
 * until the commit, so numbers are gapless across instances), checks the draft with our own rules and
 * refuses to issue one that fails, writes the e-invoice and its PDF as issued with their SHA-256 in
 * the audit trail, and queues the mail to the employer's billing address with both attached.
 */
export async function issueInvoice(deps: BillingDeps, tx: Database, request: IssueRequest): Promise<repo.InvoiceRow> {
  const { seller, buyer } = request.parties;
  const draft: InvoiceDraft = {
    type: request.type,
    month: request.month,
    issueDate: request.issueDate,
    dueDate: request.dueDate,
    seller,
    buyer,
    lines: request.lines,
    totals: invoiceTotals(request.lines),
    ...(request.creditNoteOf
      ? { precedingInvoice: { number: request.creditNoteOf.number, issueDate: request.creditNoteOf.issueDate } }
      : {}),
  };
  const problems = invoiceDraftProblems(draft);
  if (problems.length > 0) throw new InvoiceCheckFailed(problems);
  const year = Number(request.issueDate.slice(0, 4));
  const number = invoiceNumber(seller.invoicePrefix, year, await repo.takeInvoiceNumber(tx, seller.invoicePrefix, year));
  const format = buyer.billing.format;
  const semantic = semanticInvoice(draft, number, format);
  const now = deps.clock.now();
  const xml = await eInvoiceXml(semantic, format);
  refuseUnmailable(xml);
  const readable = await renderInvoicePdf(draft, number, now);
  const pdf = format === 'ZUGFERD_EN16931' ? await zugferdPdf(semantic, readable, invoiceFileName(number, 'pdf'), xml) : Buffer.from(readable);
  refuseUnmailable(xml, pdf);
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
      format,
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
    },
    now,
    [
      { filename: invoiceFileName(number, 'xml'), contentType: 'application/xml', content: xml },
      { filename: invoiceFileName(number, 'pdf'), contentType: 'application/pdf', content: pdf },
    ],
  );
  await repo.recordMailing(tx, row.id, buyer.billing.billingEmail, now);
  return row;
}
