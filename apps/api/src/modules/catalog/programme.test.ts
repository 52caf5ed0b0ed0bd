import {
  type TenantPolicy,
  PackageTaxResultSchema,
  type PackageTaxResult,
  type TaxResult,
  type Vehicle,
  type VehicleSummary,
} from '@leasing/contract';
import { buildAddress } from '@leasing/contract/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_SALARY_INFO } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { saveTenantPolicy } from '../../test-support/policy.js';

/** The employer's programme (policy) applied wherever the employee sees a rate, and at the order. */
describe.each(databaseTargets())('the employer programme in the catalogue on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let admin: string;
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(employee) })).json<T>();
  const setPolicy = (changes: Partial<TenantPolicy>) => saveTenantPolicy(t.app, admin, changes);

  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lowers the converted gross and the net rate by a subsidy, at once, on every rate', async () => {
    const [car] = await get<VehicleSummary[]>('/v1/search');
    const vehicle = await get<Vehicle>(`/v1/vehicle/${car?.id ?? ''}`);
    const pkg = vehicle.leasePackages[0];
    const before = await get<TaxResult>(`/v1/lease-packages/${pkg?.id ?? ''}/tax`);
    expect(before.salarySacrificeData.employerContribution).toBe(0);

    await setPolicy({ employerSubsidy: { kind: 'FIXED_EUR', value: 50 } });
    const after = await get<TaxResult>(`/v1/lease-packages/${pkg?.id ?? ''}/tax`);
    expect(after.salarySacrificeData.employerContribution).toBe(50);
    // The net rate falls by the subsidy less what the subsidy would have saved in tax and SV.
    const drop = before.userPrice - after.userPrice;
    expect(drop).toBeGreaterThan(15);
    expect(drop).toBeLessThan(50);
    const [sameCar] = (await get<VehicleSummary[]>('/v1/search')).filter((c) => c.id === car?.id);
    expect(sameCar?.yourLeaseFrom).toBeLessThan(car?.yourLeaseFrom ?? 0);
    const page = await get<Vehicle>(`/v1/vehicle/${car?.id ?? ''}`);
    expect(page.leasePackages[0]?.userPrice).toBe(after.userPrice);
    await setPolicy({});
  });

  it('offers only cars within the caps and brands, and refuses to order one outside', async () => {
    const all = await get<VehicleSummary[]>('/v1/search');
    const expensive = all.find((c) => c.listPrice > 60_000);
    expect(expensive).toBeDefined();
    await setPolicy({ maxListPriceEur: 60_000 });
    const capped = await get<VehicleSummary[]>('/v1/search');
    expect(capped.length).toBeLessThan(all.length);
    expect(capped.every((c) => c.listPrice <= 60_000)).toBe(true);

    const vehicle = await get<Vehicle>(`/v1/vehicle/${expensive?.id ?? ''}`);
    const order = await t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: bearer(employee),
      payload: {
        leasePackageId: vehicle.leasePackages[0]?.id,
        color: vehicle.colors[0],
        delivery: vehicle.deliveryOptions[0],
      },
    });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'POLICY_REFUSED', message: expect.stringContaining('Listenpreis') });

    await setPolicy({ allowedBrands: ['Kia'] });
    expect((await get<VehicleSummary[]>('/v1/search')).every((c) => c.brand === 'Kia')).toBe(true);
    await setPolicy({});
    expect(await get<VehicleSummary[]>('/v1/search')).toHaveLength(all.length);
  });

  it('refuses an order that would leave less than the minimum gross pay', async () => {
    await setPolicy({ minGrossAfterConversionEur: 150_000 });
    const [car] = await get<VehicleSummary[]>('/v1/search');
    const vehicle = await get<Vehicle>(`/v1/vehicle/${car?.id ?? ''}`);
    const order = await t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: bearer(employee),
      payload: {
        leasePackageId: vehicle.leasePackages[0]?.id,
        color: vehicle.colors[0],
        delivery: vehicle.deliveryOptions[0],
      },
    });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'POLICY_REFUSED', message: expect.stringContaining('brutto') });
    await setPolicy({});
  });

  describe('the verdict on the package (affordability check before ordering)', () => {
    const tax = async (packageId: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/v1/lease-packages/${packageId}/tax`,
        headers: bearer(employee),
      });
      expect(answer.statusCode).toBe(200);
      // The answer is what the contract (and so the OpenAPI document) says.
      return PackageTaxResultSchema.parse(answer.json<PackageTaxResult>());
    };
    const order = (vehicle: Vehicle, packageId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/order',
        headers: bearer(employee),
        payload: { leasePackageId: packageId, color: vehicle.colors[0], delivery: vehicle.deliveryOptions[0] },
      });
    /** A car with packages at different gross rates: the cheapest and the dearest. */
    const carWithSeveralRates = async () => {
      for (const car of await get<VehicleSummary[]>('/v1/search')) {
        const vehicle = await get<Vehicle>(`/v1/vehicle/${car.id}`);
        const rates = vehicle.leasePackages.map((p) => p.totalMonthlyGrossCostEur);
        if (Math.max(...rates) > Math.min(...rates)) {
          const sorted = [...vehicle.leasePackages].sort(
            (a, b) => a.totalMonthlyGrossCostEur - b.totalMonthlyGrossCostEur,
          );
          return { vehicle, cheapest: sorted[0]!, dearest: sorted[sorted.length - 1]! };
        }
      }
      throw new Error('no car with several gross rates');
    };

    it('is orderable under the defaults, kept apart from the legal warnings', async () => {
      await setPolicy({});
      const { cheapest } = await carWithSeveralRates();
      const result = await tax(cheapest.id);
      expect(result.policy).toMatchObject({ orderable: true, reasons: [] });
      expect(result.policy.policyVersion).toBeGreaterThan(0);
      expect(result.warnings?.some((w) => (w.code as string) === 'BELOW_MINIMUM_GROSS')).toBe(false);
    });

    it('flips with the rate cap at once: the dearer package is refused, the cap itself is allowed', async () => {
      const { vehicle, cheapest, dearest } = await carWithSeveralRates();
      expect((await tax(dearest.id)).policy.orderable).toBe(true);

      await setPolicy({ maxMonthlyGrossRateEur: cheapest.totalMonthlyGrossCostEur });
      // The car stays in the catalogue (its cheapest package fits), its dearer package does not.
      expect((await get<VehicleSummary[]>('/v1/search')).some((c) => c.id === vehicle.id)).toBe(true);
      expect((await tax(cheapest.id)).policy).toMatchObject({ orderable: true, reasons: [] });
      const refused = await tax(dearest.id);
      expect(refused.policy.orderable).toBe(false);
      expect(refused.policy.reasons).toEqual([
        {
          code: 'ABOVE_RATE_CAP',
          maxMonthlyGrossRateEur: cheapest.totalMonthlyGrossCostEur,
          grossRateEur: dearest.totalMonthlyGrossCostEur,
          message: expect.stringContaining('Bruttorate') as unknown,
        },
      ]);
      // The order says the same, word for word.
      const answer = await order(vehicle, dearest.id);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ code: 'POLICY_REFUSED', message: refused.policy.reasons[0]?.message });

      await setPolicy({});
      expect((await tax(dearest.id)).policy).toMatchObject({ orderable: true, reasons: [] });
    });

    it('flips with the minimum gross pay at the cent, and the order agrees on both sides', async () => {
      const { vehicle, cheapest } = await carWithSeveralRates();
      await setPolicy({ minGrossAfterConversionEur: 150_000 });
      const far = await tax(cheapest.id);
      expect(far.policy.orderable).toBe(false);
      const [reason] = far.policy.reasons;
      if (reason?.code !== 'BELOW_MINIMUM_GROSS') throw new Error(`unexpected reason ${JSON.stringify(reason)}`);
      expect(reason.minimumGrossEur).toBe(150_000);
      // The gross pay after the conversion: less than before, and the shortfall closes the gap.
      expect(reason.grossAfterEur).toBeLessThan(far.before.brutto);
      expect(reason.grossAfterEur).toBeGreaterThan(0);
      expect(Math.round((reason.grossAfterEur + reason.shortfallEur) * 100)).toBe(15_000_000);
      expect(far.policy.reasons).toHaveLength(1);

      // One cent short: refused, by the tax result and by the order alike.
      const grossAfter = reason.grossAfterEur;
      await setPolicy({ minGrossAfterConversionEur: Math.round(grossAfter * 100 + 1) / 100 });
      const short = await tax(cheapest.id);
      expect(short.policy.orderable).toBe(false);
      expect(short.policy.reasons).toEqual([
        {
          code: 'BELOW_MINIMUM_GROSS',
          minimumGrossEur: Math.round(grossAfter * 100 + 1) / 100,
          grossAfterEur: grossAfter,
          shortfallEur: 0.01,
          message: expect.stringContaining('brutto') as unknown,
        },
      ]);
      const refusedOrder = await order(vehicle, cheapest.id);
      expect(refusedOrder.statusCode).toBe(422);
      expect(refusedOrder.json()).toMatchObject({
        code: 'POLICY_REFUSED',
        message: short.policy.reasons[0]?.message,
      });

      // Exactly the minimum: allowed, by the tax result and by the order alike.
      await setPolicy({ minGrossAfterConversionEur: grossAfter });
      const exact = await tax(cheapest.id);
      expect(exact.policy).toMatchObject({ orderable: true, reasons: [] });
      expect(exact.policy.policyVersion).toBeGreaterThan(short.policy.policyVersion);
      const accepted = await order(vehicle, cheapest.id);
      expect(accepted.statusCode).toBe(201);
      expect(accepted.json<{ orderId: number | null }>().orderId).toEqual(expect.any(Number));
      await setPolicy({});
    });

    it('follows a change of the salary profile at once', async () => {
      const { cheapest } = await carWithSeveralRates();
      const putProfile = (grossMonthlySalaryEur: number) =>
        t.app.inject({
          method: 'PUT',
          url: '/v1/user/info',
          headers: bearer(employee),
          payload: { addressDto: buildAddress(), salaryInfo: { ...DEMO_SALARY_INFO, grossMonthlySalaryEur } },
        });
      await setPolicy({});
      const before = await tax(cheapest.id);
      await setPolicy({ minGrossAfterConversionEur: before.before.brutto - 1_000 });
      expect((await tax(cheapest.id)).policy.orderable).toBe(true);
      // A lower salary under the same policy: now refused.
      expect((await putProfile(before.before.brutto - 500)).statusCode).toBe(200);
      const after = await tax(cheapest.id);
      expect(after.policy.orderable).toBe(false);
      expect(after.policy.reasons.map((r) => r.code)).toEqual(['BELOW_MINIMUM_GROSS']);
      expect((await putProfile(DEMO_SALARY_INFO.grossMonthlySalaryEur)).statusCode).toBe(200);
      expect((await tax(cheapest.id)).policy.orderable).toBe(true);
      await setPolicy({});
    });
  });
});
