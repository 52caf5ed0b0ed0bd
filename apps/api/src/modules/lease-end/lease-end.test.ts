import type { LeaseEndInfo, LeaseReturn, LicenceCheckRow, Order, PayrollExport } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identCases, orders } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildTenant } from '../../test-support/factories.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { pickOffer, placeOrder, walkOrder, type WalkStep } from '../../test-support/order-fixtures.js';
import { extractRuns, NBSP } from '../../test-support/pdf-text.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import type { OrderTerms } from '../orders/snapshot.js';
import { berlinToday } from './returns.js';
import { addDays, addMonths } from './settlement.js';

/** The kilometre rules of docs/pricing.md's worked example (VW ID.3 Pro S, 36 months, 10,000 km). */
const ID3_RULES = {
  durationMonths: 36,
  kmPerYear: 10_000,
  costsMoreKilometers: 0.1071,
  reimbursementLessKilometers: 0.0643,
  excessMileageAllowance: 2_500,
  exemptionLimitLessKilometers: 2_500,
  capFewerKilometers: 7_500,
  capExtraKilometers: 15_000,
};

describe.each(databaseTargets())('lease end on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let other: Awaited<ReturnType<typeof buildTenant>>;
  let returning: number;
  let running: number;
  let delivering: number;
  let today: string;
  const handover = () => addMonths(today, -36);

  /** Moves an order on as the workflow would; the handover on `handoverDate`. */
  const walk = (orderId: number, steps: WalkStep[], handoverDate: string) =>
    walkOrder(t.app.orderDeps.db, orderId, steps, { handoverDate, at: () => t.clock.now() });

  /** The order's package gets the worked example's kilometre rules, so the figures are the doc's. */
  async function withId3Rules(orderId: number): Promise<void> {
    const db = t.app.orderDeps.db;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const terms = order?.terms as OrderTerms;
    await db
      .update(orders)
      .set({ terms: { ...terms, leasePackage: { ...terms.leasePackage, ...ID3_RULES } } })
      .where(eq(orders.id, orderId));
  }

  const toOrdered: WalkStep[] = [
    ['accept', DEMO_ACCOUNTS.employee],
    ['accept', DEMO_ACCOUNTS.employee],
    ['accept', DEMO_ACCOUNTS.employee],
    ['accept', null],
    ['accept', DEMO_ACCOUNTS.tenantAdmin],
    ['accept', DEMO_ACCOUNTS.providerAdmin],
  ];

  beforeAll(async () => {
    t = await createTestApp(target);
    today = berlinToday(t.clock.now());
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
    other = await buildTenant(t.app, t.app.orderDeps.db, { name: 'Andere GmbH', now: t.clock.now() });
    const offer = await pickOffer(t.app, tokens.employee);
    returning = await placeOrder(t.app, tokens.employee, offer);
    running = await placeOrder(t.app, tokens.employee, offer);
    delivering = await placeOrder(t.app, tokens.employee, offer);
    await walk(returning, [...toOrdered, ['accept', DEMO_ACCOUNTS.providerAdmin]], handover());
    await walk(running, [...toOrdered, ['accept', DEMO_ACCOUNTS.providerAdmin]], addMonths(today, -32));
    await walk(delivering, toOrdered, '');
    await withId3Rules(returning);
    await withId3Rules(running);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const returnUrl = (id: number) => `/v1/provider/orders/${id}/return`;
  const valid = () => ({
    returnedOn: today,
    odometerKm: 36_000,
    damages: [{ description: 'Kratzer Stoßstange hinten', costEur: 120.5 }],
  });

  it('lets only the provider admin record a return (others 403, an unknown order 404)', async () => {
    expect((await call('POST', returnUrl(returning), tokens.employee, valid())).status).toBe(403);
    expect((await call('POST', returnUrl(returning), tokens.tenantAdmin, valid())).status).toBe(403);
    expect((await call('POST', returnUrl(returning), other.admin.accessToken, valid())).status).toBe(403);
    expect((await call('POST', returnUrl(returning))).status).toBe(401);
    expect((await call('POST', returnUrl(999_999), tokens.provider, valid())).status).toBe(404);
  });

  it('refuses bad readings and dates with field errors', async () => {
    const bad = async (body: object) => {
      const response = await call<{ errors?: { field: string; message: string }[] }>(
        'POST',
        returnUrl(returning),
        tokens.provider,
        body,
      );
      expect(response.status).toBe(400);
      return (response.body.errors ?? []).map((e) => e.field);
    };
    expect(await bad({ ...valid(), odometerKm: -1 })).toContain('odometerKm');
    expect(await bad({ ...valid(), odometerKm: 100.5 })).toContain('odometerKm');
    expect(await bad({ ...valid(), returnedOn: '2026-02-30' })).toContain('returnedOn');
    expect(await bad({ ...valid(), returnedOn: addDays(handover(), -1) })).toContain('returnedOn');
    expect(await bad({ ...valid(), returnedOn: addDays(today, 2) })).toContain('returnedOn');
    expect(await bad({ ...valid(), damages: [{ description: '', costEur: 10 }] })).toContain('damages.0.description');
    expect(await bad({ ...valid(), damages: [{ description: 'Delle', costEur: -5 }] })).toContain('damages.0.costEur');
    expect(await bad({ ...valid(), damages: [{ description: 'Delle', costEur: 1.005 }] })).toContain(
      'damages.0.costEur',
    );
    // Nothing was recorded by any of them.
    const [order] = await t.app.orderDeps.db.select().from(orders).where(eq(orders.id, returning));
    expect(order?.status).toBe('LEASING_ACTIVE');
  });

  it('refuses a return of a car not yet handed over (409)', async () => {
    expect((await call('POST', returnUrl(delivering), tokens.provider, valid())).status).toBe(409);
  });

  it('shows HR each person with a running lease and a due date six months after the identification', async () => {
    const identifiedAt = new Date(`${addMonths(today, -33)}T10:00:00Z`);
    await t.app.orderDeps.db.insert(identCases).values({
      orderId: running,
      stepId: 3,
      kind: 'IDENT',
      providerCaseId: `ident-${target}-${running}`,
      status: 'SUCCEEDED',
      createdAt: identifiedAt,
      updatedAt: identifiedAt,
    });
    const response = await call<LicenceCheckRow[]>('GET', '/v1/tenant/licence-checks', tokens.tenantAdmin);
    expect(response.status).toBe(200);
    const row = response.body.find((r) => r.orderId === running);
    expect(row).toMatchObject({
      name: 'Max Mustermann',
      lastCheckedOn: addMonths(today, -33),
      dueOn: addMonths(addMonths(today, -33), 6),
      status: 'OVERDUE',
      lastFailureReason: null,
    });
    // One row per person: the newest lease stands for them.
    expect(response.body.filter((r) => r.userId === row?.userId)).toHaveLength(1);
    // Another employer's HR sees none of them; the employee is no HR admin.
    const foreign = await call<LicenceCheckRow[]>('GET', '/v1/tenant/licence-checks', other.admin.accessToken);
    expect(foreign.body).toEqual([]);
    expect((await call('GET', '/v1/tenant/licence-checks', tokens.employee)).status).toBe(403);
    // The provider sees the overdue check too.
    const forProvider = await call<LicenceCheckRow[]>('GET', '/v1/provider/licence-checks', tokens.provider);
    expect(forProvider.body.find((r) => r.orderId === running)?.status).toBe('OVERDUE');
  });

  it('lets the provider set the return appointment, which the employee sees with the next-car offer', async () => {
    const url = `/v1/provider/orders/${running}/return-appointment`;
    const date = addDays(today, 30);
    expect((await call('PUT', url, tokens.employee, { date, place: 'Autohaus Mitte' })).status).toBe(403);
    const empty = await call<{ errors: { field: string }[] }>('PUT', url, tokens.provider, { date, place: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e) => e.field)).toContain('place');
    expect((await call('PUT', url, tokens.provider, { date: 'morgen', place: 'x' })).status).toBe(400);
    expect(
      (await call('PUT', `/v1/provider/orders/${delivering}/return-appointment`, tokens.provider, { date, place: 'x' }))
        .status,
    ).toBe(409);
    expect((await call('PUT', url, tokens.provider, { date, place: 'Autohaus Mitte, Berlin' })).status).toBe(200);
    const info = await call<LeaseEndInfo>('GET', `/v1/order/${running}/lease-end`, tokens.employee);
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({
      appointment: { date, place: 'Autohaus Mitte, Berlin' },
      endsOn: addDays(addMonths(addMonths(today, -32), 36), -1),
      nextCarOffered: true,
      returnedOn: null,
      licenceCheck: { status: 'OVERDUE' },
    });
    // Another employer's people do not see the order at all.
    expect((await call('GET', `/v1/order/${running}/lease-end`, other.employee.accessToken)).status).toBe(404);
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === DEMO_ACCOUNTS.employee && m.subject.includes('Termin für die Rückgabe'))).toBe(
      true,
    );
  });

  it('settles the return to the cent, ends the lease and files the final statement', async () => {
    const response = await call<LeaseReturn>('POST', returnUrl(returning), tokens.provider, valid());
    expect(response.status).toBe(201);
    // 36,000 km against 30,000: 3,500 km beyond the tolerance × 0.1071 € = 374.85 €, plus 120.50 € damage.
    expect(response.body.settlement).toEqual({
      contractKm: 30_000,
      drivenKm: 36_000,
      extraKm: 6_000,
      chargedExtraKm: 3_500,
      extraKmEur: 374.85,
      fewerKm: 0,
      refundedFewerKm: 0,
      fewerKmEur: 0,
      damagesEur: 120.5,
      totalEur: 495.35,
    });
    const order = await call<Order>('GET', `/v1/order/${returning}`, tokens.employee);
    expect(order.body.status).toBe('LEASE_ENDED');
    const ended = order.body.steps.find((s) => s.stepType === 'LEASE_ENDED');
    expect(ended?.stepName).toBe('Leasing beendet');
    expect(order.body.userSteps.some((r) => r.stepId === ended?.id && r.status === 'ACCEPTED')).toBe(true);
    const statement = order.body.documents.find((d) => d.id === response.body.documentId);
    expect(statement?.name).toBe(`Schlussabrechnung-${returning}.pdf`);

    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${returning}/contract/${response.body.documentId}`,
      headers: { authorization: `Bearer ${tokens.employee}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = (await extractRuns(pdf.rawPayload)).runs
      .map((r) => r.text)
      .join('\n')
      .replaceAll(NBSP, ' ');
    expect(text).toContain('Schlussabrechnung');
    expect(text).toContain('374,85 €');
    expect(text).toContain('495,35 €');
    expect(text).toContain('Kratzer Stoßstange hinten');
    // The contract preview stays the contract.
    const contract = await t.app.inject({
      method: 'GET',
      url: `/v1/order/${returning}/contract`,
      headers: { authorization: `Bearer ${tokens.employee}` },
    });
    expect(contract.headers['content-disposition']).not.toContain('Schlussabrechnung');

    const mails = await mailbox(t.app);
    const subjects = (to: string) => mails.filter((m) => m.to === to).map((m) => m.subject);
    expect(subjects(DEMO_ACCOUNTS.employee)).toContain(`Bestellung ${returning}: Rückgabe und Schlussabrechnung`);
    expect(subjects(DEMO_ACCOUNTS.tenantAdmin)).toContain(`Bestellung ${returning}: Rückgabe und Schlussabrechnung`);

    const stored = await call<LeaseReturn>('GET', returnUrl(returning), tokens.provider);
    expect(stored.body.settlement.totalEur).toBe(495.35);
    // The payroll of the return's month carries the settlement. The same person's later lease (handed
    // over four months after this one) ended this one the day before its handover, so this month
    // deducts that lease's rate once and settles this one on a row of its own.
    const payroll = await call<PayrollExport>('GET', `/v1/tenant/payroll/${today.slice(0, 7)}`, tokens.tenantAdmin);
    expect(payroll.status).toBe(200);
    expect(payroll.body.rows.find((r) => r.orderId === returning)).toMatchObject({
      grossConversionEur: 0,
      settlementEur: 495.35,
    });
    const current = payroll.body.rows.find((r) => r.orderId === running);
    expect(current?.grossConversionEur).toBeGreaterThan(0);
    expect(current?.settlementEur).toBeUndefined();
    expect(stored.body.damages).toEqual([{ description: 'Kratzer Stoßstange hinten', costEur: 120.5 }]);
  });

  it("takes damage photos under the vehicle photos' rules, from the provider only", async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#c03030' } })
      .png()
      .toBuffer();
    const url = `${returnUrl(returning)}/photos`;
    const upload = (token: string, body: Buffer, type: string) =>
      call<{ id: string; width: number }>('POST', url, token, body, { 'content-type': type });
    expect((await upload(tokens.employee, png, 'image/png')).status).toBe(403);
    expect((await upload(tokens.provider, Buffer.from('kein Bild'), 'image/png')).status).toBe(415);
    const stored = await upload(tokens.provider, png, 'image/png');
    expect(stored.status).toBe(201);
    expect(stored.body.width).toBe(1200); // its own width: a damage photo is evidence
    const photo = await t.app.inject({
      method: 'GET',
      url: `${url}/${stored.body.id}`,
      headers: { authorization: `Bearer ${tokens.provider}` },
    });
    expect(photo.headers['content-type']).toContain('image/webp');
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('webp');
    expect((await upload(tokens.provider, png, 'image/png')).status).toBe(201);
    expect(
      (await call('POST', `${returnUrl(delivering)}/photos`, tokens.provider, png, { 'content-type': 'image/png' }))
        .status,
    ).toBe(409);
  });

  it('refuses a second return (409) and keeps the first', async () => {
    const again = await call('POST', returnUrl(returning), tokens.provider, { ...valid(), odometerKm: 50_000 });
    expect(again.status).toBe(409);
    const stored = await call<LeaseReturn>('GET', returnUrl(returning), tokens.provider);
    expect(stored.body.odometerKm).toBe(36_000);
  });
});
