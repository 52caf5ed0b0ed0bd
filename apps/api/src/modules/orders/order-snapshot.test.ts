import type { Order, Vehicle, VehicleSummary } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { createFieldCipher } from '../../runtime.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { resealLegacySnapshots } from './reseal-snapshots.js';
import { openPrivate, SNAPSHOT_AAD_VERSION } from './snapshot.js';

/** Security checklist 24: the employee's figures in an order are ciphertext at rest, terms included. */
describe.each(databaseTargets())('the order snapshot at rest on %s', (target) => {
  let t: TestApp;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = async <T>(url: string, token: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<T>();

  it('keeps the net rate out of the plain terms and shows it to the employee alone', async () => {
    const [car] = await get<VehicleSummary[]>('/v1/search?manufacturerIds=Kia&modelIds=EV3', employee);
    const vehicle = await get<Vehicle>(`/v1/vehicle/${car?.id ?? ''}`, employee);
    const pkg = vehicle.leasePackages[0];
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: bearer(employee),
      payload: { leasePackageId: pkg?.id, color: vehicle.colors[0], delivery: 'HOME' },
    });
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ orderId: number }>().orderId;

    const own = await get<Order>(`/v1/order/${orderId}`, employee);
    const netRate = own.leasePackage.userPrice;
    expect(netRate).toBe(own.taxResult?.userPrice);
    expect(netRate).toBe(pkg?.userPrice);

    const [row] = await t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId));
    const plain = JSON.stringify(row?.terms);
    expect((row?.terms as { leasePackage: { userPrice: unknown } }).leasePackage.userPrice).toBeNull();
    expect(plain).not.toContain(String(netRate));
    expect(row?.privateCiphertext.toString('utf8')).not.toContain(String(netRate));

    const admin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    const adminView = await get<Order>(`/v1/order/${orderId}`, admin);
    expect(adminView.id).toBe(orderId);
    expect(adminView.leasePackage.userPrice).toBeNull();
    expect(adminView.taxResult).toBeNull();
  });
  it('opens a snapshot only in its own row: moved to another order of the same person, it fails closed', async () => {
    const first = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const second = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const db = t.runtime.database.db;
    const [source] = await db.select().from(orders).where(eq(orders.id, first));
    await db
      .update(orders)
      .set({
        privateKeyId: source?.privateKeyId,
        privateIv: source?.privateIv,
        privateCiphertext: source?.privateCiphertext,
      })
      .where(eq(orders.id, second));
    const [moved] = await db.select().from(orders).where(eq(orders.id, second));
    expect(moved?.privateAadVersion).toBe(SNAPSHOT_AAD_VERSION);
    expect(() => openPrivate(createFieldCipher(t.config), moved!)).toThrow();
    expect(openPrivate(createFieldCipher(t.config), source!).conversion.netMonthlyRateCents).toBeGreaterThan(0);
  });

  it('seals snapshots of the earlier form again, bound to their row, at start-up', async () => {
    const cipher = createFieldCipher(t.config);
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const db = t.runtime.database.db;
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    const snapshot = openPrivate(cipher, row!);
    // As orders were sealed before: bound to owner and employer only.
    const legacy = cipher.encrypt(JSON.stringify(snapshot), `orders:private:${row!.userId}:${row!.tenantId}`);
    await db
      .update(orders)
      .set({
        privateKeyId: legacy.keyId,
        privateIv: legacy.iv,
        privateCiphertext: legacy.ciphertext,
        privateAadVersion: 1,
      })
      .where(eq(orders.id, orderId));

    expect(await resealLegacySnapshots(db, cipher)).toBe(1);
    const [resealed] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(resealed?.privateAadVersion).toBe(SNAPSHOT_AAD_VERSION);
    expect(openPrivate(cipher, resealed!)).toEqual(snapshot);
    expect(await resealLegacySnapshots(db, cipher)).toBe(0);
  });
});
