import type {
  LeaseEndInfo,
  LeaseReturn,
  Order,
  PayrollExport,
  ProviderOrdersPage,
} from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder, walkOrder, type WalkStep } from '../../test-support/order-fixtures.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import { stepOfType } from '../orders/steps.js';
import { berlinToday } from './returns.js';
import { addDays, addMonths } from './settlement.js';

/** `YYYY-MM` of the month after `month`. */
const nextMonth = (month: string) => addMonths(`${month}-01`, 1).slice(0, 7);

describe.each(databaseTargets())('a follow-up car replaces a running lease on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let older: number;
  let followUp: number;
  let today: string;
  let followUpHandover: string;

  /** Moves an order on as the workflow would; the handover on `handoverDate`. */
  const walk = (orderId: number, steps: WalkStep[], handoverDate: string) =>
    walkOrder(t.app.orderDeps.db, orderId, steps, { handoverDate, at: () => t.clock.now() });

  const toOrdered: WalkStep[] = [
    ['accept', DEMO_ACCOUNTS.employee],
    ['accept', DEMO_ACCOUNTS.employee],
    ['accept', DEMO_ACCOUNTS.employee],
    ['accept', null],
    ['accept', DEMO_ACCOUNTS.tenantAdmin],
    ['accept', DEMO_ACCOUNTS.providerAdmin],
  ];

  const payroll = async (month: string) =>
    (await call<PayrollExport>('GET', `/v1/tenant/payroll/${month}`, tokens.tenantAdmin)).body;
  /** The orders of these two that convert salary in `month`. */
  const converting = async (month: string) =>
    (await payroll(month)).rows
      .filter((r) => (r.orderId === older || r.orderId === followUp) && r.grossConversionEur > 0)
      .map((r) => r.orderId);

  beforeAll(async () => {
    t = await createTestApp(target);
    today = berlinToday(t.clock.now());
    followUpHandover = addDays(today, -10);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    const offer = await pickOffer(t.app, tokens.employee);
    older = await placeOrder(t.app, tokens.employee, offer);
    followUp = await placeOrder(t.app, tokens.employee, offer);
    await walk(older, [...toOrdered, ['accept', DEMO_ACCOUNTS.providerAdmin]], addMonths(today, -30));
    await walk(followUp, toOrdered, '');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it("ends the earlier lease's conversion at the follow-up's handover: it awaits its car's return", async () => {
    const [before] = await t.app.orderDeps.db.select().from(orders).where(eq(orders.id, followUp));
    const userStepId = before?.currentUserStepId ?? '';
    const handover = await call<Order>(
      'PUT',
      `/v1/order/${followUp}/step/${stepOfType('LEASING_ACTIVE').id}/accept`,
      tokens.provider,
      { orderId: followUp, userStepId, handoverDate: followUpHandover },
    );
    expect(handover.status).toBe(200);
    expect(handover.body.status).toBe('LEASING_ACTIVE');

    const old = await call<Order>('GET', `/v1/order/${older}`, tokens.employee);
    expect(old.body.status).toBe('CONVERSION_ENDED');
    const step = old.body.steps.find((s) => s.stepType === 'CONVERSION_ENDED');
    expect(step?.stepName).toBe('Gehaltsumwandlung beendet – Rückgabe offen');
    expect(old.body.userSteps.some((r) => r.stepId === step?.id && r.status === 'ACCEPTED')).toBe(true);

    const info = await call<LeaseEndInfo>('GET', `/v1/order/${older}/lease-end`, tokens.employee);
    expect(info.body.conversionEndedOn).toBe(addDays(followUpHandover, -1));
    const running = await call<LeaseEndInfo>('GET', `/v1/order/${followUp}/lease-end`, tokens.employee);
    expect(running.body.conversionEndedOn).toBeNull();

    // The provider still has the old car among the running leases, to arrange and record its return.
    const pipeline = await call<ProviderOrdersPage>('GET', `/v1/provider/orders?q=${older}`, tokens.provider);
    expect(pipeline.body.items.find((o) => o.id === older)?.pipelineStatus).toBe('ACTIVE');
    const appointment = await call('PUT', `/v1/provider/orders/${older}/return-appointment`, tokens.provider, {
      date: addDays(today, 7),
      place: 'Autohaus Mitte',
    });
    expect(appointment.status).toBe(200);
  });

  it('converts every month once across the switch: no month twice, none skipped', async () => {
    const switchMonth = followUpHandover.slice(0, 7);
    const before = addMonths(`${switchMonth}-01`, -1).slice(0, 7);
    expect(await converting(before)).toEqual([older]);
    expect(await converting(switchMonth)).toHaveLength(1);
    expect(await converting(nextMonth(switchMonth))).toEqual([followUp]);
    const oldRow = (await payroll(switchMonth)).rows.find((r) => r.orderId === older);
    expect(oldRow).toMatchObject({ change: 'ENDED', endDate: addDays(followUpHandover, -1) });
  });

  it('closes the replaced lease with the return and settles it in the return month, the months unchanged', async () => {
    const switchMonth = followUpHandover.slice(0, 7);
    const [beforeSwitch, beforeNext] = [await converting(switchMonth), await converting(nextMonth(switchMonth))];
    const response = await call<LeaseReturn>('POST', `/v1/provider/orders/${older}/return`, tokens.provider, {
      returnedOn: today,
      odometerKm: 20_000,
      damages: [{ description: 'Delle Fahrertür', costEur: 250 }],
    });
    expect(response.status).toBe(201);
    const old = await call<Order>('GET', `/v1/order/${older}`, tokens.employee);
    expect(old.body.status).toBe('LEASE_ENDED');
    expect(old.body.documents.some((d) => d.name === `Schlussabrechnung-${older}.pdf`)).toBe(true);

    const rows = (await payroll(today.slice(0, 7))).rows;
    expect(rows.find((r) => r.orderId === older)?.settlementEur).toBe(response.body.settlement.totalEur);
    expect(rows.find((r) => r.orderId === followUp)?.settlementEur).toBeUndefined();
    // The return after the switch does not move the conversion's end back.
    expect(await converting(switchMonth)).toEqual(beforeSwitch);
    expect(await converting(nextMonth(switchMonth))).toEqual(beforeNext);

    const again = await call('POST', `/v1/provider/orders/${older}/return`, tokens.provider, {
      returnedOn: today,
      odometerKm: 20_000,
      damages: [],
    });
    expect(again.status).toBe(409);
  });
});
