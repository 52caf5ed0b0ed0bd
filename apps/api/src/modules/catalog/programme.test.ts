import { DEFAULT_TENANT_POLICY, type TaxResult, type Vehicle, type VehicleSummary } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS } from '../../db/seed.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';

/** The employer's programme (policy) applied wherever the employee sees a rate, and at the order. */
describe.each(databaseTargets())('the employer programme in the catalogue on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let admin: string;
  const get = async <T>(url: string) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(employee) })).json<T>();
  const setPolicy = async (changes: Partial<typeof DEFAULT_TENANT_POLICY>) => {
    const answer = await t.app.inject({
      method: 'PUT',
      url: '/v1/tenant/policy',
      headers: bearer(admin),
      payload: { ...DEFAULT_TENANT_POLICY, ...changes },
    });
    expect(answer.statusCode).toBe(200);
  };

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
});
