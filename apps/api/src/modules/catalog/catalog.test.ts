import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { calculatePayslipComparison } from '@leasing/payroll';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_REGISTER_CODE, DEMO_SALARY_INFO } from '../demo/accounts.js';
import { leasePackages } from '../../db/schema-catalog.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode } from '../../test-support/mailbox.js';
import { readDemoVehicles } from './demo-catalog.js';
import { toPayrollProfile } from './personal-rates.js';
import type { VehicleSummary, Vehicle, TaxResult } from '@leasing/contract';
import { SalaryInfoSchema } from '@leasing/contract';

describe.each(databaseTargets())('catalogue on %s', (target) => {
  let t: TestApp;
  let token: string;
  const get = <T>(url: string, accessToken = token) =>
    t.app
      .inject({ method: 'GET', url, headers: bearer(accessToken) })
      .then((r) => ({ status: r.statusCode, body: r.json<T>(), headers: r.headers }));

  beforeAll(async () => {
    // Pin the clock so the payment month is fixed: March 2026.
    t = await createTestApp(target);
    t.clock.set(new Date('2026-03-15T10:00:00+01:00'));
    token = (await loginAs(t.app)).accessToken;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists every demo car, sorted by brand then model', async () => {
    const { status, body } = await get<VehicleSummary[]>('/v1/search');
    expect(status).toBe(200);
    expect(body).toHaveLength(readDemoVehicles().length);
    const keys = body.map((v) => `${v.brand}|${v.model}`);
    const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
    const sorted = [...body]
      .sort((a, b) => collator.compare(a.brand, b.brand) || collator.compare(a.model, b.model))
      .map((v) => `${v.brand}|${v.model}`);
    expect(keys).toEqual(sorted);
  });

  it('filters by brands and models (comma lists, case-insensitive, empty entries ignored)', async () => {
    const two = await get<VehicleSummary[]>('/v1/search?manufacturerIds=Kia,,bmw');
    expect(new Set(two.body.map((v) => v.brand))).toEqual(new Set(['BMW', 'Kia']));
    const model = await get<VehicleSummary[]>('/v1/search?manufacturerIds=Kia&modelIds=EV6');
    expect(model.body.map((v) => v.model)).toEqual(['EV6']);
    const none = await get<VehicleSummary[]>('/v1/search?manufacturerIds=Gibtsnicht');
    expect(none.body).toEqual([]);
  });

  it('lists brands and the models of chosen brands, sorted', async () => {
    const brands = await get<string[]>('/v1/search/manufacturers');
    expect(brands.body).toContain('Volkswagen');
    expect(brands.body).toEqual([...brands.body].sort(new Intl.Collator('de', { sensitivity: 'base' }).compare));
    const models = await get<string[]>('/v1/search/models?manufacturerIds=Volkswagen,Skoda');
    expect(models.body).toEqual(['Elroq', 'Enyaq', 'ID.3', 'ID.4', 'ID.7']);
  });

  it('computes the three rates: private leasing, 70 % estimate and the personal net rate from the payroll engine', async () => {
    const { body } = await get<VehicleSummary[]>('/v1/search?manufacturerIds=Volkswagen&modelIds=ID.3');
    const summary = body[0]!;
    const detail = (await get<Vehicle>(`/v1/vehicle/${summary.id}`)).body;
    const cheapestGross = Math.min(...detail.leasePackages.map((p) => p.totalMonthlyGrossCostEur));
    const cheapestComparison = Math.min(...detail.leasePackages.map((p) => p.grossComparisonCostEur));
    expect(summary.leaseFrom).toBe(cheapestComparison);
    expect(summary.estimateLeaseFrom).toBe(Math.round(cheapestGross * 100 * 0.7) / 100);
    const minUserPrice = Math.min(...detail.leasePackages.map((p) => p.userPrice ?? Infinity));
    expect(summary.yourLeaseFrom).toBe(minUserPrice);
    // Independently through the payroll engine's one-call API.
    const pkg = detail.leasePackages.find((p) => p.totalMonthlyGrossCostEur === cheapestGross)!;
    const expected = calculatePayslipComparison(
      toPayrollProfile(SalaryInfoSchema.parse(DEMO_SALARY_INFO)),
      {
        listPriceGrossCents: Math.round(detail.listPrice * 100),
        monthlyGrossRateCents: Math.round(pkg.totalMonthlyGrossCostEur * 100),
        acquisitionDate: '2026-03-01',
      },
      '2026-03-01',
    );
    expect(pkg.userPrice).toBe(expected.userPrice / 100);
    expect(summary.yourLeaseFrom!).toBeLessThan(cheapestGross);
    expect(summary.yourLeaseFrom!).toBeGreaterThan(0);
  });

  it('answers the vehicle with 30 packages, colours, delivery options and pictures', async () => {
    const [first] = (await get<VehicleSummary[]>('/v1/search')).body;
    const { status, body } = await get<Vehicle>(`/v1/vehicle/${first!.id}`);
    expect(status).toBe(200);
    expect(body.leasePackages).toHaveLength(30);
    expect(body.colors.length).toBeGreaterThanOrEqual(3);
    expect(body.deliveryOptions).toEqual(['HOME', 'COMPANY', 'DEALER']);
    const picture = await t.app.inject({ method: 'GET', url: body.mainPhotoUrl! });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(picture.body).toContain('<svg');
  });

  it('returns the tax result for a package and keeps it in step with the package rate', async () => {
    const [first] = (await get<VehicleSummary[]>('/v1/search?manufacturerIds=Tesla')).body;
    const vehicle = (await get<Vehicle>(`/v1/vehicle/${first!.id}`)).body;
    const pkg = vehicle.leasePackages[5]!;
    const { status, body, headers } = await get<TaxResult>(`/v1/lease-packages/${pkg.id}/tax`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toBe('no-store');
    expect(body.userPrice).toBe(pkg.userPrice);
    expect(body.price).toBe(pkg.totalMonthlyGrossCostEur);
    expect(Math.round((body.before.takeHome - body.after.takeHome) * 100)).toBe(Math.round(body.userPrice * 100));
    expect(body.calculatedFor).toBe('2026-03-01');
    expect(body.salarySacrificeData.vehicleTaxation).toBeGreaterThan(0);
  });

  it('answers 404 for unknown and 400 for malformed ids and bad queries', async () => {
    expect((await get('/v1/vehicle/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/v1/vehicle/abc')).status).toBe(400);
    expect((await get('/v1/lease-packages/00000000-0000-4000-8000-000000000000/tax')).status).toBe(404);
    expect((await get('/v1/lease-packages/nope/tax')).status).toBe(400);
    expect((await get(`/v1/search?manufacturerIds=${'x,'.repeat(60)}`)).status).toBe(400);
    expect((await get('/v1/search?unknown=1')).status).toBe(400);
  });

  it('refuses anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/search' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/search/manufacturers' })).statusCode).toBe(401);
  });

  it('gives a user without salary data estimated rates only and 409 for the tax result', async () => {
    const email = 'ohne-gehalt@example.com';
    await t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${DEMO_REGISTER_CODE}`,
      payload: {
        firstName: 'Olga',
        lastName: 'Ohne',
        email,
        password: 'Tulpen-im-Mai-123',
        confirmPassword: 'Tulpen-im-Mai-123',
      },
    });
    await t.app.inject({
      method: 'POST',
      url: `/v1/confirm/email/code/${await latestCode(t.app, email, '/user/emailConfirm/')}`,
    });
    const other = (await loginAs(t.app, email, 'Tulpen-im-Mai-123')).accessToken;
    const list = (await get<VehicleSummary[]>('/v1/search', other)).body;
    expect(list.every((v) => v.yourLeaseFrom === null && v.estimateLeaseFrom > 0)).toBe(true);
    const vehicle = (await get<Vehicle>(`/v1/vehicle/${list[0]!.id}`, other)).body;
    expect(vehicle.leasePackages.every((p) => p.userPrice === null)).toBe(true);
    const tax = await get<{ code: string }>(`/v1/lease-packages/${vehicle.leasePackages[0]!.id}/tax`, other);
    expect(tax.status).toBe(409);
    expect(tax.body.code).toBe('PROFILE_INCOMPLETE');

    // Saving a profile makes the personal rates appear at once (the cache is keyed by profile version).
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(other),
      payload: { addressDto: buildAddress(), salaryInfo: buildSalaryInfo({ grossMonthlySalaryEur: 4000 }) },
    });
    const after = (await get<VehicleSummary[]>('/v1/search', other)).body;
    expect(after.every((v) => typeof v.yourLeaseFrom === 'number')).toBe(true);
  });

  it('recomputes personal rates when a price changes', async () => {
    const [first] = (await get<VehicleSummary[]>('/v1/search?manufacturerIds=Fiat')).body;
    const vehicle = (await get<Vehicle>(`/v1/vehicle/${first!.id}`)).body;
    await t.runtime.database.db
      .update(leasePackages)
      .set({ totalMonthlyGrossCostCents: 9_999 })
      .where(eq(leasePackages.id, vehicle.leasePackages[0]!.id));
    const [changed] = (await get<VehicleSummary[]>('/v1/search?manufacturerIds=Fiat')).body;
    expect(changed!.estimateLeaseFrom).toBe(69.99);
    expect(changed!.yourLeaseFrom).not.toBe(first!.yourLeaseFrom);
  });
});
