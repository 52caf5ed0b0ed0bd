import type { InvoiceDetail } from '@leasing/contract';

import { berlinToday } from '../../lib/berlin-day.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { BillingActor, BillingDeps } from './deps.js';
import { issueInvoice, type InvoicedParties } from './issue.js';
import type { DraftLine } from './lines.js';
import * as repo from './repository.js';
import { invoiceDetail } from './reads.js';

/**
 * A credit note (type 381) cancelling an invoice in full: the same lines, its own number from the
 * same sequence, BT-25 naming the invoice. Afterwards the month can be invoiced again for that
 * employer. The invoice itself never changes; its status is read from the credit note.
 */
export async function issueCreditNote(
  deps: BillingDeps,
  invoiceId: string,
  reason: string,
  actor: BillingActor,
): Promise<InvoiceDetail> {
  const invoice = await repo.invoiceById(deps.db, invoiceId);
  if (!invoice) throw notFound('Rechnung nicht gefunden');
  if (invoice.type !== 'INVOICE') throw conflict('Eine Gutschrift kann nicht gutgeschrieben werden.');
  const today = berlinToday(deps.clock.now());
  const lines = (await repo.linesOf(deps.db, invoice.id)).map(
    (line): DraftLine => ({
      orderId: line.orderId,
      kind: line.kind,
      description: line.description,
      quantityMilli: line.quantityMilli,
      unitCode: line.unitCode as DraftLine['unitCode'],
      netCents: line.netCents,
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
    }),
  );
  const parties = invoice.parties as InvoicedParties;
  const created = await issueInvoice(
    deps,
    {
      type: 'CREDIT_NOTE',
      tenantId: invoice.tenantId,
      month: invoice.month,
      issueDate: today,
      dueDate: today,
      parties,
      lines,
      creditNoteOf: { id: invoice.id, number: invoice.number, issueDate: invoice.issueDate },
      reason,
      actorId: actor.id,
      requestId: actor.requestId,
    },
    async (tx) => {
      if (await repo.creditNoteOf(tx, invoice.id)) throw conflict('Diese Rechnung ist bereits gutgeschrieben.');
      return true;
    },
  )
    .catch((error: unknown) => {
      // Two credit notes at once: the unique index lets one through.
      if (error instanceof AppError) throw error;
      if ((error as { code?: string } | null)?.code === '23505') throw conflict('Diese Rechnung ist bereits gutgeschrieben.');
      throw error;
    });
  if (!created) throw conflict('Diese Rechnung ist bereits gutgeschrieben.');
  deps.mailSent();
  return invoiceDetail(deps.db, created.id, {});
}
