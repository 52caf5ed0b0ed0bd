import type { AdminOrdersPage, ProviderOrdersPage } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Database } from '../../db/client.js';
import { orders, users } from '../../db/schema.js';
import { runAsSystem, runInScope, SIGN_IN_SCOPE } from '../../db/scope.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { anonymiseUser } from '../privacy/repository.js';

/**
 * The order lists search the person keys each order carries (migration 0038). The database keeps
 * them: an order takes its person's keys, and every change of the person reaches their orders,
 * whoever makes it, including those who may not see the orders, and an erasure.
 */
describe.each(databaseTargets())('the person keys of orders on %s', (target) => {
  let t: TestApp;
  let db: Database;
  let orderId: number;
  let employee: { id: string; tenantId: string };
  let hrAdminId: string;
  let tokens: { provider: string; hr: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    db = t.runtime.database.db;
    const login = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    orderId = await placeOrder(t.app, login.accessToken, await pickOffer(t.app, login.accessToken));
    const [row] = await runAsSystem(() =>
      db.select({ id: users.id, tenantId: users.tenantId }).from(users).where(eq(users.email, DEMO_ACCOUNTS.employee)),
    );
    employee = { id: row?.id ?? '', tenantId: row?.tenantId ?? '' };
    const [admin] = await runAsSystem(() =>
      db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    hrAdminId = admin?.id ?? '';
    tokens = {
      provider: (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken,
      hr: (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken,
    };
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** The order numbers the pipeline (provider) and the admins' list (HR) find for a term. */
  async function found(term: string): Promise<{ pipeline: number[]; hr: number[] }> {
    const q = encodeURIComponent(term);
    const pipeline = await t.app.inject({
      method: 'GET',
      url: `/v1/provider/orders?q=${q}&pageSize=100`,
      headers: bearer(tokens.provider),
    });
    const hr = await t.app.inject({
      method: 'GET',
      url: `/v1/admin/orders?view=all&q=${q}&pageSize=100`,
      headers: bearer(tokens.hr),
    });
    expect([pipeline.statusCode, hr.statusCode]).toEqual([200, 200]);
    return {
      pipeline: pipeline.json<ProviderOrdersPage>().items.map((o) => o.id),
      hr: hr.json<AdminOrdersPage>().items.map((o) => o.id),
    };
  }

  const keysOfOrder = async () =>
    (
      await runAsSystem(() =>
        db
          .select({
            name: orders.personNameKey,
            reversed: orders.personNameKeyReversed,
            email: orders.personEmailKey,
            employeeId: orders.personEmployeeIdKey,
          })
          .from(orders)
          .where(eq(orders.id, orderId)),
      )
    )[0];

  it('a new order carries the keys of its person', async () => {
    const [person] = await runAsSystem(() =>
      db
        .select({ name: users.nameKey, reversed: users.nameKeyReversed, email: users.email, key: users.employeeIdKey })
        .from(users)
        .where(eq(users.id, employee.id)),
    );
    expect(await keysOfOrder()).toEqual({
      name: person?.name,
      reversed: person?.reversed,
      email: person?.email,
      employeeId: person?.key,
    });
  });

  it("the person's own change of name reaches the order, and the search follows it", async () => {
    await runInScope({ role: 'EMPLOYEE', userId: employee.id, tenantId: employee.tenantId }, async () => {
      await db.update(users).set({ firstName: 'Zora', lastName: 'Quendelmayer' }).where(eq(users.id, employee.id));
    });
    expect(await found('quendelmayer z')).toEqual({ pipeline: [orderId], hr: [orderId] });
    expect(await found('Zora Quen')).toEqual({ pipeline: [orderId], hr: [orderId] });
  });

  it("HR's new personnel number is searched by HR only", async () => {
    await runInScope({ role: 'TENANT_ADMIN', userId: hrAdminId, tenantId: employee.tenantId }, async () => {
      await db.update(users).set({ employeeId: 'QX-7781' }).where(eq(users.id, employee.id));
    });
    expect(await found('qx-77')).toEqual({ pipeline: [], hr: [orderId] });
  });

  it('an address changed where the orders cannot be seen (confirmed without signing in) reaches them too', async () => {
    const changed = await runInScope(SIGN_IN_SCOPE, async () => {
      const seen = await db.select({ id: orders.id }).from(orders);
      await db.update(users).set({ email: 'zora.q@beispiel.example' }).where(eq(users.id, employee.id));
      return seen.length;
    });
    expect(changed).toBe(0);
    expect((await keysOfOrder())?.email).toBe('zora.q@beispiel.example');
    expect(await found('zora.q@')).toEqual({ pipeline: [orderId], hr: [orderId] });
  });

  it('an erasure leaves no name, address or number on the order', async () => {
    await runAsSystem(() => db.transaction((tx) => anonymiseUser(tx, employee.id, t.clock.now())));
    const keys = await keysOfOrder();
    expect(JSON.stringify(keys)).not.toMatch(/zora|quendelmayer|qx-7781/);
    expect(await found('quendelmayer')).toEqual({ pipeline: [], hr: [] });
    expect(await found('zora')).toEqual({ pipeline: [], hr: [] });
  });
});
