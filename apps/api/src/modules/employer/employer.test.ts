import type {
  BulkInviteResult,
  EmployerOverview,
  PayrollExport,
  TenantEmployee,
  TenantEmployeesPage,
  TenantPolicyResponse,
  Vehicle,
  VehicleSummary,
} from '@leasing/contract';
import { DEFAULT_TENANT_POLICY } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, users } from '../../db/schema.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { DEFAULT_PAYROLL_SETTINGS, PAYROLL_CSV_COLUMNS } from './payroll-files.js';

describe.each(databaseTargets())('employer portal on %s', (target) => {
  let t: TestApp;
  let employee: string;
  let admin: string;
  let provider: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-04-10T09:00:00Z'));
    employee = (await loginAs(t.app)).accessToken;
    admin = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    provider = (await loginAs(t.app, DEMO_ACCOUNTS.providerAdmin)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object | string,
    type?: string,
  ) {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...bearer(token), ...(type ? { 'content-type': type } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
    const json = response.headers['content-type']?.toString().startsWith('application/json');
    return { status: response.statusCode, body: (json ? response.json() : null) as T, raw: response };
  }

  it('answers 403 to employees and provider admins on every route', async () => {
    for (const token of [employee, provider]) {
      for (const [method, url, body] of [
        ['GET', '/v1/tenant/policy'],
        ['PUT', '/v1/tenant/policy', DEFAULT_TENANT_POLICY],
        ['GET', '/v1/tenant/employees'],
        ['POST', '/v1/tenant/invites', { invites: [] }],
        ['GET', '/v1/tenant/payroll/2026-04'],
        ['GET', '/v1/tenant/payroll/2026-04.csv'],
        ['GET', '/v1/tenant/payroll/2026-04/datev'],
        ['GET', '/v1/tenant/overview'],
      ] as const) {
        const response = await call(method, url, token, body);
        expect(response.status, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('keeps a versioned policy: defaults first, validation with field errors, then the saved rules', async () => {
    const first = await call<TenantPolicyResponse>('GET', '/v1/tenant/policy', admin);
    expect(first.body).toMatchObject({ version: 0, minGrossAfterConversionEur: 2409.29, approval: 'MANUAL' });
    expect(first.body.minGrossAfterConversionSource).toContain('13,90');
    const bad = await call<{ errors: { field: string }[] }>('PUT', '/v1/tenant/policy', admin, {
      ...DEFAULT_TENANT_POLICY,
      employerSubsidy: { kind: 'PERCENT_OF_RATE', value: 120 },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.errors)).toContain('employerSubsidy');
    const saved = await call<TenantPolicyResponse>('PUT', '/v1/tenant/policy', admin, {
      ...DEFAULT_TENANT_POLICY,
      employerSubsidy: { kind: 'FIXED_EUR', value: 50 },
      maxListPriceEur: 60_000,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, employerSubsidy: { kind: 'FIXED_EUR', value: 50 } });
    expect((await call<TenantPolicyResponse>('GET', '/v1/tenant/policy', admin)).body.version).toBe(1);
  });

  it('invites many at once: valid rows invited, invalid rows reported, duplicates skipped (JSON and CSV)', async () => {
    const json = await call<BulkInviteResult>('POST', '/v1/tenant/invites', admin, {
      invites: [
        { firstName: 'Anna', lastName: 'Alt', email: 'anna.alt@example.com', employeeId: '1001' },
        { firstName: '', lastName: 'Ohne', email: 'kein-mail' },
        { firstName: 'Anna', lastName: 'Alt', email: 'ANNA.ALT@example.com' },
        { firstName: 'Max', lastName: 'Mustermann', email: DEMO_ACCOUNTS.employee },
      ],
    });
    expect(json.status).toBe(200);
    expect(json.body.created).toBe(1);
    expect(json.body.skipped).toBe(2);
    expect(json.body.errors).toEqual([{ row: 2, message: expect.stringContaining('Vorname fehlt') }]);
    const csv = await call<BulkInviteResult>(
      'POST',
      '/v1/tenant/invites',
      admin,
      '\uFEFFVorname;Nachname;E-Mail;Personalnummer\r\nBen;Bau;ben.bau@example.com;1002\r\nCem;"Çelik; jr.";x@;1003\r\n',
      'text/csv',
    );
    expect(csv.body).toEqual({
      created: 1,
      skipped: 0,
      errors: [{ row: 3, message: expect.stringContaining('E-Mail') }],
    });
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === 'ben.bau@example.com')).toBe(true);
    const people = (await call<TenantEmployeesPage>('GET', '/v1/tenant/employees', admin)).body.items;
    expect(people.find((p) => p.email === 'ben.bau@example.com')).toMatchObject({
      status: 'INVITED',
      employeeId: '1002',
    });
    expect(people.find((p) => p.email === DEMO_ACCOUNTS.employee)).toMatchObject({ status: 'ACTIVE' });
    expect(people.some((p) => p.email === DEMO_ACCOUNTS.tenantAdmin)).toBe(false);
  });

  it('exports only handed-over leases of the own employer, with the figures of the payroll package and a CSV for Excel', async () => {
    // An order through the API, then the handover recorded directly (the provider's steps have their own tests).
    const [car] = (await call<VehicleSummary[]>('GET', '/v1/search?manufacturerIds=Kia&modelIds=EV3', employee)).body;
    const vehicle = (await call<Vehicle>('GET', `/v1/vehicle/${car!.id}`, employee)).body;
    const pkg = vehicle.leasePackages[0]!;
    const created = await call<{ orderId: number }>('POST', '/v1/order', employee, {
      leasePackageId: pkg.id,
      color: vehicle.colors[0],
      delivery: 'HOME',
    });
    expect(created.status).toBe(201);
    const orderId = created.body.orderId;
    await t.runtime.app.orderDeps.db
      .update(orders)
      .set({ status: 'LEASING_ACTIVE', handoverDate: '2026-03-31' })
      .where(eq(orders.id, orderId));
    await t.runtime.app.orderDeps.db
      .update(users)
      .set({ employeeId: '4711' })
      .where(eq(users.email, DEMO_ACCOUNTS.employee));

    const march = await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-03', admin);
    expect(march.status).toBe(200);
    const row = march.body.rows.find((r) => r.orderId === orderId)!;
    expect(row).toMatchObject({ employeeId: '4711', change: 'NEW', benefitRule: '0,25 %' });
    expect(row.benefitPrivateUseEur).toBe(Math.floor(vehicle.listPrice / 400));
    expect(row.grossConversionEur).toBeCloseTo(pkg.totalMonthlyGrossCostEur - row.employerContributionEur, 2);
    expect(march.body.totals.leases).toBe(1);
    expect((await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-02', admin)).body.rows).toEqual([]);
    expect((await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-04', admin)).body.rows[0]!.change).toBeNull();

    const csv = await call('GET', '/v1/tenant/payroll/2026-03.csv', admin);
    expect(csv.raw.headers['content-type']).toContain('text/csv');
    const lines = csv.raw.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]!.split(';')).toEqual([...PAYROLL_CSV_COLUMNS]);
    const cells = lines[1]!.split(';');
    expect(cells[0]).toBe('4711');
    expect(cells[2]).toBe(String(orderId));
    expect(cells[4]).toBe(row.grossConversionEur.toFixed(2).replace('.', ','));
    expect(csv.raw.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const datev = await call('GET', '/v1/tenant/payroll/2026-03/datev', admin);
    expect(datev.raw.body).toContain(`10;01/03/2026;4711;9100;${row.grossConversionEur.toFixed(2).replace('.', ',')};`);

    // Another employer sees none of it.
    const other = await buildTenant(t.app, t.runtime.app.orderDeps.db, { now: t.clock.now() });
    expect((await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-03', other.admin.accessToken)).body.rows).toEqual(
      [],
    );
    expect(await call('GET', '/v1/tenant/payroll/2026-3', admin).then((r) => r.status)).toBe(400);
  });

  it('shows the overview and keeps DATEV settings per employer', async () => {
    const view = await call<EmployerOverview>('GET', '/v1/tenant/overview', admin);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ month: '2026-04', activeLeases: 1, invited: 2 });
    expect(view.body.totals.leases).toBe(1);
    const settings = { ...DEFAULT_PAYROLL_SETTINGS, datevClientNumber: '77', wageTypeConversion: 8100 };
    expect((await call('PUT', '/v1/tenant/payroll-settings', admin, { ...settings, wageTypeCommute: 0 })).status).toBe(
      400,
    );
    expect((await call('PUT', '/v1/tenant/payroll-settings', admin, settings)).status).toBe(200);
    const datev = await call('GET', '/v1/tenant/payroll/2026-04/datev', admin);
    expect(datev.raw.body).toContain('MandantNr=77');
    expect(datev.raw.body).toContain(';4711;8100;');
    expect((await call('GET', '/v1/tenant/payroll-settings', employee)).status).toBe(403);
  });

  it('marks someone as leaving: status, provider mail, and the payroll shows the end', async () => {
    const people = (await call<TenantEmployeesPage>('GET', '/v1/tenant/employees', admin)).body.items;
    const max = people.find((p) => p.email === DEMO_ACCOUNTS.employee)!;
    const left = await call<TenantEmployee>('POST', `/v1/tenant/employees/${max.id}/leave`, admin, {
      date: '2026-06-15',
    });
    expect(left.status).toBe(200);
    expect(left.body).toMatchObject({ status: 'LEAVING', leavingDate: '2026-06-15' });
    expect((await call('POST', `/v1/tenant/employees/${max.id}/leave`, admin, { date: '2026-02-30' })).status).toBe(
      400,
    );
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === DEMO_ACCOUNTS.providerAdmin && m.text.includes('scheidet'))).toBe(true);
    const june = (await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-06', admin)).body;
    expect(june.rows[0]).toMatchObject({ change: 'ENDED', endDate: '2026-06-15' });
    expect((await call<PayrollExport>('GET', '/v1/tenant/payroll/2026-07', admin)).body.rows).toEqual([]);
    const other = await buildTenant(t.app, t.runtime.app.orderDeps.db, { now: t.clock.now() });
    expect(
      (await call('POST', `/v1/tenant/employees/${max.id}/leave`, other.admin.accessToken, { date: '2026-06-15' }))
        .status,
    ).toBe(404);
  });
});
