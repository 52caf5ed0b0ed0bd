import type { Order } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orderDocuments, orders } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { buildEmployee, buildOrder } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { extractRuns } from '../../test-support/pdf-text.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { signatureColumns } from './cancellation.js';

const DAY = 86_400_000;

describe.each(databaseTargets())('the week to cancel on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let tenantAdmin: string;
  let providerAdmin: string;

  async function relogin() {
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    providerAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    await relogin();
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.app.orderDeps.db;

  async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  }

  /** An order of the demo employee signed now, as the signature writes it, standing in `step`. */
  async function signedOrder(step: 'TENANT_ADMIN_CLICK_CONFIRM' | 'ADMIN_CONFIRM' = 'TENANT_ADMIN_CLICK_CONFIRM') {
    const orderId = await buildOrder(t, employee, { step });
    const columns = await signatureColumns(db(), t.clock.now());
    await runAsSystem(() => db().update(orders).set(columns).where(eq(orders.id, orderId)));
    return orderId;
  }

  it('cancels an order signed today: a final state, the contract kept with a note, everyone mailed', async () => {
    const orderId = await signedOrder();
    const before = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, employee)).body;
    expect(before.cancellation).toMatchObject({ open: true, waivedAt: null, cancelledAt: null });

    const cancelled = await call<Order>('POST', `/v1/order/${orderId}/cancel`, employee, {
      reason: 'Ich habe mich anders entschieden',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED_BY_EMPLOYEE');
    expect(cancelled.body.cancellation).toMatchObject({ open: false, reason: 'Ich habe mich anders entschieden' });
    expect(cancelled.body.cancellation?.cancelledAt).not.toBeNull();
    const names = cancelled.body.documents.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining([`Stornobestaetigung-${orderId}.pdf`]));

    const [note] = await runAsSystem(() =>
      db().select().from(orderDocuments).where(eq(orderDocuments.kind, 'CANCELLATION')),
    );
    const text = (await extractRuns(note!.pdf)).runs.map((r) => r.text).join('\n');
    expect(text).toContain('Stornobestätigung');
    expect(text).toContain('Ich habe mich anders entschieden');
    // The contract stays the contract: its download is not the note.
    const contract = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${orderId}/contract`,
      headers: bearer(employee),
    });
    expect(contract.headers['content-disposition']).toContain('Ueberlassungsvertrag');

    const mails = (await mailbox(t.app)).filter((m) => m.subject.startsWith(`Bestellung ${orderId}:`));
    expect(mails.find((m) => m.to === DEMO_ACCOUNTS.employee)?.subject).toContain('storniert');
    expect(mails.find((m) => m.to === DEMO_ACCOUNTS.tenantAdmin)?.text).toContain('Ich habe mich anders entschieden');
    expect(mails.some((m) => m.to === DEMO_ACCOUNTS.providerAdmin && m.subject.includes('storniert'))).toBe(true);
    const audit = await runAsSystem(() =>
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.subjectId, String(orderId))),
    );
    expect(audit.map((a) => a.action)).toContain('order.cancelled');

    // Once cancelled, nothing more: a second cancel and HR's approval are refused.
    expect((await call('POST', `/v1/order/${orderId}/cancel`, employee, {})).status).toBe(409);
  });

  it('refuses after the window, with the day it ended', async () => {
    const orderId = await signedOrder();
    t.clock.advance(8 * DAY);
    try {
      await relogin();
      const late = await call<{ message: string }>('POST', `/v1/order/${orderId}/cancel`, employee, {});
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/Stornofrist ist am \d{2}\.\d{2}\.\d{4} abgelaufen/);
      const order = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, employee)).body;
      expect(order.status).toBe('TENANT_ADMIN_CLICK_CONFIRM');
      expect(order.cancellation?.open).toBe(false);
    } finally {
      t.clock.advance(-8 * DAY);
      await relogin();
    }
  });

  it('keeps the provider from ordering the car until the window is over or waived', async () => {
    const orderId = await signedOrder('ADMIN_CONFIRM');
    const pipeline = await call<{ items: { id: number; cancellableUntil: string | null }[] }>(
      'GET',
      `/v1/provider/orders?q=${orderId}`,
      providerAdmin,
    );
    expect(pipeline.body.items.find((i) => i.id === orderId)?.cancellableUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const order = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, providerAdmin)).body;
    const open = order.userSteps.filter((s) => s.status === null).at(-1);
    const accept = () =>
      call<{ message: string }>('PUT', `/v1/order/${orderId}/step/${open?.stepId}/accept`, providerAdmin, {
        orderId,
        userStepId: open?.id,
      });
    const early = await accept();
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('Stornofrist');

    // The waiver is an explicit yes, and the employee's alone.
    expect((await call('POST', `/v1/order/${orderId}/waive-cancellation`, employee, {})).status).toBe(400);
    expect(
      (await call('POST', `/v1/order/${orderId}/waive-cancellation`, tenantAdmin, { acknowledged: true })).status,
    ).toBe(403);
    const waived = await call<Order>('POST', `/v1/order/${orderId}/waive-cancellation`, employee, {
      acknowledged: true,
    });
    expect(waived.status).toBe(200);
    expect(waived.body.cancellation).toMatchObject({ open: false });
    expect(waived.body.cancellation?.waivedAt).not.toBeNull();
    expect((await call('POST', `/v1/order/${orderId}/cancel`, employee, {})).status).toBe(409);
    const mails = await mailbox(t.app);
    expect(
      mails.some(
        (m) => m.to === DEMO_ACCOUNTS.providerAdmin && m.subject === `Bestellung ${orderId}: Stornofrist aufgehoben`,
      ),
    ).toBe(true);

    expect((await accept()).status).toBe(200);
  });

  it('is the employee’s own: HR and the provider cannot cancel, a colleague gets a 404', async () => {
    const orderId = await signedOrder();
    expect((await call('POST', `/v1/order/${orderId}/cancel`, tenantAdmin, {})).status).toBe(403);
    expect((await call('POST', `/v1/order/${orderId}/cancel`, providerAdmin, {})).status).toBe(403);
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'storno' });
    expect((await call('POST', `/v1/order/${orderId}/cancel`, colleague.accessToken, {})).status).toBe(404);
    expect((await call('POST', `/v1/order/${orderId}/cancel`, employee, { reason: 'x'.repeat(1_001) })).status).toBe(
      400,
    );
    // An unsigned order is deleted, not cancelled.
    const unsigned = await buildOrder(t, employee);
    const refused = await call<{ message: string }>('POST', `/v1/order/${unsigned}/cancel`, employee, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('löschen');
  });

  it('lets the provider set the window for orders signed from then on', async () => {
    expect((await call('GET', '/v1/provider/order-settings', providerAdmin)).body).toEqual({ cancellationDays: 7 });
    const tooShort = await call<{ errors: { field: string; message: string }[] }>(
      'PUT',
      '/v1/provider/order-settings',
      providerAdmin,
      { cancellationDays: 5 },
    );
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.errors).toEqual([{ field: 'cancellationDays', message: 'min 7' }]);
    expect((await call('PUT', '/v1/provider/order-settings', tenantAdmin, { cancellationDays: 14 })).status).toBe(403);
    const before = await signedOrder();
    const saved = await call('PUT', '/v1/provider/order-settings', providerAdmin, { cancellationDays: 14 });
    expect(saved.body).toEqual({ cancellationDays: 14 });
    try {
      const after = await signedOrder();
      const dayOf = async (id: number) =>
        (await call<Order>('GET', `/v1/order/${id}/workflow`, employee)).body.cancellation?.lastDay ?? '';
      const days = (Date.parse(await dayOf(after)) - Date.parse(await dayOf(before))) / DAY;
      expect(days).toBe(7);
    } finally {
      await call('PUT', '/v1/provider/order-settings', providerAdmin, { cancellationDays: 7 });
    }
  });
});
