import type { Order, Vehicle, VehicleSummary } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { identCases, users } from '../../db/schema.js';
import { loadOrCreateSecret } from '../../lib/secrets.js';
import { signCallback } from '../ident/callback.js';
import { buildTenant } from '../../test-support/factories.js';
import { STEP } from '../../test-support/order-fixtures.js';
import { bearer, createTestApp, loginAs, type TestApp } from '../../test-support/harness.js';

describe('orders: provider faults, replays, limits and intra-tenant isolation', () => {
  let t: TestApp;
  let employee: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { listen: true });
    employee = (await loginAs(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) => {
    const response = await t.app.inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
    return {
      status: response.statusCode,
      body: (response.body ? response.json() : null) as T,
      headers: response.headers,
    };
  };

  async function orderAtIdentStep(): Promise<number> {
    const [car] = (await call<VehicleSummary[]>('GET', '/v1/search?manufacturerIds=Fiat', employee)).body;
    const vehicle = (await call<Vehicle>('GET', `/v1/vehicle/${car!.id}`, employee)).body;
    const created = await call<{ orderId: number }>('POST', '/v1/order', employee, {
      leasePackageId: vehicle.leasePackages[0]!.id,
      color: vehicle.colors[0]!,
      delivery: 'HOME',
    });
    const orderId = created.body.orderId;
    for (const [stepId, extra] of [
      [STEP.summary, { agreed: true }],
      [STEP.contract, {}],
    ] as const) {
      const order = (await call<Order>('GET', `/v1/order/${orderId}`, employee)).body;
      const userStepId = order.userSteps.filter((s) => s.status === null).at(-1)!.id;
      expect(
        (await call('PUT', `/v1/order/${orderId}/step/${stepId}/accept`, employee, { orderId, userStepId, ...extra }))
          .status,
      ).toBe(200);
    }
    return orderId;
  }

  it('answers 503 and leaves the step unchanged when the provider fails, and stays up', async () => {
    const orderId = await orderAtIdentStep();
    // The simulator's fault switch: the next provider call answers 500.
    const secretKey = loadOrCreateSecret(t.config.dataDir, 'ident-api-key').toString('hex');
    const base = t.config.publicUrl;
    const fault = await fetch(`${base}/simulator/api/faults`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'error500', count: 1 }),
    });
    expect(fault.status).toBeLessThan(300);
    const failed = await call<{ code: string }>('PUT', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident`, employee);
    expect(failed.status).toBe(503);
    expect(failed.body.code).toBe('SERVICE_UNAVAILABLE');
    const order = (await call<Order>('GET', `/v1/order/${orderId}`, employee)).body;
    expect(order.status).toBe('NECT_DRIVERS_LICENCE');
    expect((await call('GET', '/health')).status).toBe(200);
    // The next attempt works and creates one case.
    const ok = await call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident`, employee);
    expect(ok.status).toBe(200);
    const cases = await t.runtime.database.db.select().from(identCases).where(eq(identCases.orderId, orderId));
    expect(cases).toHaveLength(1);
  });

  it('answers a replayed valid callback 200 without effect', async () => {
    const secret = loadOrCreateSecret(t.config.dataDir, 'ident-callback').toString('hex');
    const body = JSON.stringify({ eventId: 'evt-replay-1', caseId: 'unknown-case', status: 'SUCCEEDED' });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/provider/callback',
        headers: { 'content-type': 'application/json', 'x-signature': signCallback(secret, body, t.clock.now()) },
        payload: body,
      });
    const first = await send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, replay: false });
    const again = await send();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, replay: true });
  });

  it('limits the status check to 40 calls a minute per user', async () => {
    const orderId = await orderAtIdentStep();
    const statuses: number[] = [];
    for (let i = 0; i < 45; i++)
      statuses.push((await call('GET', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident-check`, employee)).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const limited = await call('GET', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident-check`, employee);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await call('GET', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident-check`, employee)).status).toBe(200);
  });

  it('hides an order from another employee of the same employer', async () => {
    const orderId = await orderAtIdentStep();
    const colleague = await buildTenant(t.app, t.runtime.database.db, { prefix: 'kollege', now: t.clock.now() });
    // Move the colleague into the demo employer.
    const [me] = await t.runtime.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
    await t.runtime.database.db
      .update(users)
      .set({ tenantId: me!.tenantId })
      .where(eq(users.email, colleague.employee.email));
    expect((await call('GET', `/v1/order/${orderId}`, colleague.employee.accessToken)).status).toBe(404);
    expect((await call('GET', `/v1/order/${orderId}/contract`, colleague.employee.accessToken)).status).toBe(404);
  });
});
