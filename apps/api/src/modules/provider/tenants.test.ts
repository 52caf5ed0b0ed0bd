import type {
  AdminOrdersPage,
  CreateTenantResponse,
  TenantDetail,
  ProviderTenantsPage,
  VehicleSummary,
} from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, users } from '../../db/schema.js';
import { DEMO_ACCOUNTS, DEMO_REGISTER_CODE } from '../demo/accounts.js';
import { createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode, mailbox } from '../../test-support/mailbox.js';
import { enrolWith } from '../../test-support/mfa.js';
import { beispielAg, caller, newEmployee, registerAndConfirm, tokensOfDemoRoles } from '../../test-support/provider.js';

describe.each(databaseTargets())('provider: employers on %s', (target) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let tokens: Awaited<ReturnType<typeof tokensOfDemoRoles>>;
  let created: CreateTenantResponse;
  let hrAdmin: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    call = caller(t.app);
    tokens = await tokensOfDemoRoles(t.app);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('is closed to employees, tenant admins and anonymous callers', async () => {
    expect((await call('GET', '/v1/provider/tenants')).status).toBe(401);
    expect((await call('GET', '/v1/provider/tenants', tokens.employee)).status).toBe(403);
    expect((await call('GET', '/v1/provider/tenants', tokens.tenantAdmin)).status).toBe(403);
    const write = await call('POST', '/v1/provider/tenants', tokens.tenantAdmin, beispielAg(' X'));
    expect(write.status).toBe(403);
    expect((await call<ProviderTenantsPage>('GET', '/v1/provider/tenants', tokens.provider)).body.total).toBe(1);
  });

  it('refuses an incomplete employer with field errors', async () => {
    const response = await call<{ errors: { field: string }[] }>('POST', '/v1/provider/tenants', tokens.provider, {
      ...beispielAg(),
      postcode: '1011',
      admin: { firstName: '', lastName: 'Reuter', email: 'kein-mail' },
    });
    expect(response.status).toBe(400);
    const fields = response.body.errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['postcode', 'admin.firstName', 'admin.email']));
  });

  it('creates an employer with its code and invites its HR admin by mail', async () => {
    const response = await call<CreateTenantResponse>('POST', '/v1/provider/tenants', tokens.provider, beispielAg());
    expect(response.status).toBe(201);
    created = response.body;
    expect(created).toMatchObject({ name: 'Beispiel AG', enabled: true, employees: 0, activeCodes: 1 });
    expect(created.registerCode).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect(created.admins).toEqual([
      expect.objectContaining({ email: 'hanna.reuter@beispiel.example', active: false }),
    ]);

    const mails = await mailbox(t.app);
    const invite = mails.find((m) => m.to === 'hanna.reuter@beispiel.example');
    expect(invite?.subject).toContain('Beispiel AG');
    expect(invite?.links.some((l) => /\/invite\/[\w-]+$/.test(l))).toBe(true);

    const list = (await call<ProviderTenantsPage>('GET', '/v1/provider/tenants', tokens.provider)).body.items;
    expect(list.map((x) => x.name)).toEqual(['Beispiel AG', 'Muster GmbH']);
    const audit = await t.app.orderDeps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.tenant.created'), eq(auditLog.subjectId, created.id)));
    expect(audit).toHaveLength(1);
  });

  it("lets the HR admin set a password from the mail and see only the own employer's people", async () => {
    const code = await latestCode(t.app, 'hanna.reuter@beispiel.example', '/invite/');
    const set = await call<{ authenticated: boolean; accessToken: string; mfaEnrolmentCode?: string }>(
      'PUT',
      '/v1/confirm/password/reset',
      undefined,
      { code, password: 'Beispiel-Passwort-42' },
    );
    expect(set.status).toBe(200);
    // A new admin enrols the second factor while accepting the invitation (ADR 0025).
    expect(set.body).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    const { secret } = await enrolWith(
      t.app,
      set.body.accessToken,
      'Beispiel-Passwort-42',
      set.body.mfaEnrolmentCode ?? '',
      t.clock.now(),
    );
    t.clock.advance(30_000);
    hrAdmin = (await loginAs(t.app, 'hanna.reuter@beispiel.example', 'Beispiel-Passwort-42', { totpSecret: secret }))
      .accessToken;
    const [person] = await t.app.orderDeps.db
      .select()
      .from(users)
      .where(eq(users.email, 'hanna.reuter@beispiel.example'));
    expect(person).toMatchObject({ role: 'TENANT_ADMIN', tenantId: created.id });

    // The demo employer has an order; the new HR admin sees none of it.
    await createDemoOrder();
    const own = await call<AdminOrdersPage>('GET', '/v1/admin/orders', hrAdmin);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ items: [], total: 0 });
    const demoAdmin = await call<AdminOrdersPage>('GET', '/v1/admin/orders', tokens.tenantAdmin);
    expect(demoAdmin.body.items.length).toBeGreaterThan(0);
    const foreign = await call('GET', `/v1/order/${demoAdmin.body.items[0]?.id}`, hrAdmin);
    expect(foreign.status).toBe(404);
    expect((await call('GET', '/v1/provider/tenants', hrAdmin)).status).toBe(403);
  });

  it('lets employees register with the new code, see cars and land in the right employer', async () => {
    expect(await registerAndConfirm(t.app, created.registerCode, 'erika@beispiel.example', '10.7.0.1')).toBe(202);
    const employee = (await loginAs(t.app, 'erika@beispiel.example', 'Ein-gutes-Passwort-9')).accessToken;
    const cars = await call<VehicleSummary[]>('GET', '/v1/search', employee);
    expect(cars.body.length).toBeGreaterThan(10);
    const detail = (await call<TenantDetail>('GET', `/v1/provider/tenants/${created.id}`, tokens.provider)).body;
    expect(detail.employees).toBe(1);
    expect(detail.registerCodes[0]).toMatchObject({ code: created.registerCode, uses: 1, state: 'ACTIVE' });
    // The demo code keeps working for the demo employer.
    expect(await registerAndConfirm(t.app, DEMO_REGISTER_CODE, 'neu@muster.example', '10.7.0.2')).toBe(202);
  });

  it('edits an employer and audits which fields changed', async () => {
    const { admin: _admin, ...fields } = beispielAg();
    const response = await call<TenantDetail>('PUT', `/v1/provider/tenants/${created.id}`, tokens.provider, {
      ...fields,
      place: 'Potsdam',
      postcode: '14467',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ place: 'Potsdam', postcode: '14467' });
    const [entry] = await t.app.orderDeps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'provider.tenant.updated'), eq(auditLog.subjectId, created.id)));
    expect(entry?.fields.sort()).toEqual(['place', 'postcode']);
  });

  it('stops registrations and orders of a deactivated employer; logins and leases continue', async () => {
    const off = await call<TenantDetail>('POST', `/v1/provider/tenants/${created.id}/deactivate`, tokens.provider);
    expect(off.body.enabled).toBe(false);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/v1/auth/register/${created.registerCode}`,
      payload: newEmployee('spaet@beispiel.example'),
      remoteAddress: '10.7.0.3',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/register/GIBTS-NICHT',
      payload: newEmployee('spaet2@beispiel.example'),
      remoteAddress: '10.7.0.4',
    });
    expect(refused.statusCode).toBe(unknown.statusCode);
    expect(refused.json()).toEqual(unknown.json());

    const employee = (await loginAs(t.app, 'erika@beispiel.example', 'Ein-gutes-Passwort-9')).accessToken;
    const order = await call('POST', '/v1/order', employee, {
      leasePackageId: '00000000-0000-4000-8000-000000000000',
      color: 'Weiß',
      delivery: 'HOME',
    });
    expect(order.status).toBe(409);
    // The HR admin still signs in and works.
    expect((await call('GET', '/v1/admin/orders', hrAdmin)).status).toBe(200);

    const on = await call<TenantDetail>('POST', `/v1/provider/tenants/${created.id}/reactivate`, tokens.provider);
    expect(on.body.enabled).toBe(true);
  });

  it('refuses a second account for an address that has one', async () => {
    const response = await call<{ code: string }>('POST', '/v1/provider/tenants', tokens.provider, {
      ...beispielAg(' Zwei'),
      admin: { firstName: 'Petra', lastName: 'Personal', email: DEMO_ACCOUNTS.tenantAdmin },
    });
    expect(response.status).toBe(409);
    const names = (await call<ProviderTenantsPage>('GET', '/v1/provider/tenants', tokens.provider)).body.items.map(
      (x) => x.name,
    );
    // Nothing of the refused employer exists.
    expect(names).not.toContain('Beispiel AG Zwei');
  });

  /** An order of the demo employee (complete profile in the demo data). */
  async function createDemoOrder(): Promise<void> {
    const [car] = (await call<VehicleSummary[]>('GET', '/v1/search', tokens.employee)).body;
    const vehicle = (
      await call<{ leasePackages: { id: string }[]; colors: string[] }>(
        'GET',
        `/v1/vehicle/${car?.id}`,
        tokens.employee,
      )
    ).body;
    const order = await call('POST', '/v1/order', tokens.employee, {
      leasePackageId: vehicle.leasePackages[0]?.id,
      color: vehicle.colors[0],
      delivery: 'HOME',
    });
    expect(order.status).toBe(201);
  }
});
