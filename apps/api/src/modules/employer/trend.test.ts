import type { EmployerOverview, PayrollExport, TenantEmployeesPage, TenantTrend } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { payrollMonthTotals } from '../../db/schema-employer.js';
import { runAsSystem } from '../../db/scope.js';
import { users } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { monthsUpTo } from './trend.js';

const DAY_MS = 24 * 3600_000;

/**
 * HR's trend (ADR 0063): every month's figures are the payroll export's of that month, kept while
 * their inputs stand and computed again when one changes; only the employer's own admins ask.
 */
describe.each(databaseTargets())('the employer overview trend on %s', (target) => {
  let t: TestApp;
  let hr: string;
  let employee: string;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let tenantId: string;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  /** The trend once every month is there (a month missing is computed in the background meanwhile). */
  async function completeTrend(token: string, query = '?months=12'): Promise<TenantTrend> {
    for (let attempt = 0; attempt < 60; attempt++) {
      const response = await get(`/v1/tenant/overview/trend${query}`, token);
      expect(response.statusCode).toBe(200);
      const trend = response.json<TenantTrend>();
      if (trend.complete) return trend;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the trend never completed');
  }

  async function expectEqualToExports(trend: TenantTrend, token: string) {
    for (const { month, totals } of trend.months) {
      const exported = await get(`/v1/tenant/payroll/${month}`, token);
      expect(exported.statusCode).toBe(200);
      expect(totals, month).toEqual(exported.json<PayrollExport>().totals);
    }
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-06-15T09:00:00Z'));
    hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    employee = (await loginAs(t.app)).accessToken;
    // One lease from before the trend's first month, one from within it.
    await buildLease(t, employee, { handedOverMonthsAgo: 14 });
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'trend' });
    await buildLease(t, colleague.accessToken, { handedOverMonthsAgo: 5 });
    other = await buildTenant(t.app, t.runtime.database.db, { now: t.clock.now() });
    const [admin] = await runAsSystem(() =>
      t.runtime.database.db
        .select({ tenantId: users.tenantId })
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    tenantId = admin!.tenantId!;
  }, 180_000);
  afterAll(async () => {
    await t.app.backgroundTasks.drain();
    await t.close();
  });

  it('answers the last twelve months, each with the totals of that month’s payroll export', async () => {
    const trend = await completeTrend(hr);
    expect(trend.months.map((m) => m.month)).toEqual(monthsUpTo('2026-06', 12));
    expect(trend.months[0]!.month).toBe('2025-07');
    await expectEqualToExports(trend, hr);
    // Both leases convert in the current month; the first one alone a year ago.
    expect(trend.months.at(-1)!.totals!.leases).toBe(2);
    expect(trend.months[0]!.totals!.leases).toBe(1);
    expect(trend.months.every((m) => m.totals!.grossConversionEur > 0)).toBe(true);
    expect(trend.uptake).toEqual({ participants: 2, people: expect.any(Number) as number });
    expect(trend.uptake.people).toBeGreaterThanOrEqual(2);
    // The overview's card shows the same current month.
    const overview = (await get('/v1/tenant/overview', hr)).json<EmployerOverview>();
    expect(overview.totals).toEqual(trend.months.at(-1)!.totals);
    expect(overview.participants).toBe(trend.uptake.participants);
  });

  it('keeps the months while their inputs stand and computes them again when one changes', async () => {
    const stored = () =>
      runAsSystem(() =>
        t.runtime.database.db.select().from(payrollMonthTotals).where(eq(payrollMonthTotals.tenantId, tenantId)),
      );
    const before = await stored();
    expect(before).toHaveLength(12);
    // Encrypted at rest, as the salary profiles: a small employer's sums are one person's figures.
    for (const row of before) expect(row.ciphertext.toString('latin1')).not.toContain('grossConversionEur');
    // Asked again without a change: answered from the stored months, none written anew.
    await completeTrend(hr);
    expect((await stored()).map((r) => r.computedAt.getTime()).sort()).toEqual(
      before.map((r) => r.computedAt.getTime()).sort(),
    );

    // Parental leave from tomorrow: June's conversion pauses for the rest of the month.
    const june = (await completeTrend(hr)).months.at(-1)!.totals!;
    const people = (await get('/v1/tenant/employees', hr)).json<TenantEmployeesPage>();
    const max = people.items.find((p) => p.email === DEMO_ACCOUNTS.employee)!;
    const absence = await t.app.inject({
      method: 'POST',
      url: `/v1/tenant/employees/${max.id}/absences`,
      headers: bearer(hr),
      payload: { type: 'PARENTAL_LEAVE', from: '2026-06-16', to: '2026-08-31' },
    });
    expect(absence.statusCode).toBe(201);
    t.clock.advance(60_000);
    const after = await completeTrend(hr);
    await expectEqualToExports(after, hr);
    expect(after.months.at(-1)!.totals!.grossConversionEur).toBeLessThan(june.grossConversionEur);
    const rows = await stored();
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.inputsVersion)).size).toBe(1);
    expect(rows[0]!.inputsVersion).not.toBe(before[0]!.inputsVersion);

    // A month's ciphertext copied onto another month does not open there: that month is computed anew.
    const [first, last] = [rows.find((r) => r.month === '2025-07')!, rows.find((r) => r.month === '2026-06')!];
    await runAsSystem(() =>
      t.runtime.database.db
        .update(payrollMonthTotals)
        .set({ iv: first.iv, ciphertext: first.ciphertext, keyId: first.keyId })
        .where(and(eq(payrollMonthTotals.tenantId, tenantId), eq(payrollMonthTotals.month, last.month))),
    );
    t.clock.advance(60_000);
    await expectEqualToExports(await completeTrend(hr), hr);
    const recomputed = (await stored()).find((r) => r.month === '2026-06')!;
    expect(recomputed.computedAt.getTime()).toBeGreaterThan(last.computedAt.getTime());
  });

  it('counts the approvals waiting for HR by the days they have waited', async () => {
    const waiting = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'wartet' });
    await buildOrder(t, waiting.accessToken, { step: 'TENANT_ADMIN_CLICK_CONFIRM' });
    let trend = await completeTrend(hr, '?months=1');
    expect(trend.months).toHaveLength(1);
    expect(trend.openApprovals.total).toBe(1);
    expect(trend.openApprovals.byDaysWaiting).toEqual([
      { bucket: '0-2', count: 1 },
      { bucket: '3-7', count: 0 },
      { bucket: '8-14', count: 0 },
      { bucket: '15-30', count: 0 },
      { bucket: '31+', count: 0 },
    ]);
    expect(trend.uptake.participants).toBe(3);
    const overview = (await get('/v1/tenant/overview', hr)).json<EmployerOverview>();
    expect(overview.openApprovals).toBe(trend.openApprovals.total);
    t.clock.advance(10 * DAY_MS);
    try {
      // Ten days on, the access token of before has long run out.
      const later = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
      trend = await completeTrend(later, '?months=1');
      expect(trend.openApprovals.byDaysWaiting.find((b) => b.bucket === '8-14')?.count).toBe(1);
    } finally {
      t.clock.advance(-10 * DAY_MS);
    }
  });

  it("gives another employer's HR its own programme only, and refuses employees and the provider", async () => {
    const theirs = await completeTrend(other.admin.accessToken);
    expect(theirs.months.every((m) => m.totals!.leases === 0 && m.totals!.grossConversionEur === 0)).toBe(true);
    expect(theirs.uptake).toEqual({ participants: 0, people: 1 });
    expect(theirs.openApprovals.total).toBe(0);
    for (const token of [employee, other.employee.accessToken]) {
      expect((await get('/v1/tenant/overview/trend', token)).statusCode).toBe(403);
    }
    const provider = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    expect((await get('/v1/tenant/overview/trend', provider)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/tenant/overview/trend' })).statusCode).toBe(401);
  });

  it('checks the number of months', async () => {
    for (const query of ['?months=0', '?months=25', '?months=1.5', '?months=zwölf', '?months=12&tenantId=x']) {
      const response = await get(`/v1/tenant/overview/trend${query}`, hr);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const three = await completeTrend(hr, '?months=3');
    expect(three.months.map((m) => m.month)).toEqual(['2026-04', '2026-05', '2026-06']);
    const defaulted = await completeTrend(hr, '');
    expect(defaulted.months).toHaveLength(12);
  });
});
