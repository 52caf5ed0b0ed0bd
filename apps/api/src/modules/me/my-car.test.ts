import type { MeResponse, TerminationQuote } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';

/**
 * What "Mein Auto" asks (ADR 0063): `/v1/me` names the person's running lease, and the person asks
 * what ending it on a date would cost, for their own lease only.
 */
describe.each(databaseTargets())('my car on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let colleague: string;
  let leaseId: number;
  let pendingId: number;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const quoteOf = (orderId: number, token: string, query = '?date=2027-03-31&reason=LEAVING') =>
    get(`/v1/order/${orderId}/termination-quote${query}`, token);

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-06-15T09:00:00Z'));
    employee = (await loginAs(t.app)).accessToken;
    colleague = (await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'nachbar' })).accessToken;
    // The colleague's order is still waiting for HR: no car yet.
    pendingId = await buildOrder(t, colleague, { step: 'TENANT_ADMIN_CLICK_CONFIRM' });
    leaseId = await buildLease(t, employee, { handedOverMonthsAgo: 3 });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('names the running lease in /v1/me, and nothing without one', async () => {
    expect((await get('/v1/me', employee)).json<MeResponse>().activeLeaseOrderId).toBe(leaseId);
    expect((await get('/v1/me', colleague)).json<MeResponse>().activeLeaseOrderId).toBeNull();
    const hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    expect((await get('/v1/me', hr)).json<MeResponse>().activeLeaseOrderId).toBeNull();
  });

  it("quotes the employee's own lease and refuses everyone else's on the employee's path", async () => {
    const own = await quoteOf(leaseId, employee);
    expect(own.statusCode).toBe(200);
    const quote = own.json<TerminationQuote>();
    expect(quote).toMatchObject({ date: '2027-03-31', reason: 'LEAVING' });
    expect(quote.remainingMonths).toBeGreaterThan(0);
    expect(quote.options.map((o) => o.kind)).toEqual(['RETURN', 'TAKEOVER', 'TRANSFER']);
    // The same lease as HR sees it.
    const hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const theirs = await get(`/v1/tenant/orders/${leaseId}/termination-quote?date=2027-03-31&reason=LEAVING`, hr);
    expect(theirs.json<TerminationQuote>()).toEqual(quote);

    // A colleague at the same employer, the employer's HR and the provider on the employee's path, and
    // an employee of another employer: the lease is not theirs, so it does not exist for them.
    const provider = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    const stranger = await buildTenant(t.app, t.runtime.database.db, { now: t.clock.now() });
    for (const token of [colleague, hr, provider, stranger.employee.accessToken]) {
      const refused = await quoteOf(leaseId, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('remainingMonths');
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/order/${leaseId}/termination-quote?date=2027-03-31` })).statusCode,
    ).toBe(401);
  });

  it('has no quote before the handover, and checks the date after whose lease it is', async () => {
    expect((await quoteOf(pendingId, colleague)).statusCode).toBe(409);
    expect((await quoteOf(pendingId, employee)).statusCode).toBe(404);
    for (const query of ['', '?date=31.03.2027', '?date=2027-02-30', '?date=2026-01-01']) {
      const response = await quoteOf(leaseId, employee, query);
      expect(response.statusCode, query).toBe(400);
    }
    // A malformed date on someone else's lease is still a 404: nothing is told before whose it is.
    expect((await quoteOf(leaseId, colleague, '?date=morgen')).statusCode).toBe(404);
  });
});
