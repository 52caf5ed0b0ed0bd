import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import type { Order, TaxResult, Vehicle } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders } from '../../db/schema.js';
import { leasePackages, vehicles } from '../../db/schema-catalog.js';
import { createFieldCipher } from '../../runtime.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { openPrivate } from '../orders/snapshot.js';

/**
 * A privately insured employee whose wage falls below the BBG KV and the JAEG through the
 * conversion: the employer's subsidies follow the wage (§ 257 Abs. 2 SGB V, § 61 Abs. 2 SGB XI).
 */
const PKV_SALARY = buildSalaryInfo({
  federalState: 'NW',
  dateOfBirth: '1985-05-15',
  grossMonthlySalaryEur: 6600,
  taxClass: 1,
  churchTax: false,
  healthInsurance: 'PRIVATE',
  basicRateHealthInsurance: null,
  additionalAmountHealthInsurance: null,
  arbeitgeberzuschuss: true,
  beitragPkv: 1100,
  beitragPv: 230,
  basisbeitragSteuerrelevant: 1150,
  arrivalKilometers: 0,
  arrivalNumber: 0,
});

describe.each(databaseTargets())('tax result of a privately insured employee on %s', (target) => {
  let t: TestApp;
  let token: string;
  let packageId: string;
  let vehicleId: string;
  const tax = (accessToken = token) =>
    t.app
      .inject({ method: 'GET', url: `/v1/lease-packages/${packageId}/tax`, headers: bearer(accessToken) })
      .then((r) => ({ status: r.statusCode, body: r.json<TaxResult & { code?: string; message?: string }>() }));

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-03-15T10:00:00+01:00'));
    token = (await loginAs(t.app)).accessToken;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(token),
      payload: { addressDto: buildAddress(), salaryInfo: PKV_SALARY },
    });
    expect(saved.statusCode).toBeLessThan(300);
    // A BEV with a list price of 60,000 EUR and a package of 1,100 EUR gross a month.
    const db = t.runtime.database.db;
    const [bev] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.driveType, 'BEV')).limit(1);
    if (!bev) throw new Error('no BEV in the demo catalogue');
    await db.update(vehicles).set({ listPriceGrossCents: 6_000_000 }).where(eq(vehicles.id, bev.id));
    const [pkg] = await db
      .select({ id: leasePackages.id })
      .from(leasePackages)
      .where(eq(leasePackages.vehicleId, bev.id))
      .limit(1);
    if (!pkg) throw new Error('the BEV has no package');
    await db.update(leasePackages).set({ totalMonthlyGrossCostCents: 110_000 }).where(eq(leasePackages.id, pkg.id));
    packageId = pkg.id;
    vehicleId = bev.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives 680.94 EUR: the subsidies fall with the wage to 494.38 + 101.70', async () => {
    const { status, body } = await tax();
    expect(status).toBe(200);
    expect(body.price).toBe(1100);
    expect(body.userPrice).toBe(680.94);
    expect(body.before).toMatchObject({
      brutto: 6600,
      lohnst: 1321.16,
      arbeitgeberzuschussPKV: 508.59,
      arbeitgeberzuschussPV: 104.63,
      takeHome: 3862.46,
    });
    expect(body.after).toMatchObject({
      adjustedGross: 5650,
      lohnst: 985.66,
      arbeitgeberzuschussPKV: 494.38,
      arbeitgeberzuschussPV: 101.7,
      takeHome: 3181.52,
    });
    expect(body.salarySacrificeData).toMatchObject({ vehicleTaxation: 150, commutingTaxation: 0 });
  });

  it('carries the JAEG warning with its amounts, machine-readable', async () => {
    const { body } = await tax();
    expect(body.warnings).toEqual([
      {
        code: 'JAEG_UNDERRUN',
        period: 'YEAR',
        limit: 77_400,
        wage: 67_800,
        shortfall: 9_600,
        message: expect.stringContaining('9.600,00 EUR unter der Jahresarbeitsentgeltgrenze von 77.400,00 EUR'),
      },
    ]);
  });

  it('has no warnings once the wage stays above the JAEG', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(token),
      payload: { addressDto: buildAddress(), salaryInfo: { ...PKV_SALARY, grossMonthlySalaryEur: 8000 } },
    });
    const { body } = await tax();
    expect(body.warnings).toEqual([]);
    expect(body.after.arbeitgeberzuschussPKV).toBe(508.59);
    await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(token),
      payload: { addressDto: buildAddress(), salaryInfo: PKV_SALARY },
    });
  });

  it('freezes the warnings into the order: its summary and the contract repeat them', async () => {
    const vehicle = (
      await t.app.inject({ method: 'GET', url: `/v1/vehicle/${vehicleId}`, headers: bearer(token) })
    ).json<Vehicle>();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: bearer(token),
      payload: { leasePackageId: packageId, color: vehicle.colors[0], delivery: 'HOME' },
    });
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ orderId: number }>().orderId;
    const order = (
      await t.app.inject({ method: 'GET', url: `/v1/order/${orderId}`, headers: bearer(token) })
    ).json<Order>();
    expect(order.taxResult?.userPrice).toBe(680.94);
    expect(order.taxResult?.warnings?.map((w) => w.code)).toEqual(['JAEG_UNDERRUN']);

    const [row] = await t.runtime.database.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new Error('order not stored');
    const conversion = openPrivate(createFieldCipher(t.config), row).conversion;
    expect(conversion.warnings?.map((w) => w.code)).toEqual(['JAEG_UNDERRUN']);
    // The contract is rendered from this conversion (contract-pdf.test.ts: one note per warning).
    expect(conversion.warnings?.[0]?.message).toContain('unter der Jahresarbeitsentgeltgrenze');
  });

  it('computes January 2027 with the 2026 rules and says so (PROVISIONAL_YEAR, ADR 0035)', async () => {
    t.clock.set(new Date('2027-01-04T09:00:00+01:00'));
    try {
      // Tokens are short-lived: sign in again at the new time.
      const { status, body } = await tax((await loginAs(t.app)).accessToken);
      expect(status).toBe(200);
      // The 2026 rules give the 2026 figure; only the marker tells the year apart.
      expect(body.userPrice).toBe(680.94);
      expect(body.warnings?.map((w) => w.code)).toEqual(['JAEG_UNDERRUN', 'PROVISIONAL_YEAR']);
    } finally {
      t.clock.set(new Date('2026-03-15T10:00:00+01:00'));
    }
  });
});
