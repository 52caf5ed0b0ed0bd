import type { ProviderTrend } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { walkOrder } from '../../test-support/order-fixtures.js';
import { deliveriesDue, isoWeekOf, mondayOf, outcomeOf } from './dashboard-trend.js';

const DAY_MS = 24 * 3600_000;

describe('the weeks and outcomes of the dashboard trend', () => {
  it('names ISO weeks and their Mondays', () => {
    expect(mondayOf('2026-06-17')).toBe('2026-06-15');
    expect(mondayOf('2026-06-21')).toBe('2026-06-15');
    expect(mondayOf('2026-06-15')).toBe('2026-06-15');
    expect(isoWeekOf('2026-06-15')).toBe(25);
    expect(isoWeekOf('2026-01-01')).toBe(1);
    // 1 January 2027 is a Friday: still the last week of 2026, its 53rd.
    expect(isoWeekOf('2027-01-01')).toBe(53);
    expect(isoWeekOf('2027-01-04')).toBe(1);
  });

  it('puts each window in the week it begins, a begun one in this week, an ended one overdue', () => {
    const due = deliveriesDue(
      [
        { status: 'ADMIN_CONFIRM', from: '2026-06-01', to: '2026-06-16', n: 2 },
        { status: 'ADMIN_CONFIRM', from: '2026-06-10', to: '2026-06-20', n: 1 },
        { status: 'LEASING_ACTIVE', from: '2026-06-29', to: '2026-07-03', n: 4 },
        { status: 'LEASING_ACTIVE', from: '2026-12-01', to: '2026-12-11', n: 5 },
        { status: 'LEASING_ACTIVE', from: null, to: null, n: 3 },
        // Waiting for HR without a window is not due yet.
        { status: 'TENANT_ADMIN_CLICK_CONFIRM', from: null, to: null, n: 7 },
      ],
      '2026-06-17',
    );
    expect(due).toMatchObject({ overdue: 2, later: 5, withoutWindow: 3 });
    expect(due.weeks).toHaveLength(12);
    expect(due.weeks[0]).toEqual({ weekStart: '2026-06-15', isoWeek: 25, count: 1 });
    expect(due.weeks[2]).toEqual({ weekStart: '2026-06-29', isoWeek: 27, count: 4 });
    expect(due.weeks.reduce((sum, w) => sum + w.count, 0)).toBe(5);
  });

  it('counts handed-over and ended leases as leases, declines and cancellations apart', () => {
    expect(outcomeOf('LEASING_ACTIVE', true)).toBe('LEASE');
    expect(outcomeOf('LEASING_ACTIVE', false)).toBe('OPEN');
    expect(outcomeOf('CONVERSION_ENDED', true)).toBe('LEASE');
    expect(outcomeOf('LEASE_ENDED', true)).toBe('LEASE');
    expect(outcomeOf('DECLINED_BY_TENANT', false)).toBe('DECLINED');
    expect(outcomeOf('DECLINED_BY_ADMIN', false)).toBe('DECLINED');
    expect(outcomeOf('CANCELLED_BY_EMPLOYEE', false)).toBe('CANCELLED');
    expect(outcomeOf('EXPIRED', false)).toBe('CANCELLED');
    expect(outcomeOf('BREAKING_CHANGE', false)).toBe('CANCELLED');
    expect(outcomeOf('NECT_SIGN', false)).toBe('OPEN');
  });
});

describe.each(databaseTargets())('the provider dashboard trend on %s', (target) => {
  let t: TestApp;
  let provider: string;
  let employee: string;

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const trendOf = async (token: string, query = '?months=12') => {
    const response = await get(`/v1/provider/dashboard/trend${query}`, token);
    expect(response.statusCode).toBe(200);
    return response.json<ProviderTrend>();
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    // A Wednesday: this week began on Monday 15 June.
    t.clock.set(new Date('2026-06-17T09:00:00Z'));
    provider = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
    employee = (await loginAs(t.app)).accessToken;
    const colleague = (prefix: string) => buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix });

    await buildLease(t, employee, { handedOverMonthsAgo: 2 });
    for (const [prefix, window] of [
      ['diese-woche', { from: '2026-06-15', to: '2026-06-19' }],
      ['juli', { from: '2026-07-06', to: '2026-07-10' }],
    ] as const) {
      const person = await colleague(prefix);
      const orderId = await buildOrder(t, person.accessToken, { step: 'ADMIN_CONFIRM' });
      const set = await t.app.inject({
        method: 'PUT',
        url: `/v1/provider/orders/${orderId}/delivery-window`,
        headers: bearer(provider),
        payload: window,
      });
      expect(set.statusCode).toBe(200);
    }
    const declined = await buildOrder(t, (await colleague('abgelehnt')).accessToken, {
      step: 'TENANT_ADMIN_CLICK_CONFIRM',
    });
    await walkOrder(t.app.orderDeps.db, declined, [['decline', DEMO_ACCOUNTS.tenantAdmin]], {
      handoverDate: '2026-06-17',
      at: () => t.clock.now(),
    });
    await buildOrder(t, (await colleague('anfang')).accessToken);
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  it('counts this month’s orders by outcome, deliveries by week and open orders by days in their step', async () => {
    const trend = await trendOf(provider);
    expect(trend.ordersByMonth.map((m) => m.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    // Every order was placed today (a lease's handover lies in the past, its order not).
    expect(trend.ordersByMonth.at(-1)!.counts).toEqual({ LEASE: 1, OPEN: 3, DECLINED: 1, CANCELLED: 0 });
    expect(trend.ordersByMonth.slice(0, -1).every((m) => Object.values(m.counts).every((n) => n === 0))).toBe(true);

    expect(trend.deliveries).toMatchObject({ overdue: 0, later: 0, withoutWindow: 0 });
    expect(trend.deliveries.weeks[0]).toEqual({ weekStart: '2026-06-15', isoWeek: 25, count: 1 });
    expect(trend.deliveries.weeks[3]).toEqual({ weekStart: '2026-07-06', isoWeek: 28, count: 1 });

    expect(trend.openByDaysInStep.map((b) => b.bucket)).toEqual(['0-2', '3-7', '8-14', '15-30', '31+']);
    expect(trend.openByDaysInStep[0]!.counts).toEqual({
      EMPLOYEE_STEPS: 1,
      EMPLOYER_APPROVAL: 0,
      ORDERING: 2,
      DELIVERY: 0,
    });
    expect(trend.openByDaysInStep.slice(1).every((b) => Object.values(b.counts).every((n) => n === 0))).toBe(true);
  });

  it('moves waiting orders on by the days they wait and a passed window to overdue', async () => {
    t.clock.advance(20 * DAY_MS);
    try {
      const later = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
      const trend = await trendOf(later, '?months=1');
      expect(trend.ordersByMonth).toEqual([
        { month: '2026-07', counts: { LEASE: 0, OPEN: 0, DECLINED: 0, CANCELLED: 0 } },
      ]);
      expect(trend.openByDaysInStep.find((b) => b.bucket === '15-30')!.counts).toMatchObject({
        EMPLOYEE_STEPS: 1,
        ORDERING: 2,
      });
      // 7 July: the first window ended on 19 June, the second began this week (Monday 6 July).
      expect(trend.deliveries.overdue).toBe(1);
      expect(trend.deliveries.weeks[0]).toEqual({ weekStart: '2026-07-06', isoWeek: 28, count: 1 });
    } finally {
      t.clock.advance(-20 * DAY_MS);
    }
  });

  it('is the provider’s alone and checks the number of months', async () => {
    const hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    for (const token of [hr, employee]) {
      expect((await get('/v1/provider/dashboard/trend', token)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/provider/dashboard/trend' })).statusCode).toBe(401);
    for (const query of ['?months=0', '?months=25', '?months=2.5', '?months=x', '?weeks=3']) {
      const response = await get(`/v1/provider/dashboard/trend${query}`, provider);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    expect((await trendOf(provider, '')).ordersByMonth).toHaveLength(12);
    expect((await trendOf(provider, '?months=24')).ordersByMonth).toHaveLength(24);
  });
});
