import {
  PriceListVersionsQuerySchema,
  ProviderOrdersQuerySchema,
  ProviderTenantsQuerySchema,
  TenantEmployeesQuerySchema,
  type TenantEmployeesQuery,
} from '@leasing/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema.js';
import { runAsSystem, runInScope } from '../../db/scope.js';
import { createTestApp, type TestApp } from '../../test-support/harness.js';
import * as employerRepo from '../employer/repository.js';
import * as payrollRepo from '../employer/payroll-repository.js';
import { adminOrderCounts, adminOrderScope } from '../orders/admin-order-list.js';
import { adminSummarySlice } from '../orders/admin-summaries.js';
import { pipelineCount, pipelineFilter } from '../provider/pipeline.js';
import { versionPageQueries } from '../provider/price-list.js';
import { headCountQueries } from '../provider/tenant-list.js';
import { tenantPageQueries } from '../tenants/index.js';
import { DEMO_ACCOUNTS } from './accounts.js';
import { seedScale } from './scale.js';

/** Tables that grow with the provider's size: a sequential scan of one of these on a hot path fails. */
const LARGE_TABLES = new Set(['users', 'orders', 'user_steps', 'salary_profiles', 'user_addresses', 'order_documents']);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** The large tables a plan reads rows of (any scan but an index-only one). */
function tableReads(node: PlanNode): string[] {
  const relation = node['Relation Name'];
  const own = relation && LARGE_TABLES.has(relation) && node['Node Type'] !== 'Index Only Scan' ? [relation] : [];
  return [...own, ...(node.Plans ?? []).flatMap(tableReads)];
}

/** Every relation a plan reads, once each, in order of first appearance. */
function relations(node: PlanNode): string[] {
  const own = node['Relation Name'] ? [node['Relation Name']] : [];
  return [...new Set([...own, ...(node.Plans ?? []).flatMap(relations)])];
}

/** The statement with its parameters written in (test values only), for EXPLAIN. */
function inline(query: { sql: string; params: unknown[] }): string {
  return query.sql.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.params[Number(n) - 1];
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

/**
 * The hot queries of the screens and exports, EXPLAINed on PostgreSQL with generated data of a
 * moderate size (statistics and visibility map fresh from VACUUM (ANALYZE) as the tables' owner, as
 * autovacuum keeps them), as the employer's admin asks
 * them: row-level security is part of the plan.
 */
describe.skipIf(!process.env['TEST_DATABASE_URL'])('query plans at size (PostgreSQL)', () => {
  let t: TestApp;
  let tenantId: string;
  let adminId: string;
  let providerId: string;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    const db = t.runtime.database.db;
    await seedScale(db, t.app.orderDeps.cipher, { employers: 40, employees: 6000, leases: 2500 });
    const [admin] = await runAsSystem(() =>
      db
        .select({ id: users.id, tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    tenantId = admin?.tenantId ?? '';
    adminId = admin?.id ?? '';
    const [provider] = await runAsSystem(() =>
      db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.providerAdmin)),
    );
    providerId = provider?.id ?? '';
    // As the tables' owner: ANALYZE by the application role skips every table (client.ts). VACUUM too:
    // index-only scans need the visibility map autovacuum keeps on a server.
    await t.runtime.database.refreshStatistics();
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }, asProvider = false): Promise<PlanNode> {
    const text = inline(query.toSQL());
    const scope = asProvider
      ? { role: 'PROVIDER_ADMIN' as const, userId: providerId, tenantId: null }
      : { role: 'TENANT_ADMIN' as const, userId: adminId, tenantId };
    // With fresh statistics at this moderate size (2,500 orders fit in a few pages) a sequential scan
    // can be the cheaper plan, which says nothing about 20,000 orders. So the planner is asked to avoid
    // one wherever it can (enable_seqscan off, for this transaction): a sequential scan left in the
    // plan means no index serves the query, which is what this test is about. The bench measures the
    // real size (`npm run bench -- scale`).
    const result = await runInScope(scope, () =>
      t.runtime.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return tx.execute(sql.raw(`explain (format json) ${text}`));
      }),
    );
    const rows = (result as unknown as { rows: { 'QUERY PLAN': { Plan: PlanNode }[] }[] }).rows;
    const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!plan) throw new Error('no plan');
    return plan;
  }

  const people = (input: TenantEmployeesQuery) =>
    employerRepo.employeePageQueries(t.runtime.database.db, tenantId, TenantEmployeesQuerySchema.parse(input));

  it.each([
    ['first page by name', { page: 1 }],
    ['a late page by personnel number', { page: 20, sort: 'employeeId' as const }],
    ['a search', { q: 'müller' }],
    ['the leaving', { status: 'LEAVING' as const }],
  ])('the HR people list (%s) reads through indexes', async (_, input) => {
    const queries = people(input);
    for (const query of [queries.rows, queries.total]) {
      const plan = await planOf(query);
      expect(seqScans(plan).filter((table) => LARGE_TABLES.has(table))).toEqual([]);
    }
  });

  it('sees a sequential scan where there is one (the check itself)', async () => {
    const unindexed = t.runtime.database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.firstName}) = 'anna'`);
    expect(seqScans(await planOf(unindexed))).toContain('users');
  });

  it("the payroll export reads the employer's handed-over leases through an index, and a batch by its people", async () => {
    const db = t.runtime.database.db;
    const keys = await runAsSystem(() => payrollRepo.payrollLeaseKeys(db, tenantId));
    const people = [...new Set(keys.slice(0, 500).map((k) => k.userId))];
    for (const query of [
      payrollRepo.payrollLeaseKeys(db, tenantId),
      payrollRepo.payrollLeasesOfPeople(db, tenantId, people),
    ]) {
      const plan = await planOf(query);
      expect(seqScans(plan).filter((table) => LARGE_TABLES.has(table))).toEqual([]);
    }
  });

  it('the pipeline searched by name finds the orders by their own person keys, never through the people', async () => {
    const where = pipelineFilter(ProviderOrdersQuerySchema.parse({ q: 'müller' }));
    const db = t.runtime.database.db;
    const count = await planOf(pipelineCount(db, where), true);
    expect(JSON.stringify(count)).toContain('orders_person_name_key_reversed_idx');
    expect(relations(count)).toEqual(['orders']);
    const slice = await planOf(adminSummarySlice(db, where, { newestFirst: true, take: 25, skip: 0 }), true);
    expect(seqScans(slice).filter((table) => LARGE_TABLES.has(table))).toEqual([]);
  });

  it("the admins' order list searched by name counts the orders by their person keys", async () => {
    const db = t.runtime.database.db;
    // HR: the employer's orders, by the name keys or the personnel number.
    const hr = { id: adminId, role: 'TENANT_ADMIN' as const, tenantId };
    const hrPlan = await planOf(adminOrderCounts(db, hr, adminOrderScope(hr, 'müller')));
    expect(JSON.stringify(hrPlan)).toContain('orders_person_employee_id_key_idx');
    expect(relations(hrPlan)).toEqual(['orders']);
    // The provider: every order; no personnel number.
    const provider = { id: providerId, role: 'PROVIDER_ADMIN' as const, tenantId: null };
    const plan = await planOf(adminOrderCounts(db, provider, adminOrderScope(provider, 'müller')), true);
    expect(JSON.stringify(plan)).toContain('orders_person_name_key_reversed_idx');
    expect(JSON.stringify(plan)).not.toContain('orders_person_employee_id_key_idx');
    expect(relations(plan)).toEqual(['orders']);
  });

  it("a page of the admins' list looks up each row's parts by index, after the page's rows are chosen", async () => {
    const db = t.runtime.database.db;
    const provider = { id: providerId, role: 'PROVIDER_ADMIN' as const, tenantId: null };
    const plan = await planOf(
      adminSummarySlice(db, adminOrderScope(provider, undefined), { newestFirst: true, take: 25, skip: 0 }),
      true,
    );
    expect(seqScans(plan).filter((table) => LARGE_TABLES.has(table))).toEqual([]);
    // The lookups hang on the page (the subquery scan above its limit), not on every matching order.
    expect(plan['Node Type']).toBe('Subquery Scan');
    expect(plan.Plans?.[0]?.['Node Type']).toBe('Limit');
  });

  it("the provider's employer list counts people and open orders of one page of employers through indexes", async () => {
    const db = t.runtime.database.db;
    const page = tenantPageQueries(db, ProviderTenantsQuerySchema.parse({ pageSize: 25 }));
    const ids = (await runAsSystem(() => page.rows)).map((row) => row.id);
    const counts = headCountQueries(db, ids);
    for (const query of [page.rows, page.total, counts.employees, counts.activeOrders]) {
      expect(seqScans(await planOf(query, true)).filter((table) => LARGE_TABLES.has(table))).toEqual([]);
    }
  });

  it("the lists' counts read indexes alone: the policies' columns are in them (migration 0037)", async () => {
    const db = t.runtime.database.db;
    const hr = { id: adminId, role: 'TENANT_ADMIN' as const, tenantId };
    const provider = { id: providerId, role: 'PROVIDER_ADMIN' as const, tenantId: null };
    const page = tenantPageQueries(db, ProviderTenantsQuerySchema.parse({ pageSize: 25 }));
    const heads = headCountQueries(
      db,
      (await runAsSystem(() => page.rows)).map((row) => row.id),
    );
    const counts: [string, { toSQL(): { sql: string; params: unknown[] } }, boolean][] = [
      ['HR people', people({}).total, false],
      ["HR's orders, both views", adminOrderCounts(db, hr, adminOrderScope(hr, undefined)), false],
      ['the pipeline', pipelineCount(db, pipelineFilter(ProviderOrdersQuerySchema.parse({}))), true],
      ["the provider's orders, both views", adminOrderCounts(db, provider, adminOrderScope(provider, undefined)), true],
      ["a page of employers' people", heads.employees, true],
      ["a page of employers' running orders", heads.activeOrders, true],
    ];
    for (const [name, query, asProvider] of counts) {
      expect({ name, reads: tableReads(await planOf(query, asProvider)) }).toEqual({ name, reads: [] });
    }
  });

  it('the price lists are read newest first through the primary key, never sorted whole', async () => {
    const queries = versionPageQueries(t.runtime.database.db, PriceListVersionsQuerySchema.parse({}));
    const plan = JSON.stringify(await planOf(queries.rows, true));
    expect(plan).toContain('price_list_versions_pkey');
    expect(plan).not.toContain('"Sort"');
  });
});
