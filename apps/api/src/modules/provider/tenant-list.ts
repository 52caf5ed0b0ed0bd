import { ProviderTenantsQuerySchema, type ProviderTenantsPage, type ProviderTenantsQuery } from '@leasing/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { registerCodes } from '../../db/schema-provider.js';
import { orders, tenants, users } from '../../db/schema.js';
import { requireProvider, type ProviderActor, type ProviderDeps } from './deps.js';
import { codeState } from './register-codes.js';
import { CLOSED_STATUSES, summaryOf } from './tenants.js';

function conditionsOf(query: ProviderTenantsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(tenants.name, pattern),
        ilike(tenants.place, pattern),
        ilike(tenants.postcode, pattern),
        ilike(tenants.contactEmail, pattern),
      ),
    );
  }
  if (query.status) conditions.push(eq(tenants.enabled, query.status === 'ENABLED'));
  return and(...conditions);
}

/**
 * `GET /v1/provider/tenants`: one page of the employers, searched and sorted in the database. The head
 * counts are counted for that page's employers only (an index lookup each), never for all of them.
 */
export async function listTenants(
  deps: ProviderDeps,
  actor: ProviderActor,
  input: ProviderTenantsQuery = {},
): Promise<ProviderTenantsPage> {
  requireProvider(actor);
  const query = ProviderTenantsQuerySchema.parse(input);
  const queries = tenantPageQueries(deps.db, query);
  const [rows, [total]] = await Promise.all([queries.rows, queries.total]);
  const counts = await headCounts(
    deps.db,
    rows.map((r) => r.id),
    deps.clock.now(),
  );
  return {
    items: rows.map((row) => summaryOf(row, counts(row.id))),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The statements of one page of employers and of how many match (also EXPLAINed at size). */
export function tenantPageQueries(db: Database, query: ProviderTenantsQuery & { page: number; pageSize: number }) {
  const where = conditionsOf(query);
  const order =
    query.sort === 'newest' ? [desc(tenants.createdAt), desc(tenants.id)] : [asc(tenants.name), asc(tenants.id)];
  return {
    rows: db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    total: db.select({ n: count() }).from(tenants).where(where),
  };
}

/** The head counts of some employers: people and open orders, each through the employer's index. */
export function headCountQueries(db: Database, tenantIds: string[]) {
  return {
    employees: db
      .select({ tenantId: users.tenantId, n: count() })
      .from(users)
      .where(and(inArray(users.tenantId, tenantIds), eq(users.role, 'EMPLOYEE'), isNull(users.deletedAt)))
      .groupBy(users.tenantId),
    activeOrders: db
      .select({ tenantId: orders.tenantId, n: count() })
      .from(orders)
      .where(and(inArray(orders.tenantId, tenantIds), notInArray(orders.status, CLOSED_STATUSES)))
      .groupBy(orders.tenantId),
  };
}

/** Employees, active orders and usable register codes of some employers. */
async function headCounts(db: Database, tenantIds: string[], now: Date) {
  if (tenantIds.length === 0) return () => ({ employees: 0, activeOrders: 0, activeCodes: 0 });
  const queries = headCountQueries(db, tenantIds);
  const [employees, active, codes] = await Promise.all([
    queries.employees,
    queries.activeOrders,
    db.select().from(registerCodes).where(inArray(registerCodes.tenantId, tenantIds)),
  ]);
  const byTenant = (list: { tenantId: string | null; n: number }[]) =>
    new Map(list.map((r) => [r.tenantId, Number(r.n)]));
  const employeesOf = byTenant(employees);
  const activeOf = byTenant(active);
  return (tenantId: string) => ({
    employees: employeesOf.get(tenantId) ?? 0,
    activeOrders: activeOf.get(tenantId) ?? 0,
    activeCodes: codes.filter((c) => c.tenantId === tenantId && codeState(c, now) === 'ACTIVE').length,
  });
}
