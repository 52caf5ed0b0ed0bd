import type { LeaseReturn, Mileage, MileageForecastRow } from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildEmployee, buildLease, buildOrder } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { addMonths } from '../lease-end/settlement.js';
import { berlinToday } from '../lease-end/returns.js';

describe.each(databaseTargets())('mileage during a lease on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let tenantAdmin: string;
  let providerAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
    tenantAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    providerAdmin = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json<T>() };
  }
  const today = () => berlinToday(t.clock.now());

  it('forecasts from two readings what the return would settle for that distance', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 6 });
    const empty = await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ readings: [], forecastEndKm: null, projectedSettlement: null });

    const first = await call<Mileage>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 4_000,
      readOn: addMonths(today(), -3),
    });
    expect(first.status).toBe(201);
    const second = await call<Mileage>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 11_000,
      readOn: today(),
    });
    expect(second.status).toBe(201);
    const mileage = second.body;
    expect(mileage.readings.map((r) => r.readingKm)).toEqual([4_000, 11_000]);
    expect(mileage.forecastEndKm).toBeGreaterThan(mileage.contractKm);
    expect(mileage.overTolerance).toBe(true);

    // HR and the provider see the same forecast.
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, tenantAdmin)).body).toEqual(mileage);
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, providerAdmin)).body).toEqual(mileage);

    // The return at that distance settles exactly as projected.
    const returned = await call<LeaseReturn>('POST', `/v1/provider/orders/${orderId}/return`, providerAdmin, {
      returnedOn: today(),
      odometerKm: mileage.forecastEndKm,
      damages: [],
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(201);
    expect(returned.body.settlement).toEqual(mileage.projectedSettlement);

    // The readings are the person's data: their export has them.
    const exported = await t.app.inject({ method: 'GET', url: '/v1/user/export', headers: bearer(employee) });
    const data = exported.json<{ odometerReadings: { orderId: number; readingKm: number }[] }>();
    expect(data.odometerReadings.filter((r) => r.orderId === orderId).map((r) => r.readingKm)).toEqual([4_000, 11_000]);
  });

  it('refuses a reading below an earlier one, in the future or before the handover, with the field', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 2 });
    expect(
      (await call('POST', `/v1/order/${orderId}/odometer`, employee, { readingKm: 3_000, readOn: today() })).status,
    ).toBe(201);
    const lower = await call<{ errors: { field: string; message: string }[] }>(
      'POST',
      `/v1/order/${orderId}/odometer`,
      employee,
      { readingKm: 2_999, readOn: today() },
    );
    expect(lower.status).toBe(400);
    expect(lower.body.errors).toEqual([{ field: 'readingKm', message: 'min 3000' }]);
    const future = await call<{ errors: { field: string }[] }>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 3_100,
      readOn: addMonths(today(), 1),
    });
    expect(future.status).toBe(400);
    expect(future.body.errors[0]?.field).toBe('readOn');
    const early = await call<{ errors: { field: string }[] }>('POST', `/v1/order/${orderId}/odometer`, employee, {
      readingKm: 0,
      readOn: addMonths(today(), -3),
    });
    expect(early.body.errors[0]?.field).toBe('readOn');
    const typo = await call('POST', `/v1/order/${orderId}/odometer`, employee, { readingKm: 3.5, readOn: today() });
    expect(typo.status).toBe(400);
    expect((await call<Mileage>('GET', `/v1/order/${orderId}/mileage`, employee)).body.readings).toHaveLength(1);
  });

  it('is the employee’s to report; a colleague gets a 404, an order before the handover a 409', async () => {
    const orderId = await buildLease(t, employee, { handedOverMonthsAgo: 1 });
    const body = { readingKm: 1_000, readOn: today() };
    expect((await call('POST', `/v1/order/${orderId}/odometer`, tenantAdmin, body)).status).toBe(403);
    expect((await call('POST', `/v1/order/${orderId}/odometer`, providerAdmin, body)).status).toBe(403);
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'km' });
    expect((await call('POST', `/v1/order/${orderId}/odometer`, colleague.accessToken, body)).status).toBe(404);
    expect((await call('GET', `/v1/order/${orderId}/mileage`, colleague.accessToken)).status).toBe(404);
    const unsigned = await buildOrder(t, employee);
    expect((await call('POST', `/v1/order/${unsigned}/odometer`, employee, body)).status).toBe(409);
  });

  it("gives the provider's pipeline the forecasts of a page's running leases that have a reading", async () => {
    const fast = await buildLease(t, employee, { handedOverMonthsAgo: 6 });
    const quiet = await buildLease(t, employee, { handedOverMonthsAgo: 6 });
    const unsigned = await buildOrder(t, employee);
    await call('POST', `/v1/order/${fast}/odometer`, employee, { readingKm: 30_000, readOn: today() });
    const url = `/v1/provider/mileage-forecasts?orderIds=${fast},${quiet},${unsigned},999999`;
    const rows = await call<MileageForecastRow[]>('GET', url, providerAdmin);
    expect(rows.status).toBe(200);
    const mileage = (await call<Mileage>('GET', `/v1/order/${fast}/mileage`, providerAdmin)).body;
    expect(rows.body).toEqual([
      {
        orderId: fast,
        latestReadingKm: 30_000,
        latestReadOn: today(),
        contractKm: mileage.contractKm,
        forecastEndKm: mileage.forecastEndKm,
        overTolerance: true,
        projectedTotalEur: mileage.projectedSettlement?.totalEur,
      },
    ]);
    expect((await call('GET', url, tenantAdmin)).status).toBe(403);
    expect((await call('GET', url, employee)).status).toBe(403);
    expect((await call('GET', '/v1/provider/mileage-forecasts?orderIds=1;2', providerAdmin)).status).toBe(400);
  });
});
