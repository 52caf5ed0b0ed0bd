import { BillingProfileSchema, isValidLeitwegId, TenantBillingSchema } from '@leasing/contract';
import { formatPayrollMonth, monthOfDate } from '@leasing/payroll';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { billingProfile, tenantBilling } from '../../db/schema-billing.js';
import { employmentEnds } from '../../db/schema-employer.js';
import { orderDocuments, orders, salaryProfiles, tenants, users, userSteps } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { runInvoices } from '../billing/run.js';
import { readSalaryProfile } from '../profile/salary-store.js';
import { DEMO_ACCOUNTS } from './accounts.js';
import { leitwegIdOf, tenantBillingOf } from './scale-billing.js';
import { employerSizes, historyOf, PLACES, randomSource } from './scale-plan.js';
import { SCALE_PASSWORD, scaleDataPresent, seedScale } from './scale.js';

describe('the shape of generated data', () => {
  it('gives the demo employer the large share and the others 20 to 200 people, mid-sized ones aside', () => {
    const sizes = employerSizes({ employers: 300, employees: 60_000, leases: 0 }, randomSource(1));
    expect(sizes).toHaveLength(300);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(60_000);
    expect(sizes[0]).toBeGreaterThanOrEqual(10_000);
    const small = sizes.filter((s) => s >= 20 && s <= 200).length;
    expect(small).toBeGreaterThan(250);
  });

  it('writes the histories the workflow writes: one current record at the end of an open order', () => {
    const random = randomSource(2);
    expect(historyOf({ status: 'NECT_SIGN', handedOver: false }, random).at(-1)).toEqual({
      stepType: 'NECT_SIGN',
      status: null,
    });
    const handedOver = historyOf({ status: 'LEASING_ACTIVE', handedOver: true }, random);
    expect(handedOver.at(-1)).toEqual({ stepType: 'LEASING_ACTIVE', status: 'ACCEPTED' });
    expect(handedOver.filter((r) => r.status === 'ACCEPTED')).toHaveLength(7);
    expect(historyOf({ status: 'DECLINED_BY_TENANT', handedOver: false }, random).slice(-2)).toEqual([
      { stepType: 'TENANT_ADMIN_CLICK_CONFIRM', status: 'DECLINED' },
      { stepType: 'DECLINED_BY_TENANT', status: 'ACCEPTED' },
    ]);
  });
});

describe('the billing data of generated employers', () => {
  it('is valid: mostly XRechnung UBL, some CII and ZUGFeRD, one in twenty a public body with a Leitweg-ID, two without', () => {
    const random = randomSource(32);
    const all = Array.from({ length: 300 }, (_, k) => {
      const [place, postcode] = PLACES[k % PLACES.length] ?? ['Köln', '50667'];
      const employer = {
        tenantId: `t${k}`,
        street: 'Hauptstraße',
        streetNumber: String(k),
        postcode,
        place,
        domain: `firma${k}.example.com`,
      };
      return tenantBillingOf(k, employer, random);
    });
    for (const billing of all) expect(TenantBillingSchema.safeParse(billing).success).toBe(true);
    const publicBodies = all.filter((b) => b.isPublicBody);
    expect(publicBodies.filter((b) => b.leitwegId && isValidLeitwegId(b.leitwegId))).toHaveLength(15);
    expect(publicBodies.filter((b) => !b.leitwegId)).toHaveLength(2);
    expect(publicBodies.every((b) => b.format !== 'ZUGFERD_EN16931')).toBe(true);
    const share = (format: string) => all.filter((b) => b.format === format).length / all.length;
    expect(share('XRECHNUNG_UBL')).toBeGreaterThan(0.7);
    expect(share('XRECHNUNG_CII')).toBeGreaterThan(0.05);
    expect(share('ZUGFERD_EN16931')).toBeGreaterThan(0.03);
    // The coarse address is the place's municipality key (Köln: 05315000), the check digits MOD 97-10.
    expect(leitwegIdOf('Köln', 'K10')).toMatch(/^05315000-K10-\d{2}$/);
    expect(isValidLeitwegId(leitwegIdOf('Köln', 'K10'))).toBe(true);
  });
});

describe.each(databaseTargets())('generated data on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the counts asked for, readable like real data, and the demo accounts still sign in', async () => {
    const db = t.runtime.database.db;
    expect(await scaleDataPresent(db)).toBe(false);
    const summary = await seedScale(db, t.app.orderDeps.cipher, { employers: 3, employees: 200, leases: 60 });
    expect(await scaleDataPresent(db)).toBe(true);
    const countOf = async (table: typeof tenants | typeof orders | typeof orderDocuments | typeof userSteps) =>
      Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);
    expect(await countOf(tenants)).toBe(3);
    expect(await countOf(orders)).toBe(60);
    expect(summary.leases).toBe(60);
    expect(await countOf(userSteps)).toBe(summary.statusRecords);
    expect(await countOf(orderDocuments)).toBe(summary.documents);
    const employees = await db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(eq(users.role, 'EMPLOYEE'));
    // The demo's own employee and the 200 generated people.
    expect(Number(employees[0]?.n)).toBe(201);
    expect(Number((await db.select({ n: sql<number>`count(*)` }).from(employmentEnds))[0]?.n)).toBe(summary.leaving);

    // A generated salary profile opens through the profile module's own read.
    const [someone] = await db
      .select({ userId: salaryProfiles.userId, tenantId: users.tenantId })
      .from(salaryProfiles)
      .innerJoin(users, eq(users.id, salaryProfiles.userId))
      .where(sql`${users.email} like 'p%@firma%'`)
      .limit(1);
    expect(someone).toBeDefined();
    const profile = await readSalaryProfile(db, t.app.orderDeps.cipher, {
      userId: someone?.userId ?? '',
      tenantId: someone?.tenantId ?? null,
    });
    expect(profile?.salaryInfo).toMatchObject({ taxClass: expect.any(Number) });

    // The demo employer is the large one, and its HR admin sees its people and a payroll that opens
    // every generated order snapshot.
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    const people = await t.app.inject({
      method: 'GET',
      url: '/v1/tenant/employees',
      headers: bearer(admin.accessToken),
    });
    expect(people.statusCode).toBe(200);
    const month = new Date().toISOString().slice(0, 7);
    const payroll = await t.app.inject({
      method: 'GET',
      url: `/v1/tenant/payroll/${month}`,
      headers: bearer(admin.accessToken),
    });
    expect(payroll.statusCode).toBe(200);
    expect(summary.demoHandedOver).toBeGreaterThan(0);

    const employee = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    expect(employee.accessToken).toBeTruthy();
    await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin);
    // Generated people sign in with the shared password.
    const [generated] = await db
      .select({ email: users.email })
      .from(users)
      .where(sql`${users.email} like 'p1.0@%'`);
    await loginAs(t.app, generated?.email ?? '', SCALE_PASSWORD);
  });

  it('writes the provider billing profile and billing data for every employer, which the monthly run invoices', async () => {
    const db = t.runtime.database.db;
    const [profile] = await runAsSystem(() => db.select().from(billingProfile));
    expect(BillingProfileSchema.safeParse(profile?.profile).success).toBe(true);
    const billed = await runAsSystem(() => db.select().from(tenantBilling));
    expect(billed).toHaveLength(3);
    for (const row of billed) expect(TenantBillingSchema.safeParse(row.billing).success).toBe(true);
    const month = formatPayrollMonth(monthOfDate(berlinToday(t.clock.now()), 'today') - 1);
    const deps = { db, clock: t.clock, publicUrl: t.config.publicUrl, mailSent: () => undefined };
    const run = await runAsSystem(() => runInvoices(deps, month, { id: null, requestId: null }));
    expect(run.created.length).toBeGreaterThan(0);
    expect(run.skipped.filter((s) => s.reason !== 'NOTHING_TO_BILL')).toEqual([]);
  });
});

describe.each(databaseTargets())('statistics after generating on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  it('leaves statistics on the generated tables once refreshed as the owner', async () => {
    const db = t.runtime.database.db;
    // Fresh tables have no estimate (-1) until ANALYZE or VACUUM looks at them.
    const rowsOf = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
    const estimateOf = async (table: string) =>
      Number((await rowsOf(sql`select reltuples as n from pg_class where relname = ${table}`))[0]?.['n']);
    await seedScale(db, t.app.orderDeps.cipher, { employers: 2, employees: 40, leases: 12, priceLists: 2 });
    await t.runtime.database.refreshStatistics();
    expect(await estimateOf('orders')).toBeGreaterThanOrEqual(12);
    expect(await estimateOf('users')).toBeGreaterThanOrEqual(40);
    expect(await estimateOf('user_steps')).toBeGreaterThan(0);
    // Only that statement ran as the owner: the application's queries are the application role's again.
    const [who] = await rowsOf(sql`select current_user as role`);
    expect(who?.['role']).toBe('leasing_app');
  });
});
