import type { VehicleSummary, Vehicle } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';

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

  it('refuses malformed keys', async () => {
    expect((await order('mit leerzeichen')).statusCode).toBe(400);
    expect((await order('x'.repeat(256))).statusCode).toBe(400);
  });
});
