import type { EmployerOverview, ErrorResponse, TenantEmployeesPage } from '@leasing/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import type { OrderTerms } from '../orders/snapshot.js';
import { seedScale } from '../demo/scale.js';

/** The HR people list is searched, filtered and paged in the database. */
describe.each(databaseTargets())('people list on %s', (target) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    await seedScale(t.runtime.database.db, t.app.orderDeps.cipher, { employers: 2, employees: 160, leases: 40 });
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/v1/tenant/employees${query}`, headers: bearer(admin) });
    return response;
  };

  it('answers one page and the total, sorted by name, the next page going on', async () => {
    const first = (await list('?pageSize=30')).json<TenantEmployeesPage>();
    // The demo employer has half of the 160 generated people and its own demo employee.
    expect(first.total).toBe(81);
    expect(first).toMatchObject({ page: 1, pageSize: 30 });
    expect(first.items).toHaveLength(30);
    const names = first.items.map((p) => p.lastName);
    expect([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(names);
    const last = (await list('?pageSize=30&page=3')).json<TenantEmployeesPage>();
    expect(last.items).toHaveLength(21);
    const ids = new Set([...first.items, ...last.items].map((p) => p.id));
    expect(ids.size).toBe(51);
    const beyond = (await list('?pageSize=30&page=9')).json<TenantEmployeesPage>();
    expect(beyond).toMatchObject({ items: [], total: 81 });
  });

  it('pages through the whole list in its order, the back half read from the other end, under both sorts', async () => {
    for (const sort of ['name', 'employeeId'] as const) {
      const whole = (await list(`?pageSize=200&sort=${sort}`)).json<TenantEmployeesPage>();
      const paged: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.total / 7); page++) {
        const answer = (await list(`?pageSize=7&page=${page}&sort=${sort}`)).json<TenantEmployeesPage>();
        expect(answer.total).toBe(whole.total);
        paged.push(...answer.items.map((p) => p.id));
      }
      expect(paged).toEqual(whole.items.map((p) => p.id));
    }
  });

  it('searches name, e-mail and personnel number without regard to case, and filters by status', async () => {
    const byMail = (await list(`?q=${encodeURIComponent('MAX.MUSTERMANN@')}`)).json<TenantEmployeesPage>();
    expect(byMail.items.map((p) => p.email)).toEqual([DEMO_ACCOUNTS.employee]);
    const byNumber = (await list('?q=p-0-00001')).json<TenantEmployeesPage>();
    expect(byNumber.total).toBe(1);
    const byName = (await list('?q=mustermann')).json<TenantEmployeesPage>();
    expect(byName.items.some((p) => p.lastName === 'Mustermann')).toBe(true);
    const wildcard = (await list(`?q=${encodeURIComponent('%')}`)).json<TenantEmployeesPage>();
    expect(wildcard.total).toBe(0);
    const all = (await list('?pageSize=200')).json<TenantEmployeesPage>();
    for (const status of ['ACTIVE', 'INVITED', 'LEAVING'] as const) {
      const page = (await list(`?status=${status}&pageSize=200`)).json<TenantEmployeesPage>();
      expect(page.total).toBe(all.items.filter((p) => p.status === status).length);
      expect(page.items.every((p) => p.status === status)).toBe(true);
    }
  });

  it('refuses a bad page size or status with field errors', async () => {
    const response = await list('?pageSize=1000&status=GONE');
    expect(response.statusCode).toBe(400);
    const body = response.json<ErrorResponse>();
    expect(body.errors?.map((e) => e.field).sort()).toEqual(['pageSize', 'status']);
  });

  it("never shows another employer's people", async () => {
    const all = (await list('?pageSize=200')).json<TenantEmployeesPage>();
    expect(all.items.every((p) => p.email.includes('@firma0.') || p.email.endsWith('@example.com'))).toBe(true);
    expect((await list('?q=firma1')).json<TenantEmployeesPage>().total).toBe(0);
  });

  it("names each running order's car as its frozen terms give it", async () => {
    const all = (await list('?pageSize=200')).json<TenantEmployeesPage>();
    const shown = all.items.flatMap((p) => p.orders);
    expect(shown.length).toBeGreaterThan(0);
    const frozen = await runAsSystem(() =>
      t.runtime.database.db.select({ id: orders.id, terms: orders.terms }).from(orders),
    );
    const carOf = new Map(
      frozen.map((o) => {
        const { vehicle } = o.terms as OrderTerms;
        return [o.id, `${vehicle.brand} ${vehicle.carModel}`];
      }),
    );
    for (const order of shown) expect(order.vehicle).toBe(carOf.get(order.orderId));
  });

  it('counts the overview in the database and computes its totals again once a lease changed', async () => {
    const overview = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/v1/tenant/overview', headers: bearer(admin) })
      ).json<EmployerOverview>();
    const before = await overview();
    const all = (await list('?pageSize=200')).json<TenantEmployeesPage>();
    expect(before.invited).toBe(all.items.filter((p) => p.status === 'INVITED').length);
    expect(before.leaving).toBe(all.items.filter((p) => p.status === 'LEAVING').length);
    expect(before.activeLeases).toBeGreaterThan(0);
    expect(await overview()).toEqual(before);
    const db = t.runtime.database.db;
    const [demo] = await runAsSystem(() =>
      db.select({ tenantId: users.tenantId }).from(users).where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    await runAsSystem(() =>
      db
        .update(orders)
        .set({ handoverDate: null })
        .where(and(eq(orders.tenantId, demo?.tenantId ?? ''), isNotNull(orders.handoverDate))),
    );
    const after = await overview();
    expect(after.activeLeases).toBe(0);
    expect(after.totals.leases).toBe(0);
  });
});
