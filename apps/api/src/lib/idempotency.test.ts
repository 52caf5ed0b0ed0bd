import type { CreateOrderRequest, VehicleSummary, Vehicle } from '@leasing/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { idempotencyKeys } from '../db/schema-idempotency.js';
import { users } from '../db/schema.js';
import { runInScope } from '../db/scope.js';
import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { createOrder } from '../modules/orders/create-order.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { once, requestFingerprint } from './idempotency.js';

describe.each(databaseTargets())('Idempotency-Key on POST /v1/order on %s', (target) => {
  let t: TestApp;
  let token: string;
  let payload: { leasePackageId: string; color: string; delivery: string };
  const order = (key?: string, body: object = payload, accessToken = token) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: { ...bearer(accessToken), ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const count = async () =>
    (await t.app.inject({ method: 'GET', url: '/v1/order', headers: bearer(token) })).json<unknown[]>().length;

  beforeAll(async () => {
    t = await createTestApp(target);
    token = (await loginAs(t.app)).accessToken;
    const [car] = (await t.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(token) })).json<
      VehicleSummary[]
    >();
    const vehicle = (
      await t.app.inject({ method: 'GET', url: `/v1/vehicle/${car?.id ?? ''}`, headers: bearer(token) })
    ).json<Vehicle>();
    payload = {
      leasePackageId: vehicle.leasePackages[0]?.id ?? '',
      color: vehicle.colors[0] ?? '',
      delivery: vehicle.deliveryOptions[0] ?? 'HOME',
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('returns the first order to a repeat with the same key, also to parallel repeats', async () => {
    const before = await count();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => order('bestellung-7f3a')));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json<{ orderId: number }>().orderId));
    expect(ids.size).toBe(1);
    expect(await count()).toBe(before + 1);
    // Later the same key still answers with that order; a new key makes a new one.
    t.clock.advance(3600_000);
    token = (await loginAs(t.app)).accessToken;
    expect((await order('bestellung-7f3a')).json()).toEqual({ orderId: [...ids][0] });
    expect((await order('bestellung-8b2c')).json<{ orderId: number }>().orderId).not.toBe([...ids][0]);
    expect(await count()).toBe(before + 2);
  });

  it('frees a key after 24 hours, and after a failed first attempt', async () => {
    const first = (await order('tageswechsel')).json<{ orderId: number }>().orderId;
    t.clock.advance(24 * 3600_000 + 1);
    token = (await loginAs(t.app)).accessToken;
    expect((await order('tageswechsel')).json<{ orderId: number }>().orderId).not.toBe(first);
    const refused = await order('erst-falsch', { ...payload, color: 'Regenbogen' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect((await order('erst-falsch')).statusCode).toBe(201);
  });

  it('refuses a key used again with another body (422), and still answers the same body with the first order', async () => {
    const first = await order('andere-farbe');
    expect(first.statusCode).toBe(201);
    const before = await count();
    const other = { ...payload, delivery: payload.delivery === 'HOME' ? 'DEALER' : 'HOME' };
    const reused = await order('andere-farbe', other);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringMatching(/anderem Inhalt/),
      errors: [{ field: 'Idempotency-Key', message: 'reused with a different request body' }],
    });
    // The same request with its fields in another order is the same request.
    const reordered = Object.fromEntries(Object.entries(payload).reverse());
    expect((await order('andere-farbe', reordered)).json()).toEqual(first.json());
    expect(await count()).toBe(before);
  });

  it('fingerprints a body independently of field order and spacing, and apart from any other body', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(
      requestFingerprint(JSON.parse('{ "b": {"d":"x", "c":[1,2]}, "a": 1 }')),
    );
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: '1' }));
    expect(requestFingerprint({ a: [1, 2] })).not.toBe(requestFingerprint({ a: [2, 1] }));
    expect(requestFingerprint({ a: 1, b: undefined })).toBe(requestFingerprint({ a: 1 }));
  });

  describe('with the key written in the order transaction', () => {
    let employee: { id: string; role: 'EMPLOYEE'; tenantId: string | null };
    const db = () => t.runtime.database.db;
    const keyRows = async (key: string) =>
      db()
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, employee.id), eq(idempotencyKeys.key, key)));
    /**
     * The route's work with a hook inside the order transaction around the answer write: what a
     * request on another instance would do, with a chance to fail or take its time there.
     */
    const orderWith = (key: string, around: (write: () => Promise<void>, orderId: number) => Promise<void>) =>
      runInScope({ role: 'EMPLOYEE', userId: employee.id, tenantId: employee.tenantId }, () =>
        once<{ orderId: number }>(
          t.app.orderDeps,
          { userId: employee.id, key, operation: 'order.create', fingerprint: requestFingerprint(payload) },
          async (record) => ({
            orderId: await createOrder(
              t.app.orderDeps,
              employee,
              payload as CreateOrderRequest,
              { requestId: `test-${key}`, ip: '127.0.0.1' },
              (tx, orderId) => around(() => record(tx, { orderId }), orderId),
            ),
          }),
        ),
      );
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    beforeAll(async () => {
      const [row] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
      employee = { id: row!.id, role: 'EMPLOYEE', tenantId: row!.tenantId };
    });
    beforeEach(async () => {
      // A fresh window of the order rate limit (20 in 15 minutes) for each case.
      t.clock.advance(16 * 60_000);
      token = (await loginAs(t.app)).accessToken;
    });

    it('a crash after the answer write leaves neither order nor key: the retry is not blocked', async () => {
      const before = await count();
      await expect(
        orderWith('absturz', async (write) => {
          await write();
          throw new Error('process died');
        }),
      ).rejects.toThrow('process died');
      expect(await count()).toBe(before);
      expect(await keyRows('absturz')).toEqual([]);
      // The retry right away is the first order: no 409 for 24 hours, and only one order.
      const retry = await order('absturz');
      expect(retry.statusCode).toBe(201);
      expect((await order('absturz')).json()).toEqual(retry.json());
      expect(await count()).toBe(before + 1);
    });

    it('a failing answer write rolls the order back with it', async () => {
      const before = await count();
      // PostgreSQL refuses \u0000 in jsonb: the answer write itself fails inside the transaction.
      await expect(
        runInScope({ role: 'EMPLOYEE', userId: employee.id, tenantId: employee.tenantId }, () =>
          once<{ orderId: number; note?: string }>(
            t.app.orderDeps,
            { userId: employee.id, key: 'kaputt', operation: 'order.create', fingerprint: requestFingerprint(payload) },
            async (record) => ({
              orderId: await createOrder(
                t.app.orderDeps,
                employee,
                payload as CreateOrderRequest,
                { requestId: 'test-kaputt', ip: '127.0.0.1' },
                (tx, orderId) => record(tx, { orderId, note: '\u0000' }),
              ),
            }),
          ),
        ),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/unicode/i) } });
      expect(await count()).toBe(before);
      expect(await keyRows('kaputt')).toEqual([]);
      expect((await order('kaputt')).statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
      // Nor can any key be stored without its answer.
      await expect(
        db().execute(
          sql`insert into idempotency_keys (user_id, key, operation, created_at) values (${employee.id}, 'leer', 'order.create', now())`,
        ),
      ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/null value in column "answer"/) } });
    });

    it('a repeat while the first transaction is still open waits for it and gets its order', async () => {
      const before = await count();
      let inside!: () => void;
      const claimed = new Promise<void>((resolve) => (inside = resolve));
      const first = orderWith('langsam', async (write) => {
        await write();
        inside();
        await pause(500);
      });
      await claimed;
      const repeats = await Promise.all([order('langsam'), order('langsam')]);
      const { orderId } = await first;
      expect(repeats.map((r) => r.statusCode)).toEqual([201, 201]);
      expect(repeats.map((r) => r.json())).toEqual([{ orderId }, { orderId }]);
      expect(await count()).toBe(before + 1);
      expect((await keyRows('langsam')).map((row) => row.answer)).toEqual([{ orderId }]);
    });

    it('a repeat waiting on a first that dies makes the one order itself', async () => {
      const before = await count();
      let inside!: () => void;
      const claimed = new Promise<void>((resolve) => (inside = resolve));
      const first = orderWith('stirbt', async (write) => {
        await write();
        inside();
        await pause(500);
        throw new Error('process died');
      });
      await claimed;
      const [repeat, outcome] = await Promise.all([order('stirbt'), first.catch((error: Error) => error)]);
      expect(outcome).toBeInstanceOf(Error);
      expect(repeat.statusCode).toBe(201);
      const { orderId } = repeat.json<{ orderId: number }>();
      expect(await count()).toBe(before + 1);
      expect((await keyRows('stirbt')).map((row) => row.answer)).toEqual([{ orderId }]);
      expect((await order('stirbt')).json()).toEqual({ orderId });
    });

    it('refuses the key for another operation', async () => {
      const { orderId } = (await order('einmalig')).json<{ orderId: number }>();
      await expect(
        once(
          t.app.orderDeps,
          { userId: employee.id, key: 'einmalig', operation: 'other.thing', fingerprint: requestFingerprint(payload) },
          () => Promise.resolve(1),
        ),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
      expect((await order('einmalig')).json()).toEqual({ orderId });
    });
  });

  it('refuses malformed keys', async () => {
    expect((await order('mit leerzeichen')).statusCode).toBe(400);
    expect((await order('x'.repeat(256))).statusCode).toBe(400);
  });
});
