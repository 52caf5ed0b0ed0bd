import type { Order, PayrollExport, TaxResult, Vehicle, VehicleSummary } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema.js';
import { createFieldCipher } from '../../runtime.js';
import { typicalInput } from '../../test-support/contract-inputs.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder, settleOrder } from '../../test-support/order-fixtures.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildContractDocument, contractPlainText } from '../contract/contract-content.js';
import { openPrivate } from '../orders/snapshot.js';

/**
 * The first working day of a year whose wage-tax plan (PAP) is not in the system yet (ADR 0035): the
 * personal rates stay, computed with the latest known year's rules and marked provisional, and the
 * payroll export of the month answers.
 */
describe.each(databaseTargets())('a payment year without its PAP yet (2027-01-04) on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let admin: string;
  const JANUARY_2027 = new Date('2027-01-04T09:00:00+01:00');

  beforeAll(async () => {
    t = await createTestApp(target);
    // A lease handed over in 2026, before the year change.
    t.clock.set(new Date('2026-03-10T09:00:00Z'));
    const before = (await loginAs(t.app)).accessToken;
    const orderId = await placeOrder(t.app, before, await pickOffer(t.app, before));
    await settleOrder(t.runtime.database.db, orderId, {
      status: 'LEASING_ACTIVE',
      at: t.clock.now(),
      signed: true,
      handoverDate: '2026-03-31',
    });
    t.clock.set(JANUARY_2027);
    // Tokens are short-lived: sign in at the new time.
    employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('the search shows personal net rates, each marked provisional with the year used', async () => {
    const response = await get('/v1/search', employee);
    expect(response.statusCode).toBe(200);
    const cars = response.json<VehicleSummary[]>();
    expect(cars.length).toBeGreaterThan(0);
    for (const car of cars) {
      expect(car.yourLeaseFrom).not.toBeNull();
      expect(car.rateProvisional).toEqual({ year: 2027, basedOnYear: 2026 });
    }
  });

  it('the vehicle page has a personal rate for every package and the provisional marker', async () => {
    const [car] = (await get('/v1/search?manufacturerIds=Kia&modelIds=EV3', employee)).json<VehicleSummary[]>();
    const vehicle = (await get(`/v1/vehicle/${car!.id}`, employee)).json<Vehicle>();
    expect(vehicle.leasePackages.every((p) => p.userPrice !== null)).toBe(true);
    expect(vehicle.rateProvisional).toEqual({ year: 2027, basedOnYear: 2026 });
  });

  it('the tax answer is given, with a PROVISIONAL_YEAR warning in German, never silently', async () => {
    const { leasePackageId } = await pickOffer(t.app, employee);
    const response = await get(`/v1/lease-packages/${leasePackageId}/tax`, employee);
    expect(response.statusCode).toBe(200);
    const result = response.json<TaxResult>();
    expect(result.calculatedFor).toBe('2027-01-01');
    expect(result.userPrice).toBeGreaterThan(0);
    expect(result.warnings).toContainEqual({
      code: 'PROVISIONAL_YEAR',
      year: 2027,
      basedOnYear: 2026,
      message: expect.stringMatching(/^Vorläufig: berechnet mit den Regeln von 2026, die Werte für 2027/),
    });
  });

  it('an order placed now keeps the marker for its contract', async () => {
    const orderId = await placeOrder(t.app, employee, await pickOffer(t.app, employee));
    const [row] = await t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId));
    const conversion = openPrivate(createFieldCipher(t.config), row!).conversion;
    expect(conversion.warnings?.map((w) => w.code)).toContain('PROVISIONAL_YEAR');
    // The order's tax result keeps the whole warning (years and text) for the summary page.
    const order = (await get(`/v1/order/${orderId}`, employee)).json<Order>();
    expect(order.taxResult?.warnings).toContainEqual(
      expect.objectContaining({ code: 'PROVISIONAL_YEAR', year: 2027, basedOnYear: 2026 }),
    );
    const text = contractPlainText(
      buildContractDocument(
        typicalInput({ conversion: { ...typicalInput().conversion, warnings: conversion.warnings } }),
      ),
    );
    expect(text).toContain('Berechnungsgrundlage: Vorläufig: berechnet mit den Regeln von 2026');
  });

  it('the payroll export of January 2027 answers as JSON, CSV and DATEV; the saving is marked provisional', async () => {
    const json = await get('/v1/tenant/payroll/2027-01', admin);
    expect(json.statusCode).toBe(200);
    const data = json.json<PayrollExport>();
    expect(data.rows.length).toBeGreaterThan(0);
    expect(data.rows[0]?.grossConversionEur).toBeGreaterThan(0);
    expect(data.rows[0]?.benefitPrivateUseEur).toBeGreaterThan(0);
    expect(data.totals.employerSavingProvisional).toEqual({ year: 2027, basedOnYear: 2026 });
    const december = (await get('/v1/tenant/payroll/2026-12', admin)).json<PayrollExport>();
    expect(december.totals.employerSavingProvisional).toBeUndefined();
    // Gross conversion and benefit do not depend on the wage-tax plan: the same as in December.
    expect(data.totals.grossConversionEur).toBe(december.totals.grossConversionEur);
    expect(data.totals.benefitPrivateUseEur).toBe(december.totals.benefitPrivateUseEur);

    const csv = await get('/v1/tenant/payroll/2027-01.csv', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('2027-01');
    const datev = await get('/v1/tenant/payroll/2027-01/datev', admin);
    expect(datev.statusCode).toBe(200);
    // HR's overview shows this month's totals too.
    const overview = await get('/v1/tenant/overview', admin);
    expect(overview.statusCode).toBe(200);
    expect(overview.json<{ month: string; totals: PayrollExport['totals'] }>()).toMatchObject({
      month: '2027-01',
      totals: { employerSavingProvisional: { year: 2027, basedOnYear: 2026 } },
    });
  });
});
