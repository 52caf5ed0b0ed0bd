import crypto from 'node:crypto';

import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint, WebhookEndpointCreated } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orderDocuments, orders, userSteps } from '../../db/schema.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema-webhooks.js';
import { runAsSystem } from '../../db/scope.js';
import { employeeSignedContract } from '../../test-support/csc-signing.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { pickOffer, placeOrder, STEP } from '../../test-support/order-fixtures.js';
import { startHookReceiver } from '../../test-support/webhook-receiver.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { enqueueWebhookEvent } from './events.js';
import { ATTEMPT_OFFSETS_MS, deliverDueWebhooks, nextAttemptAfter, RETRY_WINDOW_MS } from './worker.js';

describe('the retry schedule', () => {
  it('backs off from 5 s to 8 h and tries a last time 24 h after the first try', () => {
    const start = new Date('2026-05-04T08:00:00Z');
    const at = (ms: number) => new Date(start.getTime() + ms);
    expect(ATTEMPT_OFFSETS_MS.slice(0, 6)).toEqual([0, 5_000, 35_000, 155_000, 755_000, 4_355_000]);
    expect(ATTEMPT_OFFSETS_MS.at(-1)).toBe(RETRY_WINDOW_MS);
    expect(nextAttemptAfter(start, start)).toEqual(at(5_000));
    expect(nextAttemptAfter(start, at(5_000))).toEqual(at(35_000));
    // A worker that was away goes on with the next offset, without making up the missed ones.
    expect(nextAttemptAfter(start, at(3_700_000))).toEqual(at(4_355_000));
    expect(nextAttemptAfter(start, at(RETRY_WINDOW_MS - 1))).toEqual(at(RETRY_WINDOW_MS));
    expect(nextAttemptAfter(start, at(RETRY_WINDOW_MS))).toBeNull();
  });
});

describe.each(databaseTargets())('webhook deliveries on %s', (target) => {
  let t: TestApp;
  let tenantAdmin: string;
  const receivers: Awaited<ReturnType<typeof startHookReceiver>>[] = [];

  beforeAll(async () => {
    // Listening: the approval seals the contract at the development trust service.
    t = await createTestApp(target, { listen: true });
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await t.close();
  });

  const db = () => t.runtime.database.db;
  const pass = () => deliverDueWebhooks(t.app.webhookWorker.deps);

  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  }

  async function receiver(answers: number[]) {
    const started = await startHookReceiver(answers);
    receivers.push(started);
    return started;
  }

  async function endpoint(url: string, events: string[]) {
    const created = await call<WebhookEndpointCreated>('POST', '/v1/tenant/webhooks', tenantAdmin, { url, events });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** An order of the demo employee at the employer's step with a genuinely signed contract. */
  async function orderAtApproval(): Promise<{ orderId: number; recordId: string }> {
    const employee = (await loginAs(t.app)).accessToken;
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const recordId = crypto.randomUUID();
    const pdf = await employeeSignedContract(t.app.orderDeps.signing, 'Max Mustermann');
    await runAsSystem(async () => {
      await db().insert(userSteps).values({ id: recordId, orderId, stepId: STEP.tenant, modified: t.clock.now() });
      await db()
        .update(orders)
        .set({ status: 'TENANT_ADMIN_CLICK_CONFIRM', currentUserStepId: recordId, signedAt: t.clock.now() })
        .where(eq(orders.id, orderId));
      await db()
        .insert(orderDocuments)
        .values({ orderId, name: `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`, kind: 'CONTRACT_SIGNED', pdf });
    });
    return { orderId, recordId };
  }

  it("delivers HR's approval signed by the Standard Webhooks rules, and retries a failing receiver with the same id", async () => {
    const healthy = await receiver([200]);
    const flaky = await receiver([500, 200]);
    const first = await endpoint(healthy.url, ['order.approved', 'order.cancelled']);
    const second = await endpoint(flaky.url, ['order.approved']);
    const { orderId, recordId } = await orderAtApproval();

    const approved = await t.app.inject({
      method: 'PUT',
      url: `/v1/order/${orderId}/step/${STEP.tenant}/accept`,
      headers: bearer(tenantAdmin),
      payload: { orderId, userStepId: recordId },
    });
    expect(approved.statusCode, approved.body).toBe(200);

    expect(await pass()).toEqual({ delivered: 1, retrying: 1, failed: 0 });
    expect(healthy.received).toHaveLength(1);
    const [hook] = healthy.received;
    const verified = new Webhook(first.secret).verify(hook?.body ?? '', hook?.headers ?? {}) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(verified.type).toBe('order.approved');
    expect(verified.timestamp).toBe(new Date(verified.timestamp).toISOString());
    expect(Object.keys(verified.data).sort()).toEqual(['employeeId', 'orderId', 'personId']);
    expect(verified.data['orderId']).toBe(orderId);
    expect(hook?.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(hook?.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(hook?.headers['content-type']).toBe('application/json');
    // Ids only: no name, address or salary of the employee.
    expect(hook?.body).not.toMatch(/Mustermann|Max|salary|gross/i);
    // Another endpoint's secret does not verify it.
    expect(() => new Webhook(second.secret).verify(hook?.body ?? '', hook?.headers ?? {})).toThrow();

    // The failing receiver: due again after 5 s, under the same webhook-id and body.
    expect(flaky.received).toHaveLength(1);
    expect(await pass()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    t.clock.advance(5_000);
    expect(await pass()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(flaky.received).toHaveLength(2);
    expect(flaky.received[1]?.headers['webhook-id']).toBe(flaky.received[0]?.headers['webhook-id']);
    expect(flaky.received[1]?.headers['webhook-id']).toBe(hook?.headers['webhook-id']);
    expect(flaky.received[1]?.body).toBe(flaky.received[0]?.body);
    expect(new Webhook(second.secret).verify(flaky.received[1]?.body ?? '', flaky.received[1]?.headers ?? {})).toEqual(
      verified,
    );

    const log = await call<WebhookDeliveryPage>('GET', `/v1/tenant/webhooks/${second.id}/deliveries`, tenantAdmin);
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ total: 1, page: 1, pageSize: 25 });
    const delivery = log.body.items[0];
    expect(delivery).toMatchObject({ type: 'order.approved', status: 'DELIVERED', lastStatusCode: 200 });
    expect(delivery?.messageId).toBe(hook?.headers['webhook-id']);
    expect(delivery?.attempts.map((a) => [a.statusCode, a.responseExcerpt])).toEqual([
      [500, 'kaputt 500'],
      [200, 'ok'],
    ]);
    expect(delivery?.body).toBe(flaky.received[0]?.body);
  });

  it('delivers each event once when instances side by side run their passes at the same moment', async () => {
    const shared = await receiver([200]);
    const created = await endpoint(shared.url, ['absence.created']);
    const [{ tenantId } = { tenantId: '' }] = await runAsSystem(() =>
      db()
        .select({ tenantId: webhookEndpoints.tenantId })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, created.id)),
    );
    for (let i = 0; i < 25; i++)
      await runAsSystem(() =>
        db().transaction((tx) =>
          enqueueWebhookEvent(tx, {
            tenantId,
            type: 'absence.created',
            occurredAt: t.clock.now(),
            data: { absenceId: crypto.randomUUID(), personId: crypto.randomUUID(), employeeId: null },
          }),
        ),
      );
    const outcomes = await Promise.all([pass(), pass(), pass()]);
    expect(outcomes.reduce((n, o) => n + o.delivered, 0)).toBe(25);
    const ids = shared.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(25);
    expect(new Set(ids).size).toBe(25);
  });

  it('takes over a delivery whose worker died mid-try once its claim has run out, under the same id', async () => {
    const hooks = await receiver([200]);
    const created = await endpoint(hooks.url, ['employee.left']);
    const [{ tenantId } = { tenantId: '' }] = await runAsSystem(() =>
      db()
        .select({ tenantId: webhookEndpoints.tenantId })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, created.id)),
    );
    await runAsSystem(() =>
      db().transaction((tx) =>
        enqueueWebhookEvent(tx, {
          tenantId,
          type: 'employee.left',
          occurredAt: t.clock.now(),
          data: { personId: crypto.randomUUID(), employeeId: 'P-1', leavingDate: '2026-12-31' },
        }),
      ),
    );
    // Claimed as a worker claims it (the try counted, the row held for two minutes), then the worker dies.
    const [claimed] = await runAsSystem(() =>
      db()
        .update(webhookDeliveries)
        .set({
          attempts: 1,
          seriesStartedAt: t.clock.now(),
          nextAttemptAt: new Date(t.clock.now().getTime() + 120_000),
        })
        .where(eq(webhookDeliveries.endpointId, created.id))
        .returning(),
    );
    expect(await pass()).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    t.clock.advance(120_000);
    expect(await pass()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(hooks.received.map((r) => r.headers['webhook-id'])).toEqual([claimed?.messageId]);
  });

  it('gives up after 24 hours: the endpoint is failing, HR is mailed once, and a re-send keeps the id', async () => {
    const down = await receiver([503]);
    const created = await endpoint(down.url, ['invoice.issued']);
    const [{ tenantId } = { tenantId: '' }] = await runAsSystem(() =>
      db()
        .select({ tenantId: webhookEndpoints.tenantId })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, created.id)),
    );
    // Two events for the same endpoint: the first to fail marks it, the second one waits.
    for (const invoiceNumber of ['RE-2026-000101', 'RE-2026-000102'])
      await runAsSystem(() =>
        db().transaction((tx) =>
          enqueueWebhookEvent(tx, {
            tenantId,
            type: 'invoice.issued',
            occurredAt: t.clock.now(),
            data: { invoiceId: crypto.randomUUID(), invoiceNumber, type: 'INVOICE', month: '2026-04' },
          }),
        ),
      );
    const startedAt = t.clock.now().getTime();
    let outcome = await pass();
    expect(outcome).toEqual({ delivered: 0, retrying: 2, failed: 0 });
    for (let round = 0; outcome.failed === 0; round++) {
      expect(round).toBeLessThan(ATTEMPT_OFFSETS_MS.length);
      const [next] = await runAsSystem(() =>
        db()
          .select({ at: webhookDeliveries.nextAttemptAt })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.endpointId, created.id))
          .orderBy(webhookDeliveries.nextAttemptAt)
          .limit(1),
      );
      t.clock.set(next?.at ?? t.clock.now());
      outcome = await pass();
    }
    // Both failed at the 24 hours' last try: one marked the endpoint, one mail each to HR.
    expect(outcome.failed).toBe(2);
    expect(t.clock.now().getTime() - startedAt).toBe(RETRY_WINDOW_MS);
    expect(down.received).toHaveLength(2 * ATTEMPT_OFFSETS_MS.length);
    const ids = new Set(down.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(2);

    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const failing = await call<WebhookEndpoint>('GET', `/v1/tenant/webhooks/${created.id}`, tenantAdmin);
    expect(failing.body.status).toBe('FAILING');
    expect(failing.body.failingSince).toBe(t.clock.now().toISOString());
    const mails = (await mailbox(t.app)).filter((m) => m.subject === `Webhook an 127.0.0.1:${down.port} ausgesetzt`);
    expect(mails.map((m) => m.to)).toEqual([DEMO_ACCOUNTS.tenantAdmin]);
    expect(mails[0]?.text).toContain('24 Stunden');
    expect(mails[0]?.links[0]).toMatch(/\/employer\/integrations$/);

    // A failing endpoint gets nothing, and nothing is sent again until HR takes it back.
    const log = await call<WebhookDeliveryPage>('GET', `/v1/tenant/webhooks/${created.id}/deliveries`, tenantAdmin);
    expect(log.body.items.map((d) => d.status)).toEqual(['FAILED', 'FAILED']);
    expect(log.body.items[0]?.attempts).toHaveLength(ATTEMPT_OFFSETS_MS.length);
    expect(log.body.items[0]?.attempts.every((a) => a.statusCode === 503)).toBe(true);
    const failed = log.body.items[0] as WebhookDelivery;
    const refused = await call('POST', `/v1/tenant/webhooks/${created.id}/deliveries/${failed.id}/resend`, tenantAdmin);
    expect(refused.status).toBe(409);

    down.answers.splice(0, down.answers.length, 200);
    const on = await call<WebhookEndpoint>('PATCH', `/v1/tenant/webhooks/${created.id}`, tenantAdmin, {
      enabled: true,
    });
    expect(on.body).toMatchObject({ status: 'ACTIVE', failingSince: null });
    const resent = await call<WebhookDelivery>(
      'POST',
      `/v1/tenant/webhooks/${created.id}/deliveries/${failed.id}/resend`,
      tenantAdmin,
    );
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ status: 'PENDING', messageId: failed.messageId });
    const before = down.received.length;
    expect(await pass()).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(down.received.slice(before).map((r) => r.headers['webhook-id'])).toEqual([failed.messageId]);
    const after = await call<WebhookDeliveryPage>(
      'GET',
      `/v1/tenant/webhooks/${created.id}/deliveries?status=DELIVERED`,
      tenantAdmin,
    );
    expect(after.body.items.map((d) => d.id)).toEqual([failed.id]);
    expect(after.body.items[0]?.attempts.at(-1)?.statusCode).toBe(200);

    // Marked failing once: no second mail for the second delivery.
    const again = (await mailbox(t.app)).filter((m) => m.subject.startsWith('Webhook an'));
    expect(again).toHaveLength(1);
  });
});
