import type { PipelineStatus, ProviderOrdersExportQuery } from '@leasing/contract';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders, tenants, users } from '../../db/schema.js';
import { csvText } from '../../lib/csv-cell.js';
import type { OrderTerms } from '../orders/index.js';
import { startOfBerlinDay } from '../../lib/berlin-dates.js';
import { requireProvider, type ProviderActor } from './deps.js';
import { pipelineStatusOf, STEPS_OF_STATUS } from './pipeline.js';

/**
 * The provider's order export (`GET /v1/provider/orders/export.csv`): every order the pipeline's
 * filters match, newest first, as a CSV for Excel (UTF-8 with BOM, semicolons, decimal comma, CRLF;
 * formula cells neutralised). Read a page at a time after the last order number and written as it
 * is read (ADR 0041): tens of thousands of orders never sit in memory as rows or as text.
 */

export const ORDER_EXPORT_PAGE_SIZE = 1000;

export const ORDER_EXPORT_COLUMNS = [
  'Bestellung',
  'Erstellt',
  'Arbeitgeber',
  'Name',
  'E-Mail',
  'Fahrzeug',
  'Monatsrate brutto EUR',
  'Laufzeit Monate',
  'Schritt',
  'Status',
  'Lieferfenster von',
  'Lieferfenster bis',
  'Übergabe',
] as const;

/** The pipeline's status names as the back office shows them (web locale `provider.statuses`). */
const STATUS_LABEL: Record<PipelineStatus, string> = {
  EMPLOYEE_STEPS: 'Bei den Beschäftigten',
  EMPLOYER_APPROVAL: 'Freigabe durch Arbeitgeber',
  ORDERING: 'Bestellung beim Hersteller',
  DELIVERY: 'In Auslieferung',
  ACTIVE: 'Leasing aktiv',
  CLOSED: 'Beendet',
};

const berlinDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Berlin',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `Bestellungen-YYYY-MM-DD.csv`, the German calendar day. */
export const orderExportFileName = (now: Date): string => `Bestellungen-${berlinDay.format(now)}.csv`;

/** The filters as SQL, read as the pipeline reads them (DELIVERY and ACTIVE split by the handover). */
function conditionsOf(query: ProviderOrdersExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.tenantId) conditions.push(eq(orders.tenantId, query.tenantId));
  if (query.status) {
    const steps = inArray(orders.status, STEPS_OF_STATUS[query.status]);
    if (query.status === 'DELIVERY') conditions.push(and(steps, isNull(orders.handoverDate)));
    else if (query.status === 'ACTIVE') conditions.push(and(steps, isNotNull(orders.handoverDate)));
    else conditions.push(steps);
  }
  if (query.step) conditions.push(eq(orders.status, query.step));
  if (query.from) conditions.push(gte(orders.createdAt, startOfBerlinDay(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, startOfBerlinDay(query.to, 1)));
  return and(...conditions);
}

/** One page of matching orders below order number `before` (null: from the newest), newest first. */
export function orderExportPage(db: Database, query: ProviderOrdersExportQuery, before: number | null, limit: number) {
  return db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      terms: orders.terms,
      handoverDate: orders.handoverDate,
      deliveryWindowFrom: orders.deliveryWindowFrom,
      deliveryWindowTo: orders.deliveryWindowTo,
      employer: tenants.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tenants, eq(tenants.id, orders.tenantId))
    .where(and(conditionsOf(query), before === null ? undefined : lt(orders.id, before)))
    .orderBy(desc(orders.id))
    .limit(limit);
}

type ExportRow = Awaited<ReturnType<typeof orderExportPage>>[number];

/** One order's CSV line with its CRLF. */
export function orderExportLine(row: ExportRow): string {
  const terms = row.terms as OrderTerms;
  const vehicle = [terms.vehicle.brand, terms.vehicle.carModel, terms.vehicle.trimLevel].filter(Boolean).join(' ');
  return `${[
    String(row.id),
    berlinDay.format(row.createdAt),
    csvText(row.employer),
    csvText(`${row.firstName} ${row.lastName}`.trim()),
    csvText(row.email),
    csvText(vehicle),
    (terms.totalMonthlyGrossCostCents / 100).toFixed(2).replace('.', ','),
    String(terms.leasePackage.durationMonths),
    row.status,
    STATUS_LABEL[pipelineStatusOf(row.status, row.handoverDate)],
    row.deliveryWindowFrom ?? '',
    row.deliveryWindowTo ?? '',
    row.handoverDate ?? '',
  ].join(';')}\r\n`;
}

/** The file: the header first (checked before the first byte: the provider's right), then a chunk per page. */
export async function* orderExportChunks(
  db: Database,
  actor: ProviderActor,
  query: ProviderOrdersExportQuery,
  pageSize = ORDER_EXPORT_PAGE_SIZE,
): AsyncGenerator<string> {
  requireProvider(actor);
  yield `\uFEFF${ORDER_EXPORT_COLUMNS.join(';')}\r\n`;
  for (let before: number | null = null; ;) {
    const page = await orderExportPage(db, query, before, pageSize);
    if (page.length > 0) yield page.map(orderExportLine).join('');
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    before = last.id;
  }
}
