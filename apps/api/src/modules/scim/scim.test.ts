import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import type { TenantEmployeesPage } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orders, users } from '../../db/schema.js';
import { scimIdentities } from '../../db/schema-scim.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { buildEmployee, buildLease } from '../../test-support/builders.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode, mailbox } from '../../test-support/mailbox.js';
import {
  createScimToken,
  ENTRA_DISABLE_USER,
  entraCreateUser,
  filterPath,
  scimRequest,
} from '../../test-support/scim.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { provisionEmployee } from '../account/index.js';
import { runPendingErasures } from './index.js';
import { signInOf } from './lifecycle.js';

const PASSWORD = 'Lenkrad-Sommer-2031';

describe.each(databaseTargets())('SCIM provisioning of an employer on %s', (target) => {
  let t: TestApp;
  let hr: string;
  let token: string;
  const db = () => t.runtime.database.db;

  beforeAll(async () => {
    t = await createTestApp(target);
    t.clock.set(new Date('2026-05-12T09:00:00Z'));
    hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    token = (await createScimToken(t.app, hr)).token;
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const scim = (method: Parameters<typeof scimRequest>[1], path: string, body?: unknown) =>
    scimRequest(t.app, method, path, token, body);
  const userRow = async (id: string) => {
    const [row] = await db().select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no user ${id}`);
    return row;
  };
  const hrPerson = async (email: string) => {
    const people = await t.app.inject({
      method: 'GET',
      url: `/v1/tenant/employees?q=${encodeURIComponent(email)}`,
      headers: bearer(hr),
    });
    return people.json<TenantEmployeesPage>().items.find((p) => p.email === email);
  };
  const login = (email: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: email, password: PASSWORD } });

  /** The person the directory created takes the welcome mail's link, sets a password and fills in the profile. */
  async function acceptWelcome(email: string): Promise<string> {
    const code = await latestCode(t.app, email, '/register/set-password/');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: PASSWORD },
    });
    expect(set.statusCode).toBe(200);
    const { accessToken } = await loginAs(t.app, email, PASSWORD);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(accessToken),
      payload: { addressDto: buildAddress({ firstName: 'Greta', lastName: 'Gerber' }), salaryInfo: buildSalaryInfo() },
    });
    expect(saved.statusCode).toBe(200);
    return accessToken;
  }

  it("creates, finds and ends a person with Entra ID's documented requests; the leaving quote follows", async () => {
    const email = 'greta.gerber@example.com';
    const externalId = '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef';

    // Entra first looks the person up by the matching attribute: nobody yet.
    const none = await scim('GET', filterPath(`userName eq "${email}"`));
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'],
      totalResults: 0,
      startIndex: 1,
      itemsPerPage: 0,
      Resources: [],
    });

    const created = await scim(
      'POST',
      '/Users',
      entraCreateUser(email, externalId, { givenName: 'Greta', familyName: 'Gerber' }),
    );
    expect(created.status).toBe(201);
    expect(created.raw.headers['content-type']).toContain('application/scim+json');
    const id = String(created.body['id']);
    expect(created.raw.headers['location']).toBe(`${t.config.publicUrl}/scim/v2/Users/${id}`);
    expect(created.raw.headers['etag']).toBe((created.body['meta'] as { version: string }).version);
    expect(created.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      id,
      externalId,
      userName: email,
      name: { givenName: 'Greta', familyName: 'Gerber', formatted: 'Greta Gerber' },
      active: true,
      emails: [{ value: email, type: 'work', primary: true }],
      meta: { resourceType: 'User', location: `${t.config.publicUrl}/scim/v2/Users/${id}` },
    });
    // An employee of the token's employer, with the welcome mail to set a password.
    const row = await userRow(id);
    expect(row).toMatchObject({ role: 'EMPLOYEE', email, firstName: 'Greta', passwordHash: null, disabledAt: null });
    const [admin] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin));
    expect(row.tenantId).toBe(admin?.tenantId);
    const welcome = (await mailbox(t.app)).find((m) => m.to === email);
    expect(welcome?.subject).toBe('Willkommen beim E-Auto-Leasing');
    expect(welcome?.links.some((l) => l.includes('/register/set-password/'))).toBe(true);

    // Found by userName as Entra asks (any case: user names compare case-insensitively) and by id.
    const found = await scim('GET', filterPath(`userName eq "${email.toUpperCase()}"`));
    expect(found.body).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    expect((found.body['Resources'] as { id: string }[])[0]?.id).toBe(id);
    expect((await scim('GET', `/Users/${id}`)).body).toMatchObject({ id, userName: email, active: true });

    // The person signs up and leases a car.
    const personToken = await acceptWelcome(email);
    const lease = await buildLease(t, personToken, { handedOverMonthsAgo: 3 });
    // The builder walks the steps without the signing service; the contract was signed on the way.
    await db().update(orders).set({ signedAt: t.clock.now() }).where(eq(orders.id, lease));

    // Entra disables the user: "Replace" and the string "False".
    const disabled = await scim('PATCH', `/Users/${id}`, ENTRA_DISABLE_USER);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id, active: false });
    // Sign-in ends at once: the session's tokens and any new login.
    expect((await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(personToken) })).statusCode).toBe(401);
    expect((await login(email)).json()).toMatchObject({ authenticated: false });
    // A leaving on that (German) day, as HR's own leaving records it.
    const today = berlinToday(t.clock.now());
    expect(await hrPerson(email)).toMatchObject({ status: 'LEAVING', leavingDate: today });
    // The termination quote of the lease to the person and to HR (nobody at HR entered this leaving).
    const quotes = (await mailbox(t.app)).filter(
      (m) => m.subject === `Bestellung ${lease}: Ausscheiden und Angebot zur Vertragsbeendigung`,
    );
    expect(quotes.map((m) => m.to)).toEqual(expect.arrayContaining([email, DEMO_ACCOUNTS.tenantAdmin]));
    expect(quotes.find((m) => m.to === DEMO_ACCOUNTS.tenantAdmin)?.text).toContain('Greta Gerber scheidet zum');

    // The quote is out: active again cannot take the leaving back.
    const again = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '400',
      scimType: 'mutability',
    });
    expect((await login(email)).json()).toMatchObject({ authenticated: false });

    // Entra deletes the user. The lease is under way: the person is gone for SCIM, the erasure waits.
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    const gone = await scim('GET', `/Users/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '404' });
    expect((await scim('GET', filterPath(`userName eq "${email}"`))).body).toMatchObject({ totalResults: 0 });
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(404);
    expect(await runPendingErasures(t.app.orderDeps)).toEqual({ erased: 0, waiting: 1 });
    expect((await userRow(id)).email).toBe(email);

    // Once the car is back the job erases the person as their own erasure would.
    await db().update(orders).set({ status: 'LEASE_ENDED' }).where(eq(orders.id, lease));
    expect(await runPendingErasures(t.app.orderDeps)).toEqual({ erased: 1, waiting: 0 });
    expect(await userRow(id)).toMatchObject({
      email: `geloescht-${id}@invalid`,
      firstName: '',
      lastName: '',
      passwordHash: null,
      deletedAt: expect.any(Date) as unknown,
    });
    expect(await db().select().from(scimIdentities).where(eq(scimIdentities.userId, id))).toEqual([]);
    // The signed lease stays (commercial and tax law), as after the person's own erasure.
    const [kept] = await db().select().from(orders).where(eq(orders.id, lease));
    expect(kept?.status).toBe('LEASE_ENDED');
  });

  it('erases a person without a lease at once on DELETE', async () => {
    const email = 'paul.probe@example.com';
    const created = await scim('POST', '/Users', entraCreateUser(email, 'ext-paul'));
    const id = String(created.body['id']);
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect(await userRow(id)).toMatchObject({
      email: `geloescht-${id}@invalid`,
      deletedAt: expect.any(Date) as unknown,
    });
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    // The address is free again: the directory may provision the person anew.
    expect((await scim('POST', '/Users', entraCreateUser(email, 'ext-paul'))).status).toBe(201);
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'scim.user.deleted'), eq(auditLog.subjectId, id)));
    expect(audited).toHaveLength(1);
  });

  it('ends a person with a lease on a DELETE without a deactivation first: leaving today, erasure later', async () => {
    const colleague = await buildEmployee(t, { colleagueOf: DEMO_ACCOUNTS.employee, prefix: 'scimloeschen' });
    const lease = await buildLease(t, colleague.accessToken, { handedOverMonthsAgo: 1 });
    const found = await scim('GET', filterPath(`userName eq "${colleague.email}"`));
    const id = (found.body['Resources'] as { id: string }[])[0]?.id ?? '';
    expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
    expect(await hrPerson(colleague.email)).toMatchObject({
      status: 'LEAVING',
      leavingDate: berlinToday(t.clock.now()),
    });
    const quotes = (await mailbox(t.app)).filter((m) => m.subject.startsWith(`Bestellung ${lease}: Ausscheiden`));
    expect(quotes.map((m) => m.to)).toEqual(expect.arrayContaining([colleague.email, DEMO_ACCOUNTS.tenantAdmin]));
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(colleague.accessToken) })).statusCode,
    ).toBe(401);
    expect((await scim('GET', `/Users/${id}`)).status).toBe(404);
    const [waiting] = await db().select().from(scimIdentities).where(eq(scimIdentities.userId, id));
    expect(waiting?.erasureRequestedAt).toEqual(t.clock.now());
    expect((await userRow(id)).deletedAt).toBeNull();
  });

  it('takes back a same-day deactivation that told no one, and refuses once its day has passed', async () => {
    const email = 'irrtum.ida@example.com';
    const id = String((await scim('POST', '/Users', entraCreateUser(email, 'ext-ida'))).body['id']);
    await acceptWelcome(email);

    expect((await scim('PATCH', `/Users/${id}`, ENTRA_DISABLE_USER)).body).toMatchObject({ active: false });
    expect(await hrPerson(email)).toMatchObject({ status: 'LEAVING' });
    // The compliant form (aadOptscim062020): lower-case op, a JSON boolean.
    const back = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ active: true });
    expect(await hrPerson(email)).toMatchObject({ status: 'ACTIVE', leavingDate: null });
    expect((await login(email)).json()).toMatchObject({ authenticated: true });
    const withdrawn = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'employee.leaving_withdrawn'), eq(auditLog.subjectId, id)));
    expect(withdrawn).toHaveLength(1);

    // Deactivated again; the next day the leaving stands.
    expect((await scim('PATCH', `/Users/${id}`, ENTRA_DISABLE_USER)).status).toBe(200);
    t.clock.advance(24 * 3600_000);
    const late = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ scimType: 'mutability' });
    expect(String(late.body['detail'])).toContain('has passed');
    t.clock.advance(-24 * 3600_000);
  });

  it('creates a user with active false without a mail, and sends the welcome once activated', async () => {
    const email = 'spaeter.sven@example.com';
    const created = await scim('POST', '/Users', { ...entraCreateUser(email, 'ext-sven'), active: false });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ active: false });
    const id = String(created.body['id']);
    expect((await mailbox(t.app)).filter((m) => m.to === email)).toEqual([]);
    expect(await hrPerson(email)).toMatchObject({ leavingDate: null });
    const activated = await scim('PATCH', `/Users/${id}`, {
      schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(activated.body).toMatchObject({ active: true });
    expect((await mailbox(t.app)).find((m) => m.to === email)?.subject).toBe('Willkommen beim E-Auto-Leasing');
  });

  it('mails a pointer to the company sign-in instead of a password link when the employer requires SSO', async () => {
    const [admin] = await db().select().from(users).where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin));
    const tenantId = admin?.tenantId ?? '';
    // app.ts hands SCIM the SSO module's answer once it is wired; without it nobody requires SSO.
    expect((await signInOf({ db: db() }, tenantId)).signIn).toBe('PASSWORD');
    const sso = await signInOf({ db: db(), ssoRequired: async (id) => id === tenantId }, tenantId);
    expect(sso).toMatchObject({ signIn: 'SSO', tenantName: expect.any(String) as unknown });
    const email = 'firmenkonto.fiona@example.com';
    const id = await provisionEmployee(
      t.app.orderDeps,
      { id: admin?.id ?? '', tenantId },
      { email, firstName: 'Fiona', lastName: 'Firmenkonto', employeeId: null },
      { ...sso, mail: true, disabled: false },
      { requestId: 'scim-sso', ip: '127.0.0.1' },
    );
    expect(id).not.toBeNull();
    const mail = (await mailbox(t.app)).find((m) => m.to === email);
    expect(mail?.subject).toBe('Willkommen beim E-Auto-Leasing');
    expect(mail?.text).toContain('Ein Passwort brauchen Sie nicht');
    expect(mail?.links).toContain(`${t.config.publicUrl}/login`);
    expect(mail?.links.some((l) => l.includes('set-password'))).toBe(false);
  });
});
