import type { InvoiceDetail, InvoiceSummary } from '@leasing/contract';

import type { TenantFacts } from '../tenants/index.js';
import type { InvoicedParties } from './issue.js';
import type { InvoiceLineRow, InvoiceSummaryRow } from './repository.js';

const eur = (cents: number) => cents / 100;

function tenantNameOf(row: InvoiceSummaryRow, facts?: ReadonlyMap<string, TenantFacts>): string {
  return (row.parties as InvoicedParties | null)?.buyer.name ?? facts?.get(row.tenantId)?.name ?? '';
}

export function toSummary(row: InvoiceSummaryRow, facts?: ReadonlyMap<string, TenantFacts>): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    type: row.type,
    tenantId: row.tenantId,
    tenantName: tenantNameOf(row, facts),
    month: row.month,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    netEur: eur(row.netCents),
    vatEur: eur(row.vatCents),
    grossEur: eur(row.grossCents),
    status: row.creditedById ? 'CREDITED' : 'ISSUED',
    format: row.format,
    mailedAt: row.mailedAt?.toISOString() ?? null,
    mailedWithFiles: row.mailedAt ? row.mailedWithFiles : null,
  };
}

export function toSummaries(rows: readonly InvoiceSummaryRow[], facts?: ReadonlyMap<string, TenantFacts>): InvoiceSummary[] {
  return rows.map((row) => toSummary(row, facts));
}

export function toDetail(
  row: InvoiceSummaryRow,
  lines: readonly InvoiceLineRow[],
  creditNoteOfNumber: string | undefined,
): InvoiceDetail {
  return {
    ...toSummary(row),
    lines: lines.map((line) => ({
      orderId: line.orderId,
      description: line.description,
      quantity: line.quantityMilli / 1000,
      unitCode: line.unitCode,
      netEur: eur(line.netCents),
      periodStart: line.periodStart,
      periodEnd: line.periodEnd,
    })),
    ...(row.creditNoteOf && creditNoteOfNumber ? { creditNoteOf: { id: row.creditNoteOf, number: creditNoteOfNumber } } : {}),
    ...(row.creditedById && row.creditedByNumber ? { creditedBy: { id: row.creditedById, number: row.creditedByNumber } } : {}),
    reason: row.reason,
    xmlSha256: row.xmlSha256,
    pdfSha256: row.pdfSha256,
  };
}
