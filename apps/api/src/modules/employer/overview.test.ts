import type { EmployerOverview, PayrollExport, TenantPolicy, Vehicle } from '@leasing/contract';
import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { companyCarBenefit, employerSvSaving, type Cents, type CompanyCarInput } from '@leasing/payroll';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, users } from '../../db/schema.js';
import { hashPassword } from '../../lib/password.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { saveTenantPolicy } from '../../test-support/policy.js';

/** One lease as the test knows it, in cents: what the figures are computed from. */
interface Lease {
  gross: number;
  person: Parameters<typeof employerSvSaving>[0];
  listPrice: number;
  handover: string;
  distanceKm: number;
  days: number;
  rate: number;
  subsidy: number;
  /** First month (1-12) with a deduction. */
  firstDeduction: number;
}

const c = (value: number) => value as Cents;

/** The benefit and the employer's saving of one lease in a month of 2026, from the payroll package. */
function expected(lease: Lease, month: number) {
  const [y, m, d] = lease.handover.split('-').map(Number) as [number, number, number];
  const benefit = companyCarBenefit({
    listPrice: c(lease.listPrice),
    driveType: 'BEV',
    acquired: (y * 10_000 + m * 100 + d) as CompanyCarInput['acquired'],
    distanceKm: lease.distanceKm,
    commutingDays: lease.days,
    singleAssessment: false,
  });
  const deducting = month >= lease.firstDeduction;
  const conversion = deducting ? lease.rate - lease.subsidy : 0;
  const after = lease.gross - conversion + benefit.privateUse + benefit.commuting;
  const paymentDate = `2026-${String(month).padStart(2, '0')}-01` as const;
  const saving = employerSvSaving(lease.person, paymentDate, c(lease.gross), c(after));
  if (saving === null) throw new Error('saving not computable for the test profile');
  return {
    conversion,
    subsidy: deducting ? lease.subsidy : 0,
    privateUse: benefit.privateUse,
    commute: benefit.commuting,
    saving,
  };
}

/**
 * The overview's figures of this month (April 2026) against the payroll package: two leases under
 * different frozen policies and profiles (Saxony with a fractional commute; private health insurance
 * without unemployment insurance and a deduction from the month after the handover).
 */
describe.each(databaseTargets())('employer overview figures on %s', (target) => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof buildTenant>>;
  const leases: Lease[] = [];

  const savePolicy = (changes: Partial<TenantPolicy>) => saveTenantPolicy(t.app, tenant.admin.accessToken, changes);

  /** Profile, order under the policy in force, handover; the lease as the test expects it. */
  async function lease(
    token: string,
    salary: Record<string, unknown>,
    handover: string,
    terms: { subsidy: (rate: number) => number; firstDeduction: number; person: Lease['person'] },
  ): Promise<void> {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(token),
      payload: { addressDto: buildAddress(), salaryInfo: salary },
    });
    expect(saved.statusCode).toBe(200);
    const offer = await pickOffer(t.app, token);
    const orderId = await placeOrder(t.app, token, offer);
    const [order] = await t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId));
    const vehicle = (
      await t.app.inject({ method: 'GET', url: `/v1/vehicle/${order!.vehicleId}`, headers: bearer(token) })
    ).json<Vehicle>();
    const rate = Math.round(
      vehicle.leasePackages.find((p) => p.id === offer.leasePackageId)!.totalMonthlyGrossCostEur * 100,
    );
    await t.runtime.database.db
      .update(orders)
      .set({ status: 'LEASING_ACTIVE', handoverDate: handover })
      .where(eq(orders.id, orderId));
    leases.push({
      gross: Math.round(Number(salary['grossMonthlySalaryEur']) * 100),
      person: terms.person,
      listPrice: Math.round(vehicle.listPrice * 100),
      handover,
      distanceKm: Math.floor(Number(salary['arrivalKilometers'])),
      days: Number(salary['arrivalNumber']),
      rate,
      subsidy: terms.subsidy(rate),
      firstDeduction: terms.firstDeduction,
    });
  }

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    const db = t.runtime.database.db;
    tenant = await buildTenant(t.app, db, { now: t.clock.now() });

    await savePolicy({ employerSubsidy: { kind: 'FIXED_EUR', value: 50 } });
    await lease(
      tenant.employee.accessToken,
      buildSalaryInfo({ federalState: 'SN', additionalAmountHealthInsurance: 2.5, arrivalKilometers: 18.6 }),
      '2026-02-15',
      {
        subsidy: () => 5_000,
        firstDeduction: 2,
        person: {
          statutoryHealth: true,
          kvZusatzPercent: 2.5,
          pensionInsurance: true,
          unemploymentInsurance: true,
          saxony: true,
        },
      },
    );

    await savePolicy({ employerSubsidy: { kind: 'PERCENT_OF_RATE', value: 10 }, deductionStart: 'NEXT_MONTH' });
    const email = 'zweite.person@example.com';
    await db.insert(users).values({
      tenantId: tenant.tenantId,
      email,
      passwordHash: await hashPassword('Zweites-Passwort-42'),
      role: 'EMPLOYEE',
      firstName: 'Zora',
      lastName: 'Zweit',
      emailConfirmedAt: t.clock.now(),
      createdAt: t.clock.now(),
    });
    const second = await loginAs(t.app, email, 'Zweites-Passwort-42');
    await lease(
      second.accessToken,
      buildSalaryInfo({
        grossMonthlySalaryEur: 7_100,
        healthInsurance: 'PRIVATE',
        basicRateHealthInsurance: null,
        additionalAmountHealthInsurance: null,
        beitragPkv: 520,
        beitragPv: 80,
        arbeitgeberzuschuss: true,
        unemploymentInsurance: false,
        arrivalKilometers: 7,
        arrivalNumber: 20,
      }),
      '2026-04-20',
      {
        subsidy: (rate) => Math.round(rate / 10),
        firstDeduction: 5,
        person: {
          statutoryHealth: false,
          kvZusatzPercent: 0,
          pensionInsurance: true,
          unemploymentInsurance: false,
          saxony: false,
        },
      },
    );
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it("shows this month's totals and the employer's saving per month and year as the payroll package computes them", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/v1/tenant/overview',
      headers: bearer(tenant.admin.accessToken),
    });
    expect(response.statusCode).toBe(200);
    const view = response.json<EmployerOverview>();

    const april = leases.map((l) => expected(l, 4));
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0) / 100;
    let year = 0;
    for (const l of leases) {
      const first = Number(l.handover.slice(5, 7));
      for (let month = first; month <= 12; month++) year += expected(l, month).saving;
    }
    // The second lease converts nothing in its handover month but carries the benefit: its saving
    // that month is negative (the benefit raises the SV wage).
    expect(april[1]!.conversion).toBe(0);
    expect(april[1]!.saving).toBeLessThan(0);
    expect(april[0]!.saving).toBeGreaterThan(0);

    expect(view).toMatchObject({ month: '2026-04', activeLeases: 2, participants: 2 });
    expect(view.totals).toEqual({
      leases: 2,
      grossConversionEur: sum(april.map((a) => a.conversion)),
      employerContributionEur: sum(april.map((a) => a.subsidy)),
      benefitPrivateUseEur: sum(april.map((a) => a.privateUse)),
      benefitCommuteEur: sum(april.map((a) => a.commute)),
      employeePaysEur: 0,
      employerPaysEur: 0,
      rateInsurancePaysEur: 0,
      settlementEur: 0,
      claimExcessEur: 0,
      employerSavingEur: sum(april.map((a) => a.saving)),
      employerSavingYearEur: year / 100,
      savingNotComputed: 0,
    });
    // The payroll page of the same month says the same.
    const payroll = await t.app.inject({
      method: 'GET',
      url: '/v1/tenant/payroll/2026-04',
      headers: bearer(tenant.admin.accessToken),
    });
    expect(payroll.json<PayrollExport>().totals).toEqual(view.totals);
  });
});
