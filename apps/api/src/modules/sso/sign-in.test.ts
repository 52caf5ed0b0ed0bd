import type { MeResponse } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ssoIdentities } from '../../db/schema-sso.js';
import { auditLog, users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import {
  accountsAndLinks,
  exchange,
  saveSso,
  ssoConfig,
  startIdp,
  throughIdp,
  userByEmail,
} from '../../test-support/company-sign-in.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import type { TestIdp } from '../../test-support/test-idp.js';
import { createCode } from '../auth/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../demo/accounts.js';
import { ssoRequired } from './index.js';

describe.each(databaseTargets())('sign-in with the company account on %s', (target) => {
  let t: TestApp;
  let idp: TestIdp;
  let hr: string;
  let tenantId: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    idp = await startIdp(t);
    hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;
    const saved = await saveSso(t, hr, ssoConfig(idp, ['example.com', 'muster-gmbh.example']));
    expect(saved.status).toBe(200);
    tenantId = (await userByEmail(t, DEMO_ACCOUNTS.tenantAdmin))?.tenantId ?? '';
  }, 120_000);
  afterAll(async () => {
    await idp.close();
    await t.close();
  });

  const me = async (accessToken: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(accessToken) });
    return { status: response.statusCode, body: response.json<MeResponse>() };
  };

  it('makes a new verified address of the domain an employee without a register code, once per code', async () => {
    idp.people.set('sub-neu-1', {
      email: 'Nina.Neu@Muster-GmbH.example',
      email_verified: true,
      given_name: 'Nina',
      family_name: 'Neu',
    });
    const before = await accountsAndLinks(t);
    const { landed, cookie } = await throughIdp(t, idp, 'nina.neu@muster-gmbh.example', 'sub-neu-1');
    expect(landed.error).toBeUndefined();
    expect(landed.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await accountsAndLinks(t)).toEqual({ users: before.users + 1, links: before.links + 1 });

    const answer = await exchange(t, landed.code ?? '', cookie);
    expect(answer.status).toBe(200);
    if (!answer.body.authenticated) throw new Error('not signed in');
    const person = await me(answer.body.accessToken);
    expect(person.status).toBe(200);
    expect(person.body).toMatchObject({
      email: 'nina.neu@muster-gmbh.example',
      firstName: 'Nina',
      lastName: 'Neu',
      role: 'EMPLOYEE',
      tenantName: 'Muster GmbH',
    });
    const row = await userByEmail(t, 'nina.neu@muster-gmbh.example');
    expect(row?.tenantId).toBe(tenantId);
    expect(row?.passwordHash).toBeNull();
    expect(row?.emailConfirmedAt).not.toBeNull();

    // Single use: the same code again, and a guessed one, are refused.
    expect((await exchange(t, landed.code ?? '', cookie)).status).toBe(400);
    expect((await exchange(t, 'A'.repeat(43), cookie)).status).toBe(400);

    // The next sign-in finds the account by its link, also after the address changed at the provider.
    idp.people.set('sub-neu-1', { email: 'nina.neu@example.com', email_verified: true });
    const again = await throughIdp(t, idp, 'nina.neu@example.com', 'sub-neu-1');
    const second = await exchange(t, again.landed.code ?? '', again.cookie);
    if (!second.body.authenticated) throw new Error('not signed in');
    expect((await me(second.body.accessToken)).body.id).toBe(person.body.id);
    expect(await accountsAndLinks(t)).toEqual({ users: before.users + 1, links: before.links + 1 });

    const audited = await runAsSystem(() =>
      t.runtime.database.db
        .select({ action: auditLog.action, fields: auditLog.fields })
        .from(auditLog)
        .where(eq(auditLog.subjectId, person.body.id)),
    );
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['account.registered_by_company_sign_in', 'auth.sso.signed_in']),
    );
  });

  it('refuses the code from another browser and after its two minutes', async () => {
    idp.people.set('sub-neu-2', { email: 'otto.neu@example.com', email_verified: true, given_name: 'Otto' });
    const first = await throughIdp(t, idp, 'otto.neu@example.com', 'sub-neu-2');
    expect((await exchange(t, first.landed.code ?? '', undefined)).status).toBe(400);
    expect((await exchange(t, first.landed.code ?? '', 'B'.repeat(43))).status).toBe(400);
    // Not spent by those: the right browser still gets its session.
    expect((await exchange(t, first.landed.code ?? '', first.cookie)).status).toBe(200);

    const late = await throughIdp(t, idp, 'otto.neu@example.com', 'sub-neu-2');
    t.clock.advance(3 * 60_000);
    const refused = await exchange(t, late.landed.code ?? '', late.cookie);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('CODE_INVALID');
  });

  it('links an existing account of the employer and answers a working session', async () => {
    idp.people.set('sub-max', {
      email: DEMO_ACCOUNTS.employee,
      email_verified: true,
      given_name: 'M',
      family_name: 'X',
    });
    const before = await accountsAndLinks(t);
    const { landed, cookie } = await throughIdp(t, idp, DEMO_ACCOUNTS.employee, 'sub-max');
    const answer = await exchange(t, landed.code ?? '', cookie);
    if (!answer.body.authenticated) throw new Error('not signed in');
    const person = await me(answer.body.accessToken);
    expect(person.body).toMatchObject({ email: DEMO_ACCOUNTS.employee, firstName: 'Max', role: 'EMPLOYEE' });
    expect(await accountsAndLinks(t)).toEqual({ users: before.users, links: before.links + 1 });
    // The password still works for the linked account while the employer does not require SSO.
    await loginAs(t.app, DEMO_ACCOUNTS.employee);
  });

  it("confirms an unconfirmed registration's address and drops its password (it may be a stranger's)", async () => {
    const db = t.runtime.database.db;
    const [planted] = await runAsSystem(() =>
      db
        .insert(users)
        .values({
          tenantId,
          email: 'vorab@muster-gmbh.example',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA',
          role: 'EMPLOYEE',
          firstName: 'Fremd',
          lastName: 'Registriert',
          createdAt: t.clock.now(),
        })
        .returning(),
    );
    idp.people.set('sub-vorab', { email: 'vorab@muster-gmbh.example', email_verified: true });
    const { landed, cookie } = await throughIdp(t, idp, 'vorab@muster-gmbh.example', 'sub-vorab');
    const answer = await exchange(t, landed.code ?? '', cookie);
    if (!answer.body.authenticated) throw new Error('not signed in');
    expect((await me(answer.body.accessToken)).body.id).toBe(planted?.id);
    const row = await userByEmail(t, 'vorab@muster-gmbh.example');
    expect(row?.emailConfirmedAt).not.toBeNull();
    expect(row?.passwordHash).toBeNull();
  });

  it('asks an admin for the platform factor unless the provider asserted one through an earlier link', async () => {
    idp.people.set('sub-hr', { email: DEMO_ACCOUNTS.tenantAdmin, email_verified: true });
    // First sign-in: linked by the address now, so even an asserted factor does not count yet.
    const first = await throughIdp(t, idp, DEMO_ACCOUNTS.tenantAdmin, 'sub-hr', { amr: ['pwd', 'mfa'] });
    const challenged = await exchange(t, first.landed.code ?? '', first.cookie);
    expect(challenged.status).toBe(200);
    expect(challenged.body).toMatchObject({ authenticated: false, mfaRequired: true });
    if (challenged.body.authenticated || !('mfaToken' in challenged.body)) throw new Error('no challenge');
    // The challenge is the password step's: the authenticator's code finishes it.
    expect((await loginWithChallenge(challenged.body.mfaToken)).authenticated).toBe(true);
    // Without a second factor in `amr` the challenge stays, also through the link.
    const plain = await throughIdp(t, idp, DEMO_ACCOUNTS.tenantAdmin, 'sub-hr', { amr: ['pwd'] });
    expect((await exchange(t, plain.landed.code ?? '', plain.cookie)).body).toMatchObject({ mfaRequired: true });
    const none = await throughIdp(t, idp, DEMO_ACCOUNTS.tenantAdmin, 'sub-hr');
    expect((await exchange(t, none.landed.code ?? '', none.cookie)).body).toMatchObject({ mfaRequired: true });
    // Through the link made before, the provider's second factor counts.
    const strong = await throughIdp(t, idp, DEMO_ACCOUNTS.tenantAdmin, 'sub-hr', { amr: ['pwd', 'otp'] });
    const answer = await exchange(t, strong.landed.code ?? '', strong.cookie);
    if (!answer.body.authenticated) throw new Error('challenged although the provider asserted a factor');
    expect(answer.body.mfaEnrollmentRequired).toBeUndefined();
    expect((await me(answer.body.accessToken)).body.role).toBe('TENANT_ADMIN');
  });

  async function loginWithChallenge(mfaToken: string) {
    // A code is accepted once per time step: the harness's sign-in of HR may have used this one.
    const step = Math.floor(t.clock.now().getTime() / 30_000);
    const db = t.runtime.database.db;
    await runAsSystem(() =>
      db
        .update(users)
        .set({ mfaLastStep: step - 1 })
        .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin)),
    );
    const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: step * 30 });
    const response = await t.app.inject({ method: 'POST', url: '/v1/auth/mfa', payload: { mfaToken, code } });
    return response.json<{ authenticated: boolean }>();
  }

  it('with requireSso refuses the employees their password in German, not HR', async () => {
    expect(await ssoRequired(t.runtime.database.db, tenantId)).toBe(false);
    const saved = await saveSso(t, hr, { ...ssoConfig(idp, ['example.com', 'muster-gmbh.example']), requireSso: true });
    expect(saved.status).toBe(200);
    expect(saved.body.requireSso).toBe(true);
    expect(await ssoRequired(t.runtime.database.db, tenantId)).toBe(true);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('Mit Firmenkonto anmelden') as string,
      errors: [{ field: 'username', message: 'ssoRequired' }],
    });
    // A wrong password is answered as before: the refusal tells nothing without the right one.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ACCOUNTS.employee, password: 'falsch-falsch-1' },
    });
    expect(wrong.json()).toEqual({ authenticated: false });
    // A mailed reset link sets the password but signs nobody in either.
    const employeeId = (await userByEmail(t, DEMO_ACCOUNTS.employee))?.id ?? '';
    const code = await runAsSystem(() =>
      createCode(t.runtime.database.db, { userId: employeeId, purpose: 'PASSWORD_RESET', now: t.clock.now() }),
    );
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: DEMO_PASSWORD },
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ errors: [{ field: 'username', message: 'ssoRequired' }] });
    // HR keeps its password and factor: it must never lock itself out.
    hr = (await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin)).accessToken;

    // Switched off, SSO requires nothing.
    await saveSso(t, hr, {
      ...ssoConfig(idp, ['example.com', 'muster-gmbh.example']),
      enabled: false,
      requireSso: true,
    });
    expect(await ssoRequired(t.runtime.database.db, tenantId)).toBe(false);
    await loginAs(t.app, DEMO_ACCOUNTS.employee);
    await saveSso(t, hr, ssoConfig(idp, ['example.com', 'muster-gmbh.example']));
  });

  it('drops the links of an erased account', async () => {
    idp.people.set('sub-weg', { email: 'weg@example.com', email_verified: true, given_name: 'Wera' });
    const { landed, cookie } = await throughIdp(t, idp, 'weg@example.com', 'sub-weg');
    const answer = await exchange(t, landed.code ?? '', cookie);
    if (!answer.body.authenticated) throw new Error('not signed in');
    const id = (await me(answer.body.accessToken)).body.id;
    const db = t.runtime.database.db;
    const linksOf = () => runAsSystem(() => db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, id)));
    expect(await linksOf()).toHaveLength(1);
    // The erasure's mark (modules/privacy sets it with the anonymised fields) takes the link with it.
    await runAsSystem(() => db.update(users).set({ deletedAt: t.clock.now() }).where(eq(users.id, id)));
    expect(await linksOf()).toEqual([]);
  });
});
