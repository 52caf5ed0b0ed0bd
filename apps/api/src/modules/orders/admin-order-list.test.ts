import type { AdminOrdersPage, ErrorResponse } from '@leasing/contract';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAsSystem } from '../../db/scope.js';
import { orders, users } from '../../db/schema.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { seedScale } from '../demo/scale.js';

const PROVIDER_OPEN = ['ADMIN_CONFIRM', 'LEASING_ACTIVE'];

/** `GET /v1/admin/orders` is paged, filtered and searched in the database, within the admin's scope. */
describe.each(databaseTargets())('the admins\u2019 order list on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let demoTenantId: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    const db = t.runtime.database.db;
    await seedScale(db, t.app.orderDeps.cipher, { employers: 6, employees: 60, leases: 60, priceLists: 0 });
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    const [hr] = await runAsSystem(() =>
      db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    demoTenantId = hr?.tenantId ?? '';
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string, token = tokens.provider) => {
    const response = await call<AdminOrdersPage>('GET', `/v1/admin/orders${query}`, token);
    expect(response.status, query).toBe(200);
    return response.body;
  };
  const counted = async (where: ReturnType<typeof and>) => {
    const [row] = await runAsSystem(() =>
      t.runtime.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(where),
    );
    return row?.n ?? 0;
  };

  it('pages every order newest first for the provider, with both counts', async () => {
    const all = await counted(undefined);
    const open = await counted(and(inArray(orders.status, PROVIDER_OPEN), isNotNull(orders.currentUserStepId)));
    expect(all).toBeGreaterThan(50);
    expect(open).toBeGreaterThan(0);
    const first = await list('?view=all&pageSize=20');
    expect(first).toMatchObject({ total: all, page: 1, pageSize: 20, counts: { all, open } });
    const pages = [first];
    for (let page = 2; page <= Math.ceil(all / 20); page++)
      pages.push(await list(`?view=all&pageSize=20&page=${page}`));
    const ids = pages.flatMap((p) => p.items.map((x) => x.id));
    expect(ids).toHaveLength(all);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect((await list(`?view=all&pageSize=20&page=${Math.ceil(all / 20) + 1}`)).items).toEqual([]);
    // Without a view the answer is every order (the default).
    expect((await list('')).total).toBe(all);
  });

  it('shows the provider the orders waiting for them under view=open', async () => {
    const page = await list('?view=open&pageSize=100');
    expect(page.total).toBe(page.counts.open);
    expect(page.items.length).toBe(Math.min(page.total, 100));
    for (const item of page.items) {
      expect(PROVIDER_OPEN).toContain(item.status);
      expect(item.currentUserStepId).not.toBeNull();
    }
  });

  it('keeps the tenant admin to their employer, in every view, page and search', async () => {
    const all = await counted(eq(orders.tenantId, demoTenantId));
    const open = await counted(
      and(
        eq(orders.tenantId, demoTenantId),
        eq(orders.status, 'TENANT_ADMIN_CLICK_CONFIRM'),
        isNotNull(orders.currentUserStepId),
      ),
    );
    const page = await list('?view=all&pageSize=100', tokens.tenantAdmin);
    expect(page).toMatchObject({ total: all, counts: { all, open } });
    const [employer] = new Set(page.items.map((x) => x.tenantName));
    expect(new Set(page.items.map((x) => x.tenantName)).size).toBe(1);
    const openPage = await list('?view=open', tokens.tenantAdmin);
    expect(openPage.total).toBe(open);
    expect(openPage.items.every((x) => x.status === 'TENANT_ADMIN_CLICK_CONFIRM')).toBe(true);

    // Another employer's order: not found by its number nor by its employee's name.
    const [foreign] = await runAsSystem(() =>
      t.runtime.database.db
        .select({ id: orders.id, lastName: users.lastName, email: users.email })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .where(ne(orders.tenantId, demoTenantId))
        .limit(1),
    );
    expect(foreign).toBeDefined();
    expect((await list(`?q=${foreign?.id ?? 0}`, tokens.tenantAdmin)).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent(foreign?.email ?? '')}`, tokens.tenantAdmin)).total).toBe(0);
    const byName = await list(`?q=${encodeURIComponent(foreign?.lastName ?? '')}&pageSize=100`, tokens.tenantAdmin);
    expect(byName.items.every((x) => x.tenantName === employer)).toBe(true);
    // The provider finds the same order.
    expect((await list(`?q=%23${foreign?.id ?? 0}`)).items.map((x) => x.id)).toEqual([foreign?.id]);
  });

  it('searches by order number and the start of the name or e-mail address', async () => {
    const some = (await list('?view=all&pageSize=30')).items[17];
    expect(some).toBeDefined();
    if (!some) return;
    expect((await list(`?q=${some.id}`)).items.map((x) => x.id)).toEqual([some.id]);
    const { firstName, lastName, email } = some.employee;
    const starts = (term: string) => (x: AdminOrdersPage['items'][number]) =>
      [
        `${x.employee.firstName} ${x.employee.lastName}`,
        `${x.employee.lastName} ${x.employee.firstName}`,
        x.employee.email,
      ]
        .map((key) => key.toLowerCase())
        .some((key) => key.startsWith(term.toLowerCase()));
    for (const term of [`${firstName} ${lastName.slice(0, 2)}`, lastName.toUpperCase(), email.slice(0, 6)]) {
      const found = await list(`?q=${encodeURIComponent(term)}&pageSize=100`);
      expect(
        found.items.map((x) => x.id),
        term,
      ).toContain(some.id);
      expect(found.items.every(starts(term)), term).toBe(true);
      expect(found.counts.all, term).toBe(found.total);
    }
    // The middle of a name finds nothing (searched from the start, with an index).
    expect((await list(`?q=${encodeURIComponent(lastName.slice(2))}zz`)).total).toBe(0);
  });

  it('answers bad values with 400 and the field, and stays closed to employees', async () => {
    for (const [query, field] of [
      ['?pageSize=500', 'pageSize'],
      ['?pageSize=abc', 'pageSize'],
      ['?page=0', 'page'],
      ['?view=mine', 'view'],
      [`?q=${'x'.repeat(101)}`, 'q'],
      ['?unknown=1', ''],
    ] as const) {
      const response = await call<ErrorResponse>('GET', `/v1/admin/orders${query}`, tokens.provider);
      expect(response.status, query).toBe(400);
      if (field)
        expect(
          response.body.errors?.map((e) => e.field),
          query,
        ).toContain(field);
    }
    expect((await call('GET', '/v1/admin/orders', tokens.employee)).status).toBe(403);
    expect((await call('GET', '/v1/admin/orders')).status).toBe(401);
  });
});
