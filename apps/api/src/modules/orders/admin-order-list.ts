import { ADMIN_OPEN_STEPS, AdminOrdersQuerySchema, type AdminOrdersPage, type AdminOrdersQuery } from '@leasing/contract';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { personStartsWith, searchStart } from '../../db/person-search.js';
import { orders, users } from '../../db/schema.js';
import { forbidden } from '../../lib/errors.js';
import type { Actor, OrderDeps } from './deps.js';
import { toAdminSummaries } from './read-orders.js';

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
 * security holds the same line underneath), every order for the provider. `byPerson`: the search needs
 * the people joined; HR also finds a person by the start of the personnel number.
 */
export function adminOrderScope(
  actor: AdminActor,
  q: string | undefined,
): { where: SQL | undefined; byPerson: boolean } {
  const conditions: (SQL | undefined)[] = [];
  if (actor.role === 'TENANT_ADMIN') conditions.push(eq(orders.tenantId, actor.tenantId ?? ''));
  const orderNumber = orderNumberOf(q);
  if (orderNumber !== null) conditions.push(eq(orders.id, orderNumber));
  const byPerson = Boolean(q) && orderNumber === null;
  if (byPerson && q) {
    conditions.push(
      actor.role === 'TENANT_ADMIN'
        ? or(personStartsWith(q), sql`starts_with(${users.employeeIdKey}, ${searchStart(q)})`)
        : personStartsWith(q),
    );
  }
  return { where: and(...conditions), byPerson };
}

/** Both views' counts in one statement: all matching orders, and those of them open for the actor. */
export function adminOrderCounts(db: Database, actor: AdminActor, where: SQL | undefined, byPerson: boolean) {
  const counted = db
    .select({ all: count(), open: sql<number>`count(*) filter (where ${openFor(actor.role)})` })
    .from(orders);
  return (byPerson ? counted.innerJoin(users, eq(users.id, orders.userId)) : counted).where(where);
}

/** The statement of a slice of orders by number (also EXPLAINed at size). */
export function orderSlice(
  db: Database,
  where: SQL | undefined,
  byPerson: boolean,
  slice: { newestFirst: boolean; take: number; skip: number },
) {
  const base = db.select({ order: orders }).from(orders);
  return (byPerson ? base.innerJoin(users, eq(users.id, orders.userId)) : base)
    .where(where)
    .orderBy(slice.newestFirst ? desc(orders.id) : asc(orders.id))
    .limit(slice.take)
    .offset(slice.skip);
}

/**
 * One page of orders, newest first. A page in the older half is read from the oldest end and turned
 * round: the last page then skips as few rows as the first (OFFSET reads every row it skips).
 */
export async function newestFirstPage(
  db: Database,
  where: SQL | undefined,
  byPerson: boolean,
  total: number,
  query: { page: number; pageSize: number },
) {
  const skip = (query.page - 1) * query.pageSize;
  if (skip >= total) return [];
  const fromOldest = skip > total / 2;
  const take = fromOldest ? Math.min(query.pageSize, total - skip) : query.pageSize;
  const page = await orderSlice(db, where, byPerson, {
    newestFirst: !fromOldest,
    take,
    skip: fromOldest ? total - skip - take : skip,
  });
  const rows = page.map((p) => p.order);
  return fromOldest ? rows.reverse() : rows;
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
  const { where, byPerson } = adminOrderScope(admin, query.q);
  const [counted] = await adminOrderCounts(deps.db, admin, where, byPerson);
  const counts = { all: Number(counted?.all ?? 0), open: Number(counted?.open ?? 0) };
  const total = query.view === 'open' ? counts.open : counts.all;
  const viewWhere = query.view === 'open' ? and(where, openFor(admin.role)) : where;
  const rows = await newestFirstPage(deps.db, viewWhere, byPerson, total, query);
  return { items: await toAdminSummaries(deps, rows), total, page: query.page, pageSize: query.pageSize, counts };
}
