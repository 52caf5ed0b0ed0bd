import { ProviderTenantsQuerySchema, type ProviderTenantsPage, type ProviderTenantsQuery } from '@leasing/contract';
import { and, count, eq, inArray, isNull, notInArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { codesOfTenants, codeState, tenantPageQueries } from '../tenants/index.js';
import { requireProvider, type ProviderActor, type ProviderDeps } from './deps.js';
import { CLOSED_STATUSES, summaryOf } from './tenants.js';

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
    codesOfTenants(db, tenantIds),
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
