import type { Order, Vehicle, VehicleSummary } from '@leasing/contract';
import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { identCases, userSteps } from '../../db/schema.js';
import { buildTenant } from '../../test-support/factories.js';
import { STEP } from '../../test-support/order-fixtures.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { signAtTrustService } from '../../test-support/csc-signing.js';
import { mailbox } from '../../test-support/mailbox.js';
import { runOrderChecks } from './service.js';

describe.each(databaseTargets())('orders on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let tenantAdmin: string;
  let providerAdmin: string;
  let packageId: string;
  let color: string;

  /** Fresh access tokens (after the clock was moved past their 15 minutes). */
  async function relogin() {
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    providerAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }

  beforeAll(async () => {
    t = await createTestApp(target, { listen: true });
    await relogin();
    const [car] = (await call<VehicleSummary[]>('GET', '/v1/search?manufacturerIds=Kia&modelIds=EV3', employee)).body;
    const vehicle = (await call<Vehicle>('GET', `/v1/vehicle/${car!.id}`, employee)).body;
    packageId = vehicle.leasePackages[0]!.id;
    color = vehicle.colors[0]!;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) {
    const response = await t.app.inject({
      method,
      url,
      ...(token ? { headers: bearer(token) } : {}),
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: (response.body ? response.json() : null) as T, raw: response };
  }

  async function newOrder(token = employee): Promise<number> {
    const created = await call<{ orderId: number }>('POST', '/v1/order', token, {
      leasePackageId: packageId,
      color,
      delivery: 'HOME',
    });
    expect(created.status).toBe(201);
    return created.body.orderId;
  }

  async function current(
    orderId: number,
    token = employee,
  ): Promise<{ order: Order; stepId: number; userStepId: string }> {
    const order = (await call<Order>('GET', `/v1/order/${orderId}/workflow`, token)).body;
    const open = order.userSteps.filter((s) => s.status === null).at(-1);
    return { order, stepId: open?.stepId ?? -1, userStepId: open?.id ?? '' };
  }

  async function act(
    orderId: number,
    stepId: number,
    action: 'accept' | 'decline' | 'execute',
    token: string,
    extra: object = {},
  ) {
    const { userStepId } = await current(orderId, token === employee ? employee : token);
    return call<Order>('PUT', `/v1/order/${orderId}/step/${stepId}/${action}`, token, {
      orderId,
      userStepId,
      ...extra,
    });
  }

  /** Completes a provider case in the simulator like a user would: the form on the linked page. */
  async function completeAtProvider(link: string, outcome: 'success' | 'failure' | 'cancel' = 'success') {
    const page = await fetch(link);
    const html = await page.text();
    expect(html).toContain('Erfolgreich abschließen');
    expect(html).not.toContain('<script');
    const posted = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
    });
    expect(posted.status).toBe(200);
  }

  /** Polls the check like the UI does (every 2 s here; the API allows 40 checks a minute). */
  async function waitForCheck(orderId: number, stepId: number, kind: 'nect-ident' | 'nect-sign') {
    // Generous: under a fully loaded CI machine, PDF rendering and the simulator's signing take a while.
    for (let i = 0; i < 60; i++) {
      const check = await call<boolean>('GET', `/v1/order/${orderId}/step/${stepId}/${kind}-check`, employee);
      if (check.body === true) return;
      await new Promise((r) => setTimeout(r, 2_000));
    }
    throw new Error(`${kind} did not complete`);
  }

  async function signedOrder(): Promise<number> {
    const orderId = await newOrder();
    expect((await act(orderId, STEP.summary, 'accept', employee, { agreed: true })).status).toBe(200);
    expect((await act(orderId, STEP.contract, 'accept', employee)).status).toBe(200);
    const ident = await call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident`, employee);
    expect(ident.body, JSON.stringify(ident.body)).toHaveProperty('link');
    await completeAtProvider(ident.body.link);
    await waitForCheck(orderId, STEP.ident, 'nect-ident');
    expect((await act(orderId, STEP.ident, 'accept', employee)).status).toBe(200);
    const sign = await call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.sign}/nect-sign`, employee);
    expect((await signAtTrustService(sign.body.link)).status).toBe(303);
    await waitForCheck(orderId, STEP.sign, 'nect-sign');
    return orderId;
  }

  it('refuses an order with missing things as the errors list', async () => {
    const bad = await call<{ errors: { field: string; message: string }[] }>('POST', '/v1/order', employee, {
      leasePackageId: packageId,
      color: 'Lila',
      delivery: 'HOME',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([{ field: 'color', message: 'Farbe' }]);
    const unknown = await call<{ errors: { field: string }[] }>('POST', '/v1/order', employee, {
      leasePackageId: '00000000-0000-4000-8000-000000000000',
      color,
      delivery: 'HOME',
    });
    expect(unknown.body.errors.map((e) => e.field)).toContain('leasePackageId');
    expect(
      (await call('POST', '/v1/order', tenantAdmin, { leasePackageId: packageId, color, delivery: 'HOME' })).status,
    ).toBe(403);
  });

  it('goes the whole way: summary, contract, identity, signature, employer, provider, handover', async () => {
    const orderId = await signedOrder();
    let state = await current(orderId, tenantAdmin);
    expect(state.order.status).toBe('TENANT_ADMIN_CLICK_CONFIRM');
    expect(state.order.documents).toHaveLength(1);
    // Employers and the provider see the order without salary data or tax result.
    expect(state.order.orderUserInfo.salaryInfo).toBeNull();
    expect(state.order.taxResult).toBeNull();
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === DEMO_ACCOUNTS.tenantAdmin && m.subject.includes('Freigabe erforderlich'))).toBe(
      true,
    );

    expect((await act(orderId, STEP.tenant, 'accept', tenantAdmin)).status).toBe(200);
    expect(
      (await mailbox(t.app)).some((m) => m.to === DEMO_ACCOUNTS.providerAdmin && m.subject.includes('freigegeben')),
    ).toBe(true);
    // The approval countersigns the contract: a second document, and the employee is told.
    const approved = await current(orderId);
    expect(approved.order.documents.map((d) => d.name)).toContain(
      `Ueberlassungsvertrag-${orderId}-gegengezeichnet.pdf`,
    );
    expect(
      (await mailbox(t.app)).some((m) => m.to === DEMO_ACCOUNTS.employee && m.text.includes('gegengezeichnet')),
    ).toBe(true);
    // The week to cancel runs from the signature: the car is ordered after it, or once the employee waived it.
    expect(approved.order.cancellation).toMatchObject({ open: true, waivedAt: null });
    expect((await act(orderId, STEP.admin, 'accept', providerAdmin)).status).toBe(409);
    const waived = await call<Order>('POST', `/v1/order/${orderId}/waive-cancellation`, employee, {
      acknowledged: true,
    });
    expect(waived.status).toBe(200);
    expect((await act(orderId, STEP.admin, 'accept', providerAdmin)).status).toBe(200);
    const handover = await act(orderId, STEP.active, 'accept', providerAdmin, { handoverDate: '2026-12-01' });
    expect(handover.status).toBe(200);
    state = await current(orderId);
    expect(state.order.status).toBe('LEASING_ACTIVE');
    expect(state.order.handoverDate).toBe('2026-12-01');
    const finalRecord = state.order.userSteps.filter((s) => s.stepId === STEP.active).at(-1);
    expect(finalRecord?.status).toBe('ACCEPTED');
    expect(state.order.taxResult?.userPrice).toBeGreaterThan(0);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${orderId}/contract/${state.order.documents.find((d) => d.name.includes('unterschrieben'))!.id}`,
      headers: bearer(employee),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename=".*unterschrieben\.pdf"; filename\*=UTF-8''/,
    );
    expect(pdf.headers['cache-control']).toBe('no-store');
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 180_000);

  it('returns the same link for repeated and parallel identity requests: one provider case', async () => {
    const orderId = await newOrder();
    await act(orderId, STEP.summary, 'accept', employee, { agreed: true });
    await act(orderId, STEP.contract, 'accept', employee);
    const links = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<{ link: string }>('PUT', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident`, employee),
      ),
    );
    expect(links.every((l) => l.status === 200)).toBe(true);
    expect(new Set(links.map((l) => l.body.link)).size).toBe(1);
    const cases = await t.runtime.database.db.select().from(identCases).where(eq(identCases.orderId, orderId));
    expect(cases).toHaveLength(1);
    expect(
      (await call<boolean>('GET', `/v1/order/${orderId}/step/${STEP.ident}/nect-ident-check`, employee)).body,
    ).toBe(false);
  });

  it('keeps every 409 rule and changes nothing', async () => {
    const orderId = await newOrder();
    const before = await current(orderId);
    // Step 2 before step 1.
    const early = await call('PUT', `/v1/order/${orderId}/step/${STEP.contract}/accept`, employee, {
      orderId,
      userStepId: before.userStepId,
    });
    expect(early.status).toBe(409);
    // The summary needs the agreement.
    expect((await act(orderId, STEP.summary, 'accept', employee)).status).toBe(400);
    // Signing before the identity check.
    expect((await call('PUT', `/v1/order/${orderId}/step/${STEP.sign}/nect-sign`, employee)).status).toBe(409);
    // A stale status record.
    await act(orderId, STEP.summary, 'accept', employee, { agreed: true });
    const stale = await call('PUT', `/v1/order/${orderId}/step/${STEP.contract}/accept`, employee, {
      orderId,
      userStepId: before.userStepId,
    });
    expect(stale.status).toBe(409);
    // Accepting the identity step before the provider says so.
    await act(orderId, STEP.contract, 'accept', employee);
    expect((await act(orderId, STEP.ident, 'accept', employee)).status).toBe(409);
    const after = await current(orderId);
    expect(after.order.status).toBe('NECT_DRIVERS_LICENCE');
  });

  it('lets exactly one of 20 parallel accepts through', async () => {
    const orderId = await newOrder();
    const { userStepId } = await current(orderId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('PUT', `/v1/order/${orderId}/step/${STEP.summary}/accept`, employee, {
          orderId,
          userStepId,
          agreed: true,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const records = await t.runtime.database.db.select().from(userSteps).where(eq(userSteps.orderId, orderId));
    expect(records).toHaveLength(3);
  });

  it('enforces the role matrix on steps', async () => {
    const orderId = await newOrder();
    // Employee steps: admins may not act (403).
    expect((await act(orderId, STEP.summary, 'accept', tenantAdmin, { agreed: true })).status).toBe(403);
    expect((await act(orderId, STEP.summary, 'accept', providerAdmin, { agreed: true })).status).toBe(403);
    // Employer and provider steps: the employee may not act (403).
    expect((await act(orderId, STEP.tenant, 'accept', employee)).status).toBe(403);
    expect((await act(orderId, STEP.admin, 'accept', employee)).status).toBe(403);
    // The provider may not take the employer's decision.
    expect((await act(orderId, STEP.tenant, 'accept', providerAdmin)).status).toBe(403);
  });

  it('handles both declines and refuses actions after them', async () => {
    const byTenant = await signedOrder();
    // The employee sees why: the employer's decline needs a reason.
    expect((await act(byTenant, STEP.tenant, 'decline', tenantAdmin)).status).toBe(400);
    expect((await act(byTenant, STEP.tenant, 'decline', tenantAdmin, { reason: '  ' })).status).toBe(400);
    expect((await act(byTenant, STEP.tenant, 'decline', tenantAdmin, { reason: 'Budget erschöpft' })).status).toBe(200);
    const declined = await current(byTenant);
    expect(declined.order.status).toBe('DECLINED_BY_TENANT');
    expect(declined.order.declineReason).toBe('Budget erschöpft');
    expect((await act(byTenant, STEP.tenant, 'accept', tenantAdmin)).status).toBe(409);

    const byAdmin = await signedOrder();
    await act(byAdmin, STEP.tenant, 'accept', tenantAdmin);
    expect((await act(byAdmin, STEP.admin, 'decline', providerAdmin, { reason: 'Nicht lieferbar' })).status).toBe(200);
    expect((await current(byAdmin)).order.status).toBe('DECLINED_BY_ADMIN');
    expect((await act(byAdmin, STEP.admin, 'decline', providerAdmin)).status).toBe(409);
    // A signed order cannot be deleted.
    expect((await call('DELETE', `/v1/order/${byAdmin}`, employee)).status).toBe(409);
  }, 240_000);

  it('moves an unsigned order to BREAKING_CHANGE when the salary data change', async () => {
    const orderId = await newOrder();
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(employee),
      payload: { addressDto: buildAddress(), salaryInfo: buildSalaryInfo({ grossMonthlySalaryEur: 6400 }) },
    });
    const state = await current(orderId);
    expect(state.order.status).toBe('BREAKING_CHANGE');
    expect((await act(orderId, STEP.summary, 'accept', employee, { agreed: true })).status).toBe(409);
    // The employee restarts: the old order can be deleted.
    expect((await call('DELETE', `/v1/order/${orderId}`, employee)).status).toBe(204);
    expect((await call('GET', `/v1/order/${orderId}`, employee)).status).toBe(404);
  });

  it('expires orders not signed within 30 days, by the scheduled check', async () => {
    const orderId = await newOrder();
    t.clock.advance(31 * 24 * 3600_000);
    const result = await runOrderChecks(t.app.orderDeps);
    await relogin();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect((await current(orderId)).order.status).toBe('EXPIRED');
  });

  it('refuses forged provider callbacks and ignores replays', async () => {
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/provider/callback',
      payload: { eventId: 'e1', caseId: 'x', status: 'SUCCEEDED' },
    });
    expect(unsigned.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/v1/provider/callback',
      headers: {
        'content-type': 'application/json',
        'x-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`,
      },
      payload: JSON.stringify({ eventId: 'e2', caseId: 'x', status: 'SUCCEEDED' }),
    });
    expect(forged.statusCode).toBe(401);
  });

  it('lists orders for the employee (newest first) and for each admin role', async () => {
    const own = await call<Order[]>('GET', '/v1/order', employee);
    expect(own.body.map((o) => o.id)).toEqual([...own.body.map((o) => o.id)].sort((a, b) => b - a));
    const tenantList = await call<{ items: { id: number }[] }>('GET', '/v1/admin/orders', tenantAdmin);
    expect(tenantList.status).toBe(200);
    expect(tenantList.body.items.length).toBe(own.body.length);
    expect(JSON.stringify(tenantList.body)).not.toMatch(/churchTax|salaryInfo|grossMonthlySalaryEur/);
    expect((await call('GET', '/v1/admin/orders', employee)).status).toBe(403);
    expect((await call('GET', '/v1/admin/orders')).status).toBe(401);
  });

  it('hides orders of other employees and other employers: 404 like an unknown id on every order route', async () => {
    const orderId = await newOrder();
    const { userStepId } = await current(orderId);
    const stranger = await buildTenant(t.app, t.runtime.database.db, { prefix: 'fremd', now: t.clock.now() });
    const routes: { method: 'GET' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/v1/order/${orderId}` },
      { method: 'GET', url: `/v1/order/${orderId}/workflow` },
      { method: 'DELETE', url: `/v1/order/${orderId}` },
      { method: 'GET', url: `/v1/order/${orderId}/contract` },
      { method: 'GET', url: `/v1/order/${orderId}/contract/00000000-0000-4000-8000-000000000000` },
      ...(['execute', 'accept', 'decline'] as const).map((a) => ({
        method: 'PUT' as const,
        url: `/v1/order/${orderId}/step/${STEP.summary}/${a}`,
        payload: { orderId, userStepId, agreed: true },
      })),
      { method: 'PUT', url: `/v1/order/${orderId}/step/${STEP.ident}/nect-ident` },
      { method: 'GET', url: `/v1/order/${orderId}/step/${STEP.ident}/nect-ident-check` },
      { method: 'PUT', url: `/v1/order/${orderId}/step/${STEP.sign}/nect-sign` },
      { method: 'GET', url: `/v1/order/${orderId}/step/${STEP.sign}/nect-sign-check` },
    ];
    for (const token of [stranger.employee.accessToken, stranger.admin.accessToken]) {
      for (const route of routes) {
        const theirs = await call<{ code: string }>(route.method, route.url, token, route.payload);
        const missingOrder = await call<{ code: string }>(
          route.method,
          route.url.replace(`/order/${orderId}`, '/order/999999'),
          token,
          route.payload && { ...route.payload, orderId: 999999 },
        );
        expect(theirs.status, `${route.method} ${route.url}`).toBe(404);
        expect(theirs.raw.body).toBe(missingOrder.raw.body);
      }
    }
    expect((await current(orderId)).order.status).toBe('CONFIRM_SUMMARY');
  });
});
