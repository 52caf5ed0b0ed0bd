import {
  ADMIN_OPEN_STEPS,
  AdminOrdersQuerySchema,
  type AdminOrdersPage,
  type AdminOrdersQuery,
} from '@leasing/contract';
import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderPersonStartsWith } from '../../db/person-search.js';
import { orders } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import type { Actor, OrderDeps } from './deps.js';
import { adminSummaries, type OrderSliceBounds } from './admin-summaries.js';

type AdminActor = Actor & { role: 'TENANT_ADMIN' | 'PROVIDER_ADMIN' };

/**
 * The orders waiting for this admin now: at one of the admin's steps (`ADMIN_OPEN_STEPS`, the table the
 * web's row actions read too), only while the step's status record is open (`current_user_step_id`).
 */
export function openFor(role: AdminActor['role']): SQL | undefined {
  return and(inArray(orders.status, [...ADMIN_OPEN_STEPS[role]]), isNotNull(orders.currentUserStepId));
}

/** Digits alone (or "#12") are an order number: they would match half the e-mail addresses otherwise. */
export function orderNumberOf(q: string | undefined): number | null {
  return q && /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
}

/**
 * The actor's orders under the search, without the view: the tenant admin's employer only (row-level
 * security holds the same line underneath), every order for the provider. A person is searched by the
 * start of their name or address; HR also by the start of the personnel number.
 */
export function adminOrderScope(actor: AdminActor, q: string | undefined): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (actor.role === 'TENANT_ADMIN') conditions.push(eq(orders.tenantId, actor.tenantId ?? ''));
  const orderNumber = orderNumberOf(q);
  if (orderNumber !== null) conditions.push(eq(orders.id, orderNumber));
  else if (q) conditions.push(orderPersonStartsWith(q, { employeeId: actor.role === 'TENANT_ADMIN' }));
  return and(...conditions);
}

/** Both views' counts in one statement: all matching orders, and those of them open for the actor. */
export function adminOrderCounts(db: Database, actor: AdminActor, where: SQL | undefined) {
  return db
    .select({ all: count(), open: sql<number>`count(*) filter (where ${openFor(actor.role)})` })
    .from(orders)
    .where(where);
}

/** The last total of each list and filter a later page was asked of (a few hundred at most). */
const lastTotals = new Map<string, number>();
const LAST_TOTALS_KEPT = 500;

function rememberTotal(key: string, total: number): void {
  lastTotals.delete(key);
  lastTotals.set(key, total);
  if (lastTotals.size > LAST_TOTALS_KEPT) lastTotals.delete(lastTotals.keys().next().value ?? key);
}

/**
 * One page of orders, newest first, and the count that goes with it. The first page is read from the
 * newest end whatever the total, so its slice and the count run at once (on two connections). A later
 * page needs the total to know from which end to read: with `totalKey` (the list, the asker's reach and
 * the filter), the slice the last total of the same key would read runs beside the count, and is read
 * again only when the count says otherwise. So a later page, too, waits for the longer of the two, not
 * for both (the count of 20,000 orders is a few milliseconds that the first page did not pay).
 */
export async function countedNewestFirstPage<C, R>(
  counting: { count: () => Promise<C>; totalOf: (counted: C) => number },
  readSlice: (bounds: OrderSliceBounds) => Promise<R[]>,
  query: { page: number; pageSize: number },
  totalKey?: string,
) {
  if (query.page === 1) {
    const [counted, page] = await Promise.all([
      counting.count(),
      readSlice({ newestFirst: true, take: query.pageSize, skip: 0 }),
    ]);
    return { counted, rows: page };
  }
  const guess = totalKey === undefined ? undefined : lastTotals.get(totalKey);
  if (guess === undefined) {
    const counted = await counting.count();
    if (totalKey !== undefined) rememberTotal(totalKey, counting.totalOf(counted));
    return { counted, rows: await newestFirstPage(readSlice, counting.totalOf(counted), query) };
  }
  const guessed = newestFirstPage(readSlice, guess, query);
  guessed.catch(() => undefined); // awaited below; a failed count must not leave it unhandled
  const counted = await counting.count();
  const total = counting.totalOf(counted);
  rememberTotal(totalKey as string, total);
  if (total === guess) return { counted, rows: await guessed };
  await guessed.catch(() => undefined);
  return { counted, rows: await newestFirstPage(readSlice, total, query) };
}

/**
 * One page of orders, newest first. A page in the older half is read from the oldest end and turned
 * round: the last page then skips as few rows as the first (OFFSET reads every row it skips).
 */
async function newestFirstPage<R>(
  readSlice: (bounds: OrderSliceBounds) => Promise<R[]>,
  total: number,
  query: { page: number; pageSize: number },
) {
  const skip = (query.page - 1) * query.pageSize;
  if (skip >= total) return [];
  const fromOldest = skip > total / 2;
  const take = fromOldest ? Math.min(query.pageSize, total - skip) : query.pageSize;
  const page = await readSlice({
    newestFirst: !fromOldest,
    take,
    skip: fromOldest ? total - skip - take : skip,
  });
  return fromOldest ? page.reverse() : page;
}

function adminOf(actor: Actor): AdminActor {
  if (actor.role === 'PROVIDER_ADMIN') return { ...actor, role: actor.role };
  if (actor.role === 'TENANT_ADMIN' && actor.tenantId) return { ...actor, role: actor.role };
  throw forbidden();
}

/** `GET /v1/admin/orders`: one page of the employer's orders (tenant admin) or of all (provider admin). */
export async function adminOrders(
  deps: OrderDeps,
  actor: Actor,
  input: AdminOrdersQuery = {},
): Promise<AdminOrdersPage> {
  const admin = adminOf(actor);
  const query = AdminOrdersQuerySchema.parse(input);
  const where = adminOrderScope(admin, query.q);
  const viewWhere = query.view === 'open' ? and(where, openFor(admin.role)) : where;
  const totalOf = (counts: { all: number; open: number }) => (query.view === 'open' ? counts.open : counts.all);
  const { counted: counts, rows } = await countedNewestFirstPage(
    {
      count: async () => {
        const [counted] = await adminOrderCounts(deps.db, admin, where);
        return { all: Number(counted?.all ?? 0), open: Number(counted?.open ?? 0) };
      },
      totalOf,
    },
    (bounds) => adminSummaries(deps.db, viewWhere, bounds, deps.clock.now()),
    query,
    // The asker's reach: the provider sees every order, a tenant admin the employer's.
    `admin:${admin.role}:${admin.role === 'TENANT_ADMIN' ? admin.tenantId : ''}:${query.view}:${query.q ?? ''}`,
  );
  const total = totalOf(counts);
  const items = rows.map(
    ({ tenantId: _t, handoverDate: _h, deliveryWindowFrom: _f, deliveryWindowTo: _w, ...summary }) => summary,
  );
  return { items, total, page: query.page, pageSize: query.pageSize, counts };
}
