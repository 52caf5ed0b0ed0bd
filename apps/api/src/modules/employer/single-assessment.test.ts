import type { PackageTaxResult, PayrollExport, UserInfoResponse, Vehicle } from '@leasing/contract';
import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { companyCarBenefit, type Cents, type CompanyCarInput } from '@leasing/payroll';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';

/**
 * The per-trip reading of the commute (0.002 % of the list price per km and trip) chosen in the
 * salary profile reaches the employee's tax comparison and the employer's payroll export.
 */
describe.each(databaseTargets())('the per-trip commute reading in the payroll export on %s', (target) => {
  let t: TestApp;
  let tenant: Awaited<ReturnType<typeof buildTenant>>;
  let packageId: string;
  let listPriceCents: number;

  const saveProfile = async (commuteSingleAssessment: boolean) => {
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(tenant.employee.accessToken),
      payload: {
        addressDto: buildAddress(),
        salaryInfo: buildSalaryInfo({ arrivalKilometers: 18, arrivalNumber: 8, commuteSingleAssessment }),
      },
    });
    expect(saved.statusCode).toBe(200);
  };
  const get = async <T>(url: string, token: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<T>();
  /** The payroll package's commute benefit for the car handed over on 2 March 2026. */
  const expectedCommute = (singleAssessment: boolean) =>
    companyCarBenefit({
      listPrice: listPriceCents as Cents,
      driveType: 'BEV',
      acquired: 20260302 as CompanyCarInput['acquired'],
      distanceKm: 18,
      commutingDays: 8,
      singleAssessment,
    }).commuting / 100;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    tenant = await buildTenant(t.app, t.runtime.database.db, { now: t.clock.now() });
    await saveProfile(true);
    const offer = await pickOffer(t.app, tenant.employee.accessToken);
    packageId = offer.leasePackageId;
    const orderId = await placeOrder(t.app, tenant.employee.accessToken, offer);
    const [order] = await t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId));
    const vehicle = await get<Vehicle>(`/v1/vehicle/${order!.vehicleId}`, tenant.employee.accessToken);
    listPriceCents = Math.round(vehicle.listPrice * 100);
    await t.runtime.database.db
      .update(orders)
      .set({ status: 'LEASING_ACTIVE', handoverDate: '2026-03-02' })
      .where(eq(orders.id, orderId));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('keeps the choice in the profile', async () => {
    const info = await get<UserInfoResponse>('/v1/user/info', tenant.employee.accessToken);
    expect(info.salaryInfo).toMatchObject({ commuteSingleAssessment: true, arrivalNumber: 8 });
  });

  it('values the commute per trip in the tax comparison and in the export, CSV included', async () => {
    const perTrip = expectedCommute(true);
    // 8 trips a month: below the monthly flat rate's 15-trip equivalent.
    expect(perTrip).toBeLessThan(expectedCommute(false));
    const tax = await get<PackageTaxResult>(`/v1/lease-packages/${packageId}/tax`, tenant.employee.accessToken);
    expect(tax.salarySacrificeData.commutingTaxation).toBe(perTrip);

    const april = await get<PayrollExport>('/v1/tenant/payroll/2026-04', tenant.admin.accessToken);
    expect(april.rows[0]).toMatchObject({ commutingMethod: 'EINZELBEWERTUNG_0_002', benefitCommuteEur: perTrip });
    expect(april.totals.benefitCommuteEur).toBe(perTrip);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/v1/tenant/payroll/2026-04.csv',
      headers: bearer(tenant.admin.accessToken),
    });
    expect(csv.body).toContain(perTrip.toFixed(2).replace('.', ','));
  });

  it('goes back to 0.03 % × km a month when the profile no longer chooses it', async () => {
    await saveProfile(false);
    const april = await get<PayrollExport>('/v1/tenant/payroll/2026-04', tenant.admin.accessToken);
    expect(april.rows[0]).toMatchObject({
      commutingMethod: 'PAUSCHAL_0_03',
      benefitCommuteEur: expectedCommute(false),
    });
  });
});
