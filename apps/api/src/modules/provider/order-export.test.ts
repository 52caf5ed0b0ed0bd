import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema.js';
import { textOf } from '../../lib/streamed-body.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { seedScale } from '../demo/scale.js';
import { ORDER_EXPORT_COLUMNS, orderExportChunks } from './order-export.js';

describe.each(databaseTargets())("the provider's order export on %s", (target) => {
  let t: TestApp;
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    t = await createTestApp(target);
    await seedScale(db(), t.app.orderDeps.cipher, { employers: 3, employees: 90, leases: 40 });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('writes every order, newest first, the same in pages of seven as in one, as a streamed CSV download', async () => {
    const provider = await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin);
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/provider/orders/export.csv',
      headers: bearer(provider.accessToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="Bestellungen-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers['content-length']).toBeUndefined();
    const lines = response.body.slice(1).split('\r\n').slice(0, -1);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(ORDER_EXPORT_COLUMNS.join(';'));
    const [all] = await db().select({ n: count() }).from(orders);
    expect(lines).toHaveLength(Number(all?.n) + 1);
    const ids = lines.slice(1).map((line) => Number(line.split(';')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const actor = { role: 'PROVIDER_ADMIN' as const, id: 'x', tenantId: null };
    expect(await textOf(orderExportChunks(db(), actor, {}, 7))).toBe(response.body);
  });

  it('keeps to the filters and to provider admins', async () => {
    const provider = await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin);
    const active = await t.app.inject({
      method: 'GET',
      url: '/v1/provider/orders/export.csv?status=ACTIVE',
      headers: bearer(provider.accessToken),
    });
    const rows = active.body.split('\r\n').slice(1, -1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split(';')[9]).toBe('Leasing aktiv');
    const employee = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/provider/orders/export.csv',
      headers: bearer(employee.accessToken),
    });
    expect(refused.statusCode).toBe(403);
  });
});
