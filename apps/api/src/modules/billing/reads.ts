import type { InvoiceDetail, InvoiceListQuery, InvoicePage } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import * as repo from './repository.js';
import { toDetail, toSummaries } from './views.js';

/** `tenantId` set: the employer's own view (HR); another employer's invoice is a 404 like an unknown id. */
export interface InvoiceReader {
  tenantId?: string;
}

export async function invoiceList(db: Database, query: InvoiceListQuery, reader: InvoiceReader): Promise<InvoicePage> {
  const filter = { month: query.month, status: query.status, tenantId: reader.tenantId ?? query.tenantId };
  const { rows, total } = await repo.invoicePage(db, filter, query.page, query.pageSize);
  return { items: toSummaries(rows), total, page: query.page, pageSize: query.pageSize };
}

export async function invoiceDetail(db: Database, id: string, reader: InvoiceReader): Promise<InvoiceDetail> {
  const [row] = await repo.invoiceSummaries(db, { ids: [id], ...(reader.tenantId ? { tenantId: reader.tenantId } : {}) });
  if (!row) throw notFound('Rechnung nicht gefunden');
  const [lines, precedingNumber] = await Promise.all([
    repo.linesOf(db, id),
    row.creditNoteOf ? repo.numberOf(db, row.creditNoteOf) : Promise.resolve(undefined),
  ]);
  return toDetail(row, lines, precedingNumber);
}

/** The issued document as stored, byte for byte. */
export async function invoiceDocument(
  db: Database,
  id: string,
  kind: 'xml' | 'pdf',
  reader: InvoiceReader,
): Promise<{ number: string; bytes: Buffer }> {
  const row = await repo.invoiceById(db, id);
  if (!row || (reader.tenantId && row.tenantId !== reader.tenantId)) throw notFound('Rechnung nicht gefunden');
  return { number: row.number, bytes: kind === 'xml' ? row.xml : row.pdf };
}
