import {
  ESTIMATED_RATE_SHARE,
  type TaxResult,
  type TenantPolicy,
  type Vehicle,
  type VehicleSummary,
} from '@leasing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tenants, users } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { hashPassword } from '../../lib/password.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { saveTenantPolicy } from '../../test-support/policy.js';

/**
 * The estimated net rate shown to someone without salary data (search card, vehicle page) takes the
 * employer's subsidy off the gross cost before the spec's 70 %, as the personal rate's comparison
 * converts only the gross cost less the subsidy.
 */
describe.each(databaseTargets())('estimated rates under an employer subsidy on %s', (target) => {
  let t: TestApp;
  let newcomer: string;
  let employee: string;
  let admin: string;
  let car: VehicleSummary;

  const get = async <T>(url: string, token = newcomer) =>
    (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json<T>();
  const setPolicy = (changes: Partial<TenantPolicy>) => saveTenantPolicy(t.app, admin, changes);
  /** The test's own reading of spec 9 with the subsidy: 70 % of gross − subsidy, in EUR. */
  const estimate = (grossEur: number, subsidyCents: (gross: number) => number) => {
    const gross = Math.round(grossEur * 100);
    return Math.round((gross - subsidyCents(gross)) * ESTIMATED_RATE_SHARE) / 100;
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    // A colleague who has not entered salary data yet.
    const db = t.runtime.database.db;
    const [demo] = await db.select({ id: tenants.id }).from(tenants);
    await db.insert(users).values({
      tenantId: demo!.id,
      email: 'ohne.profil@example.com',
      passwordHash: await hashPassword('Noch-ohne-Profil-1'),
      role: 'EMPLOYEE',
      firstName: 'Olga',
      lastName: 'Ohneprofil',
      emailConfirmedAt: new Date(),
    });
    newcomer = (await loginAs(t.app, 'ohne.profil@example.com', 'Noch-ohne-Profil-1')).accessToken;
    car = (await get<VehicleSummary[]>('/v1/search?manufacturerIds=Kia&modelIds=EV3'))[0]!;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  async function expectEstimates(subsidyCents: (gross: number) => number) {
    const vehicle = await get<Vehicle>(`/v1/vehicle/${car.id}`);
    const cheapest = Math.min(...vehicle.leasePackages.map((p) => p.totalMonthlyGrossCostEur));
    const [card] = await get<VehicleSummary[]>('/v1/search?manufacturerIds=Kia&modelIds=EV3');
    expect(card).toMatchObject({ yourLeaseFrom: null, estimateLeaseFrom: estimate(cheapest, subsidyCents) });
    for (const pkg of vehicle.leasePackages) {
      expect(pkg.userPrice).toBeNull();
      expect(pkg.estimatedUserPrice, pkg.id).toBe(estimate(pkg.totalMonthlyGrossCostEur, subsidyCents));
    }
    return vehicle;
  }

  it('is 70 % of the gross cost without a subsidy (spec 9)', async () => {
    await expectEstimates(() => 0);
  });

  it('takes a fixed subsidy off first, the amount the tax comparison converts less', async () => {
    await setPolicy({ employerSubsidy: { kind: 'FIXED_EUR', value: 50 } });
    const vehicle = await expectEstimates(() => 5_000);
    // The employee with salary data: the comparison's subsidy for the same package is the same 50 EUR.
    const pkg = vehicle.leasePackages[0]!;
    const tax = await get<TaxResult>(`/v1/lease-packages/${pkg.id}/tax`, employee);
    expect(tax.salarySacrificeData.employerContribution).toBe(50);
  });

  it('takes a percentage subsidy off, rounded to the cent, and follows the next policy change at once', async () => {
    await setPolicy({ employerSubsidy: { kind: 'PERCENT_OF_RATE', value: 12.5 } });
    await expectEstimates((gross) => Math.round(gross * 0.125));
    await setPolicy({});
    await expectEstimates(() => 0);
  });
});
