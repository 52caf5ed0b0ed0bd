import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import {
  enrolByMail,
  enrolWith,
  HR_PASSWORD,
  invitedAdmin,
  mailedEnrolmentCode,
  subjectsTo,
} from '../../test-support/mfa.js';
import { tokensOfDemoRoles } from '../../test-support/provider.js';

/**
 * Security checklist 10 (ADR 0025): while an account has no second factor, its enrolment needs the
 * proof of the mailbox, and a new HR admin enrols while accepting the invitation.
 */
describe.each(databaseTargets())('enrolling the second factor with proof of the mailbox on %s', (target) => {
  let t: TestApp;
  let providerToken: string;
  beforeAll(async () => {
    t = await createTestApp(target);
    providerToken = (await tokensOfDemoRoles(t.app)).provider;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const passwordLogin = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: email, password } })).json<{
      authenticated: boolean;
      accessToken: string;
      mfaEnrollmentRequired?: boolean;
    }>();

  it("refuses a phished password's enrolment: no secret without the mailbox, and no admin session", async () => {
    const admin = await invitedAdmin(t.app, providerToken, '-phishing');
    expect(admin.accepted).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    expect(admin.accepted.mfaEnrolmentCode).toMatch(/^\d{8}$/);

    // The attacker has the password, and signs in with it alone.
    const attacker = await passwordLogin(admin.email, HR_PASSWORD);
    expect(attacker).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    // No grace period after accepting the invitation: admin routes stay closed until enrolment.
    const orders = await call('GET', '/v1/admin/orders', attacker.accessToken);
    expect(orders.statusCode).toBe(403);
    expect(orders.json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
    // The password alone yields no secret: the code goes to the owner's mailbox.
    const withoutProof = await call('POST', '/v1/user/mfa/setup', attacker.accessToken, { password: HR_PASSWORD });
    expect(withoutProof.statusCode).toBe(202);
    expect(withoutProof.json()).toEqual({ mailCodeSent: true });
    // ...which tells the owner that someone is setting up a factor.
    expect((await subjectsTo(t.app, admin.email))[0]).toBe('Ihr Code zur Einrichtung der Zwei-Faktor-Anmeldung');
    const guessed = await call('POST', '/v1/user/mfa/setup', attacker.accessToken, {
      password: HR_PASSWORD,
      mailCode: '12345678',
    });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toMatchObject({ errors: [{ field: 'mailCode' }] });
    expect((await call('POST', '/v1/user/mfa/confirm', attacker.accessToken, { code: '123456' })).statusCode).toBe(409);

    // The owner enrols with the code the invitation's link gave, and is told by mail.
    const { secret } = await enrolWith(
      t.app,
      admin.accepted.accessToken,
      HR_PASSWORD,
      admin.accepted.mfaEnrolmentCode ?? '',
      t.clock.now(),
    );
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect((await call('GET', '/v1/admin/orders', admin.accepted.accessToken)).statusCode).toBe(200);
    expect(await subjectsTo(t.app, admin.email)).toContain('Zwei-Faktor-Anmeldung eingerichtet');
    // From now on the password alone is not a session.
    expect(await passwordLogin(admin.email, HR_PASSWORD)).toMatchObject({ authenticated: false, mfaRequired: true });
  });

  it('uses a mailbox code once, only for its own account, and not after the factor is on', async () => {
    const a = await buildTenant(t.app, t.runtime.database.db, { prefix: 'einmal' });
    const b = await buildTenant(t.app, t.runtime.database.db, { prefix: 'anderer' });
    expect(
      (await call('POST', '/v1/user/mfa/setup', a.admin.accessToken, { password: 'Fabrik-Passwort-1' })).statusCode,
    ).toBe(202);
    const mails = await subjectsTo(t.app, a.admin.email);
    expect(mails[0]).toBe('Ihr Code zur Einrichtung der Zwei-Faktor-Anmeldung');
    const code = await mailedEnrolmentCode(t.app, a.admin.email);
    // Another account cannot use it.
    const foreign = await call('POST', '/v1/user/mfa/setup', b.admin.accessToken, {
      password: 'Fabrik-Passwort-1',
      mailCode: code,
    });
    expect(foreign.statusCode).toBe(400);
    await enrolWith(t.app, a.admin.accessToken, 'Fabrik-Passwort-1', code, t.clock.now());
    // Used: a second setup is refused (the factor is on, and the code is spent).
    const again = await call('POST', '/v1/user/mfa/setup', a.admin.accessToken, {
      password: 'Fabrik-Passwort-1',
      mailCode: code,
    });
    expect(again.statusCode).toBe(409);
  });

  it('keeps an existing admin in the grace period working, and lets them enrol by a mailed code', async () => {
    const tenant = await buildTenant(t.app, t.runtime.database.db, { prefix: 'bestand' });
    const session = await passwordLogin(tenant.admin.email, 'Fabrik-Passwort-1');
    expect(session).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    expect((await call('GET', '/v1/admin/orders', session.accessToken)).statusCode).toBe(200);
    const { secret } = await enrolByMail(
      t.app,
      session.accessToken,
      tenant.admin.email,
      'Fabrik-Passwort-1',
      t.clock.now(),
    );
    t.clock.advance(30_000);
    await loginAs(t.app, tenant.admin.email, 'Fabrik-Passwort-1', { totpSecret: secret });
  });
});
