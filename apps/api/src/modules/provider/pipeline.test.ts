import type { Order, OrderTimelineEvent, ProviderDashboard, ProviderOrdersPage } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identCases } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { stepOfType } from '../orders/index.js';
import { buildTenant } from '../../test-support/factories.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { pickOffer, placeOrder, walkOrder, type WalkStep } from '../../test-support/order-fixtures.js';
import { berlinMonth } from '../../lib/berlin-dates.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';

const DAY = 24 * 3600_000;

describe.each(databaseTargets())('provider: order pipeline on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let delivering: number;
  let fresh: number;
  let approving: number;
  let active: number;

  /** Moves an order on as the workflow would, each step `days` after the previous one. */
  const walk = (orderId: number, steps: WalkStep[], days: number) =>
    walkOrder(t.app.orderDeps.db, orderId, steps, {
      handoverDate: `${berlinMonth(t.clock.now())}-15`,
      at: (index, createdAt) => new Date(createdAt.getTime() + days * DAY * (index + 1)),
    });

  const employeeSteps = (email: string): WalkStep[] => [
    ['accept', email],
    ['accept', email],
    ['accept', email],
    ['accept', null],
  ];

  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    other = await buildTenant(t.app, t.app.orderDeps.db, { name: 'Andere GmbH', now: t.clock.now() });
    const offer = await pickOffer(t.app, tokens.employee);
    delivering = await placeOrder(t.app, tokens.employee, offer);
    fresh = await placeOrder(t.app, tokens.employee, offer);
    approving = await placeOrder(t.app, other.employee.accessToken, offer);
    active = await placeOrder(t.app, tokens.employee, offer);
    const toOrdered: WalkStep[] = [
      ...employeeSteps(DEMO_ACCOUNTS.employee),
      ['accept', DEMO_ACCOUNTS.tenantAdmin],
      ['accept', DEMO_ACCOUNTS.providerAdmin],
    ];
    await walk(delivering, toOrdered, 2);
    await walk(active, [...toOrdered, ['accept', DEMO_ACCOUNTS.providerAdmin]], 4);
    await walk(approving, employeeSteps(other.employee.email), 1);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const page = async (query: string) => {
    const response = await call<ProviderOrdersPage>('GET', `/v1/provider/orders?${query}`, tokens.provider);
    expect(response.status).toBe(200);
    return response.body;
  };
  const ids = (p: ProviderOrdersPage) => p.items.map((i) => i.id);

  it('is for the provider only', async () => {
    for (const token of [tokens.employee, tokens.tenantAdmin]) {
      expect((await call('GET', '/v1/provider/orders', token)).status).toBe(403);
      expect((await call('GET', '/v1/provider/dashboard', token)).status).toBe(403);
      expect(
        (
          await call('PUT', `/v1/provider/orders/${delivering}/delivery-window`, token, {
            from: '2027-01-01',
            to: '2027-01-31',
          })
        ).status,
      ).toBe(403);
    }
  });

  it('filters by employer, status, step and date, searches and pages in the database', async () => {
    expect(ids(await page(''))).toEqual([active, approving, fresh, delivering]);
    expect(ids(await page(`tenantId=${other.tenantId}`))).toEqual([approving]);
    expect(ids(await page('status=DELIVERY'))).toEqual([delivering]);
    expect(ids(await page('status=ACTIVE'))).toEqual([active]);
    expect(ids(await page('status=EMPLOYER_APPROVAL'))).toEqual([approving]);
    expect(ids(await page('step=CONFIRM_SUMMARY'))).toEqual([fresh]);
    expect(ids(await page('q=Extern'))).toEqual([approving]);
    expect(ids(await page('q=max%20muster'))).toEqual([active, fresh, delivering]);
    expect(ids(await page(`q=${fresh}`))).toEqual([fresh]);
    const berlinDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(at);
    const today = berlinDay(t.clock.now());
    expect((await page(`from=${today}&to=${today}`)).total).toBe(4);
    const tomorrow = berlinDay(new Date(t.clock.now().getTime() + DAY));
    expect((await page(`from=${tomorrow}`)).total).toBe(0);
    const first = await page('pageSize=3');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(first.items).toHaveLength(3);
    expect(ids(await page('pageSize=3&page=2'))).toEqual([delivering]);
    expect(first.items[0]).toMatchObject({
      pipelineStatus: 'ACTIVE',
      tenantName: 'Muster GmbH',
      handoverDate: expect.any(String),
    });
    expect((await call('GET', '/v1/provider/orders?status=SOMETHING', tokens.provider)).status).toBe(400);
  });

  it('shows every step change with who and when', async () => {
    const timeline = (
      await call<OrderTimelineEvent[]>('GET', `/v1/provider/orders/${delivering}/timeline`, tokens.provider)
    ).body;
    expect(timeline[0]).toMatchObject({ kind: 'STEP', stepType: 'CONFIRM_SUMMARY', outcome: 'CURRENT' });
    expect(timeline).toContainEqual(
      expect.objectContaining({
        stepType: 'TENANT_ADMIN_CLICK_CONFIRM',
        outcome: 'ACCEPTED',
        actor: { name: 'Petra Personal', role: 'Arbeitgeber' },
      }),
    );
    expect(timeline).toContainEqual(
      expect.objectContaining({
        stepType: 'ADMIN_CONFIRM',
        outcome: 'ACCEPTED',
        actor: { name: 'Alex Admin', role: 'Anbieter' },
      }),
    );
    expect(timeline).toContainEqual(
      expect.objectContaining({ stepType: 'NECT_SIGN', outcome: 'ACCEPTED', actor: null }),
    );
    expect(timeline.at(-1)).toMatchObject({ stepType: 'LEASING_ACTIVE', outcome: 'CURRENT' });
  });

  it('names the failed licence-check and signature attempts, not the open or successful ones', async () => {
    const at = (minutes: number) => new Date(t.clock.now().getTime() + minutes * 60_000);
    const attempt = (
      kind: 'IDENT' | 'SIGN',
      status: 'FAILED' | 'CANCELLED' | 'SUCCEEDED' | 'PENDING',
      minutes: number,
    ) => ({
      orderId: fresh,
      stepId: stepOfType(kind === 'IDENT' ? 'NECT_DRIVERS_LICENCE' : 'NECT_SIGN').id,
      kind,
      status,
      failureMessage: status === 'FAILED' ? 'Sie haben die Signatur beim Vertrauensdienst abgelehnt.' : null,
      createdAt: at(minutes - 1),
      updatedAt: at(minutes),
    });
    await runAsSystem(() =>
      t.app.orderDeps.db
        .insert(identCases)
        .values([
          attempt('IDENT', 'CANCELLED', 1),
          attempt('IDENT', 'SUCCEEDED', 2),
          attempt('SIGN', 'FAILED', 3),
          attempt('SIGN', 'PENDING', 4),
        ]),
    );
    const timeline = (await call<OrderTimelineEvent[]>('GET', `/v1/provider/orders/${fresh}/timeline`, tokens.provider))
      .body;
    const attempts = timeline.filter((e) => e.kind === 'ATTEMPT');
    expect(attempts).toEqual([
      {
        at: at(1).toISOString(),
        kind: 'ATTEMPT',
        stepType: 'NECT_DRIVERS_LICENCE',
        outcome: null,
        actor: null,
        deliveryWindow: null,
        attempt: { kind: 'IDENT', status: 'CANCELLED', message: null },
      },
      {
        at: at(3).toISOString(),
        kind: 'ATTEMPT',
        stepType: 'NECT_SIGN',
        outcome: null,
        actor: null,
        deliveryWindow: null,
        attempt: { kind: 'SIGN', status: 'FAILED', message: 'Sie haben die Signatur beim Vertrauensdienst abgelehnt.' },
      },
    ]);
    // In time order with the step changes; the other kinds carry no attempt.
    expect(timeline.map((e) => e.at)).toEqual([...timeline.map((e) => e.at)].sort());
    expect(timeline.filter((e) => e.kind !== 'ATTEMPT').every((e) => e.attempt === null)).toBe(true);
  });

  it('sets the delivery window: the employee sees it and is mailed when it changes', async () => {
    const url = `/v1/provider/orders/${delivering}/delivery-window`;
    const set = await call<Order>('PUT', url, tokens.provider, { from: '2027-03-01', to: '2027-03-21' });
    expect(set.status).toBe(200);
    const seen = (await call<Order>('GET', `/v1/order/${delivering}`, tokens.employee)).body;
    expect(seen.deliveryWindow).toEqual({ from: '2027-03-01', to: '2027-03-21' });
    const mails = (await mailbox(t.app)).filter((m) => m.subject.includes('Voraussichtlicher Liefertermin'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: DEMO_ACCOUNTS.employee,
      text: expect.stringContaining('01.03.2027 und dem 21.03.2027'),
    });
    // The same window again: nothing changed, no mail.
    await call('PUT', url, tokens.provider, { from: '2027-03-01', to: '2027-03-21' });
    expect((await mailbox(t.app)).filter((m) => m.subject.includes('Voraussichtlicher Liefertermin'))).toHaveLength(1);
    const timeline = (
      await call<OrderTimelineEvent[]>('GET', `/v1/provider/orders/${delivering}/timeline`, tokens.provider)
    ).body;
    // (The fixture dated the step changes days ahead, so the window change is not the last entry here.)
    expect(timeline.find((e) => e.kind === 'DELIVERY_WINDOW')).toMatchObject({
      kind: 'DELIVERY_WINDOW',
      actor: { name: 'Alex Admin' },
      deliveryWindow: { from: '2027-03-01' },
    });

    const backwards = await call('PUT', url, tokens.provider, { from: '2027-03-21', to: '2027-03-01' });
    expect(backwards.status).toBe(400);
    const unsigned = await call('PUT', `/v1/provider/orders/${fresh}/delivery-window`, tokens.provider, {
      from: '2027-03-01',
      to: '2027-03-21',
    });
    expect(unsigned.status).toBe(409);
  });

  it('sums up the pipeline: per status, per employer, median days per step, handovers this month', async () => {
    const board = (await call<ProviderDashboard>('GET', '/v1/provider/dashboard', tokens.provider)).body;
    const status = Object.fromEntries(board.byStatus.map((s) => [s.status, s.count]));
    expect(status).toEqual({ EMPLOYEE_STEPS: 1, EMPLOYER_APPROVAL: 1, ORDERING: 0, DELIVERY: 1, ACTIVE: 1, CLOSED: 0 });
    expect(board.byTenant).toEqual([
      { tenantId: other.tenantId, name: 'Andere GmbH', count: 1 },
      expect.objectContaining({ name: 'Muster GmbH', count: 3 }),
    ]);
    const median = Object.fromEntries(board.medianDaysPerStep.map((s) => [s.stepType, s]));
    // Summary steps took 2, 4 and 1 days: the median is 2.
    expect(median['CONFIRM_SUMMARY']).toEqual({ stepType: 'CONFIRM_SUMMARY', medianDays: 2, samples: 3 });
    expect(median['ADMIN_CONFIRM']).toMatchObject({ medianDays: 3, samples: 2 });
    expect(median['LEASING_ACTIVE']).toMatchObject({ medianDays: 4, samples: 1 });
    expect(board.handoversThisMonth).toBe(1);
  });
});
