import type { AdminOrdersPage, Order, PayrollExport, TenantPolicy, Vehicle } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orderDocuments, orders, userSteps } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { employeeSignedContract } from '../../test-support/csc-signing.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer } from '../../test-support/order-fixtures.js';
import { saveTenantPolicy } from '../../test-support/policy.js';
import { approveAutomatically } from '../orders/auto-approval.js';
import { stepOfType } from '../orders/steps.js';

/**
 * "Running orders keep the policy they were made under": an order made under version 1 (subsidy
 * 50 EUR, automatic approval) goes on with version 1's figures after HR saves version 2 (subsidy
 * 100 EUR, a list-price cap below the car, manual approval), although version 2 refuses a new order
 * of the same car.
 */
describe.each(databaseTargets())('running orders keep their policy on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let admin: string;
  let offer: Awaited<ReturnType<typeof pickOffer>>;
  let vehicle: Vehicle;
  let orderId: number;
  let v1: number;
  let before: Order;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  };
  const savePolicy = async (changes: Partial<TenantPolicy>) => (await saveTenantPolicy(t.app, admin, changes)).version;
  const order = (id: number) => call<Order>('GET', `/v1/order/${id}/workflow`, employee);
  const grossRateEur = () => vehicle.leasePackages.find((p) => p.id === offer.leasePackageId)!.totalMonthlyGrossCostEur;

  beforeAll(async () => {
    // Listening: the automatic approval seals the contract at the development trust service.
    t = await createTestApp(target, { listen: true });
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    offer = await pickOffer(t.app, employee);
    v1 = await savePolicy({ employerSubsidy: { kind: 'FIXED_EUR', value: 50 }, approval: 'AUTOMATIC' });
    const created = await call<{ orderId: number }>('POST', '/v1/order', employee, { ...offer, delivery: 'HOME' });
    expect(created.status).toBe(201);
    orderId = created.body.orderId;
    before = (await order(orderId)).body;
    vehicle = (await call<Vehicle>('GET', `/v1/vehicle/${before.vehicle.id}`, employee)).body;
    await savePolicy({
      employerSubsidy: { kind: 'FIXED_EUR', value: 100 },
      maxListPriceEur: vehicle.listPrice - 1,
      approval: 'MANUAL',
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('refuses a new order of the same car under the new version', async () => {
    const refused = await call<{ code: string }>('POST', '/v1/order', employee, { ...offer, delivery: 'HOME' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('POLICY_REFUSED');
  });

  it("keeps the running order's terms and tax result with version 1's subsidy, and lets it go on", async () => {
    expect(before.taxResult?.salarySacrificeData.employerContribution).toBe(50);
    const now = (await order(orderId)).body;
    expect(now.status).toBe('CONFIRM_SUMMARY');
    expect(now.taxResult).toEqual(before.taxResult);
    expect(now.leasePackage).toEqual(before.leasePackage);
    const open = now.userSteps.find((s) => s.status === null)!;
    const accepted = await call<Order>(
      'PUT',
      `/v1/order/${orderId}/step/${stepOfType('CONFIRM_SUMMARY').id}/accept`,
      employee,
      { orderId, userStepId: open.id, agreed: true },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('PREVIEW_CONTRACT');
  });

  it('is approved automatically by version 1, though version 2 is manual and excludes the car', async () => {
    // Put at the employer's step directly (the signature has its own tests).
    const db = t.runtime.database.db;
    const recordId = crypto.randomUUID();
    const tenantStep = stepOfType('TENANT_ADMIN_CLICK_CONFIRM').id;
    await db
      .insert(userSteps)
      .values({ id: recordId, orderId, stepId: tenantStep, status: null, modified: t.clock.now() });
    await db
      .update(orders)
      .set({ status: 'TENANT_ADMIN_CLICK_CONFIRM', currentUserStepId: recordId, signedAt: t.clock.now() })
      .where(eq(orders.id, orderId));
    // The approval seals the employee-signed contract: a genuinely signed one.
    const pdf = await employeeSignedContract(t.app.orderDeps.signing, 'Max Mustermann');
    await runAsSystem(() =>
      db
        .insert(orderDocuments)
        .values({ orderId, name: `Ueberlassungsvertrag-${orderId}-unterschrieben.pdf`, kind: 'CONTRACT_SIGNED', pdf }),
    );
    expect(await approveAutomatically(t.app.orderDeps, orderId)).toBe(true);
    expect((await order(orderId)).body.status).toBe('ADMIN_CONFIRM');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, String(orderId)), eq(auditLog.action, 'order.step.accept.automatic')));
    expect(audit?.fields).toContain(`tenant_policy:${audit?.tenantId ?? ''}:${String(v1)}`);
    // HR sees that and why, in the list and on the order.
    const approval = {
      kind: 'AUTOMATIC',
      at: t.clock.now().toISOString(),
      policyVersion: v1,
      reason: expect.stringContaining(`Programmrichtlinie (Fassung ${String(v1)})`) as unknown,
    };
    const list = await call<AdminOrdersPage>('GET', '/v1/admin/orders', admin);
    expect(list.body.items.find((o) => o.id === orderId)?.employerApproval).toEqual(approval);
    expect((await call<Order>('GET', `/v1/order/${orderId}`, admin)).body.employerApproval).toEqual(approval);
  });

  it("exports version 1's subsidy: the conversion is the gross rate less 50 EUR, not 100", async () => {
    await t.runtime.database.db
      .update(orders)
      .set({ status: 'LEASING_ACTIVE', handoverDate: '2026-04-01' })
      .where(eq(orders.id, orderId));
    const april = await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-04', admin);
    const row = april.body.rows.find((r) => r.orderId === orderId);
    expect(row).toMatchObject({ employerContributionEur: 50, change: 'NEW' });
    expect(row?.grossConversionEur).toBeCloseTo(grossRateEur() - 50, 2);
  });
});
