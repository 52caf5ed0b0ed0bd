import type { Order, WebhookEndpointCreated, WebhookEventBody } from '@leasing/contract';
import { WEBHOOK_EVENT_TYPES } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identCases, orders, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { startOfBerlinDay } from '../../lib/berlin-dates.js';
import { billingProfileFixture, tenantBillingFixture } from '../../test-support/billing-builders.js';
import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { STEP } from '../../test-support/order-fixtures.js';
import { startHookReceiver } from '../../test-support/webhook-receiver.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { announceReadyPayrollMonth } from './jobs.js';
import { deliverDueWebhooks } from './worker.js';

/** Each event where it happens, in the transaction of its change, received and verified at a real endpoint. */
describe.each(databaseTargets())('the events the platform sends on %s', (target) => {
  let t: TestApp;
  let tokens: { tenantAdmin: string; provider: string; employee: string };
  let hooks: Awaited<ReturnType<typeof startHookReceiver>>;
  let secret: string;
  let person: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp(target);
    hooks = await startHookReceiver([200]);
    tokens = {
      tenantAdmin: (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken,
      provider: (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken,
      employee: (await loginAs(t.app)).accessToken,
    };
    const created = await call<WebhookEndpointCreated>('POST', '/v1/tenant/webhooks', tokens.tenantAdmin, {
      url: hooks.url,
      events: [...WEBHOOK_EVENT_TYPES],
    });
    secret = created.body.secret;
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'hooked' });
    const [row] = await runAsSystem(() =>
      db()
        .update(users)
        .set({ employeeId: 'P-4711' })
        .where(eq(users.email, colleague.email))
        .returning({ id: users.id }),
    );
    person = { id: row?.id ?? '', token: colleague.accessToken };
  }, 120_000);
  afterAll(async () => {
    await hooks.close();
    await t.close();
  });

  const db = () => t.runtime.database.db;

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
  ) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const json = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: (json ? response.json() : null) as T, text: response.body };
  }

  /**
   * Delivers what is due and answers the bodies received since, each verified with the endpoint's
   * secret; with the app's clock moved away from the wall clock, the signature only (the library
   * refuses a timestamp more than five minutes from its own time, as a receiver should).
   */
  async function delivered(options: { clockMoved?: boolean } = {}): Promise<WebhookEventBody[]> {
    const before = hooks.received.length;
    await deliverDueWebhooks(t.app.webhookWorker.deps);
    return hooks.received.slice(before).map((hook) => {
      const webhook = new Webhook(secret);
      if (!options.clockMoved) return webhook.verify(hook.body, hook.headers) as WebhookEventBody;
      const at = new Date(Number(hook.headers['webhook-timestamp']) * 1000);
      expect(hook.headers['webhook-signature']).toBe(webhook.sign(hook.headers['webhook-id'] ?? '', at, hook.body));
      return JSON.parse(hook.body) as WebhookEventBody;
    });
  }

  const personFields = () => ({ personId: person.id, employeeId: 'P-4711' });

  it('tells of absences by their ids, never their type or dates', async () => {
    await buildLease(t, person.token, { handedOverMonthsAgo: 2 });
    const soon = (days: number) => berlinToday(new Date(t.clock.now().getTime() + days * 86_400_000));
    const recorded = await call<{ id: string }>(
      'POST',
      `/v1/tenant/employees/${person.id}/absences`,
      tokens.tenantAdmin,
      {
        type: 'PARENTAL_LEAVE',
        from: soon(10),
        to: soon(20),
      },
    );
    expect(recorded.status, recorded.text).toBe(201);
    const absenceId = recorded.body.id;
    expect(await delivered()).toEqual([
      { type: 'absence.created', timestamp: t.clock.now().toISOString(), data: { absenceId, ...personFields() } },
    ]);
    const base = `/v1/tenant/employees/${person.id}/absences/${absenceId}`;
    expect((await call('PATCH', base, tokens.tenantAdmin, { to: soon(30) })).status).toBe(200);
    expect((await delivered()).map((b) => [b.type, b.data])).toEqual([
      ['absence.updated', { absenceId, ...personFields() }],
    ]);
    expect((await call('DELETE', base, tokens.tenantAdmin)).status).toBe(204);
    const [deleted] = await delivered();
    expect(deleted?.type).toBe('absence.deleted');
    expect(JSON.stringify(deleted)).not.toMatch(/PARENTAL|Kollegin|Karla/);
  });

  it('tells of a leaving with the last working day', async () => {
    const date = berlinToday(new Date(t.clock.now().getTime() + 40 * 86_400_000));
    const left = await call('POST', `/v1/tenant/employees/${person.id}/leave`, tokens.tenantAdmin, { date });
    expect(left.status, left.text).toBe(200);
    expect((await delivered()).map((b) => [b.type, b.data])).toEqual([
      ['employee.left', { ...personFields(), leavingDate: date }],
    ]);
  });

  it('tells of the signature (the employee’s own request), the cancellation and the handover', async () => {
    // Signed: the employee completes the signature step after the provider's case succeeded.
    const signing = await buildOrder(t, tokens.employee, { step: 'NECT_SIGN' });
    const [order] = await runAsSystem(() => db().select().from(orders).where(eq(orders.id, signing)));
    await runAsSystem(() =>
      db()
        .insert(identCases)
        .values({
          orderId: signing,
          stepId: STEP.sign,
          kind: 'SIGN',
          providerCaseId: `signed-${signing}`,
          status: 'SUCCEEDED',
          createdAt: t.clock.now(),
          updatedAt: t.clock.now(),
        }),
    );
    const signed = await call<Order>('PUT', `/v1/order/${signing}/step/${STEP.sign}/accept`, tokens.employee, {
      orderId: signing,
      userStepId: order?.currentUserStepId,
    });
    expect(signed.status, signed.text).toBe(200);
    const [demoEmployee] = await runAsSystem(() =>
      db()
        .select({ id: users.id, employeeId: users.employeeId })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.employee)),
    );
    const employee = { personId: demoEmployee?.id, employeeId: demoEmployee?.employeeId };
    expect(employee.employeeId).toBeTruthy();
    expect((await delivered()).map((b) => [b.type, b.data])).toEqual([
      ['order.signed', { orderId: signing, ...employee }],
    ]);

    // Cancelled within the week to cancel.
    expect((await call('POST', `/v1/order/${signing}/cancel`, tokens.employee, { reason: 'anders' })).status).toBe(200);
    expect((await delivered()).map((b) => [b.type, b.data])).toEqual([
      ['order.cancelled', { orderId: signing, ...employee }],
    ]);

    // Handed over by the provider.
    const handing = await buildOrder(t, tokens.employee, { step: 'LEASING_ACTIVE' });
    const [row] = await runAsSystem(() => db().select().from(orders).where(eq(orders.id, handing)));
    const handoverDate = berlinToday(t.clock.now());
    const handed = await call('PUT', `/v1/order/${handing}/step/${STEP.active}/accept`, tokens.provider, {
      orderId: handing,
      userStepId: row?.currentUserStepId,
      handoverDate,
    });
    expect(handed.status, handed.text).toBe(200);
    expect((await delivered()).map((b) => [b.type, b.data])).toEqual([
      ['lease.started', { orderId: handing, ...employee, handoverDate }],
    ]);
  });

  it("tells of the lease's end by the car's return", async () => {
    const leaseId = await buildLease(t, person.token, { handedOverMonthsAgo: 5 });
    const returnedOn = berlinToday(t.clock.now());
    const returned = await call('POST', `/v1/provider/orders/${leaseId}/return`, tokens.provider, {
      returnedOn,
      odometerKm: 12_000,
      damages: [],
    });
    expect(returned.status, returned.text).toBe(201);
    expect((await delivered()).map((b) => [b.type, b.data])).toEqual([
      ['lease.ended', { orderId: leaseId, ...personFields(), endedOn: returnedOn, reason: 'RETURNED' }],
    ]);
  });

  it('tells of an issued invoice by its id and number', async () => {
    expect((await call('PUT', '/v1/provider/billing-profile', tokens.provider, billingProfileFixture())).status).toBe(
      200,
    );
    const { tenantId } = (await call<{ tenantId: string }>('GET', '/v1/tenant/billing', tokens.tenantAdmin)).body;
    expect(
      (await call('PUT', `/v1/provider/tenants/${tenantId}/billing`, tokens.provider, tenantBillingFixture())).status,
    ).toBe(200);
    const today = berlinToday(t.clock.now());
    const lastMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 2, 1))
      .toISOString()
      .slice(0, 7);
    const run = await call('POST', '/v1/provider/invoices/run', tokens.provider, { month: lastMonth });
    expect(run.status, run.text).toBe(200);
    const bodies = await delivered();
    expect(bodies.map((b) => b.type)).toEqual(['invoice.issued']);
    expect(bodies[0]?.data).toMatchObject({ type: 'INVOICE', month: lastMonth });
    expect((bodies[0]?.data as { invoiceNumber: string }).invoiceNumber).toMatch(/^RE-\d{4}-\d+$/);
  });

  it('announces the payroll month once, on the cut-off day', async () => {
    const now = t.clock.now();
    try {
      const month = berlinToday(now).slice(0, 7);
      t.clock.set(new Date(startOfBerlinDay(`${month}-14`).getTime() + 12 * 3_600_000));
      expect(await announceReadyPayrollMonth(t.app.webhookWorker.deps)).toBe(0);
      t.clock.set(new Date(startOfBerlinDay(`${month}-15`).getTime() + 3_600_000));
      expect(await announceReadyPayrollMonth(t.app.webhookWorker.deps)).toBe(1);
      expect(await announceReadyPayrollMonth(t.app.webhookWorker.deps)).toBe(0);
      t.clock.set(new Date(startOfBerlinDay(`${month}-28`).getTime()));
      expect(await announceReadyPayrollMonth(t.app.webhookWorker.deps)).toBe(0);
      expect(await delivered({ clockMoved: true })).toEqual([
        {
          type: 'payroll.month_ready',
          timestamp: startOfBerlinDay(`${month}-15`).toISOString(),
          data: { month },
        },
      ]);
    } finally {
      t.clock.set(now);
    }
  });
});
