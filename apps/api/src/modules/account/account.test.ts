import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_REGISTER_CODE } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { latestCode, mailbox } from '../../test-support/mailbox.js';

const newEmployee = (email: string) => ({
  title: 'ms',
  firstName: 'Erika',
  lastName: 'Musterfrau',
  email,
  employeeId: 'E-7',
  password: 'Ein-gutes-Passwort-9',
  confirmPassword: 'Ein-gutes-Passwort-9',
});

describe.each(databaseTargets())('accounts on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const register = (code: string, body: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/v1/auth/register/${code}`, payload: body, remoteAddress: ip });
  const login = (username: string, password: string, ip = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password }, remoteAddress: ip });

  it('registers with the employer code, requires confirmation, then logs in', async () => {
    const email = 'erika@example.com';
    const response = await register(DEMO_REGISTER_CODE, newEmployee(email));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ authenticated: false, emailConfirmationRequired: true });
    expect((await login(email, 'Ein-gutes-Passwort-9')).json()).toEqual({ authenticated: false });

    const code = await latestCode(t.app, email, '/user/emailConfirm/');
    const confirm = await t.app.inject({ method: 'POST', url: `/v1/confirm/email/code/${code}` });
    expect(confirm.statusCode).toBe(204);
    // Single use.
    const again = await t.app.inject({ method: 'POST', url: `/v1/confirm/email/code/${code}` });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'CODE_INVALID' });
    expect((await login(email, 'Ein-gutes-Passwort-9')).json()).toMatchObject({ authenticated: true });
  });

  it('answers an existing address like a new one and tells the owner by mail', async () => {
    const response = await register(DEMO_REGISTER_CODE, newEmployee(DEMO_ACCOUNTS.employee));
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ authenticated: false, emailConfirmationRequired: true });
    const mails = await mailbox(t.app);
    expect(mails[0]).toMatchObject({ to: DEMO_ACCOUNTS.employee, subject: 'Registrierung mit Ihrer E-Mail-Adresse' });
    // The demo password still works: nothing about the account changed.
    expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD)).json()).toMatchObject({ authenticated: true });
  });

  it('refuses an unknown code with the registration failure', async () => {
    const response = await register('UNBEKANNT', newEmployee('x@example.com'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'REGISTRATION_FAILED' });
  });

  it('refuses invalid fields with field errors and creates nothing', async () => {
    const response = await register(DEMO_REGISTER_CODE, {
      ...newEmployee('not-an-email'),
      firstName: '',
      password: 'kurz',
      confirmPassword: 'anders',
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json<{ errors: { field: string; message: string }[] }>().errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['firstName', 'email', 'password']));
  });

  it.each([
    ['seven characters', 'Abc-123'],
    ['a common password', 'password123'],
    ['over 1,024 characters', 'x'.repeat(1025)],
  ])('refuses a password of %s', async (_label, password) => {
    const response = await register(DEMO_REGISTER_CODE, {
      ...newEmployee('pw@example.com'),
      password,
      confirmPassword: password,
    });
    expect(response.statusCode).toBe(400);
  });

  it('keeps long passwords distinct beyond 72 bytes', async () => {
    const email = 'long@example.com';
    const long = `${'a'.repeat(72)}-erste`;
    await register(DEMO_REGISTER_CODE, { ...newEmployee(email), password: long, confirmPassword: long }, '10.0.0.9');
    const code = await latestCode(t.app, email, '/user/emailConfirm/');
    await t.app.inject({ method: 'POST', url: `/v1/confirm/email/code/${code}` });
    expect((await login(email, long)).json()).toMatchObject({ authenticated: true });
    expect((await login(email, `${'a'.repeat(72)}-zweite`)).json()).toEqual({ authenticated: false });
  });

  it('answers every reset request the same and mails only existing accounts', async () => {
    const known = await t.app.inject({
      method: 'POST',
      url: `/v1/confirm/password/reset/mail/${DEMO_ACCOUNTS.tenantAdmin}`,
    });
    const unknown = await t.app.inject({ method: 'POST', url: '/v1/confirm/password/reset/mail/niemand@example.com' });
    const garbage = await t.app.inject({ method: 'POST', url: '/v1/confirm/password/reset/mail/kein-email' });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(garbage.body).toBe(unknown.body);
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === 'niemand@example.com')).toBe(false);
    expect(mails[0]?.to).toBe(DEMO_ACCOUNTS.tenantAdmin);
  });

  it('resets the password with the mailed code once, ends other sessions, and the code expires', async () => {
    const other = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    await t.app.inject({ method: 'POST', url: `/v1/confirm/password/reset/mail/${DEMO_ACCOUNTS.tenantAdmin}` });
    const code = await latestCode(t.app, DEMO_ACCOUNTS.tenantAdmin, '/user/passwordReset/');
    t.clock.advance(1_000);
    const reset = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: 'Neues-Passwort-2026' },
    });
    expect(reset.statusCode).toBe(200);
    const session = reset.json<{ authenticated: boolean; accessToken: string }>();
    expect(session.authenticated).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(session.accessToken) })).statusCode,
    ).toBe(200);
    // Old sessions are gone, the old password too.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/auth/refreshToken',
          payload: { refreshToken: other.refreshToken },
        })
      ).statusCode,
    ).toBe(401);
    expect((await login(DEMO_ACCOUNTS.tenantAdmin, DEMO_PASSWORD)).json()).toEqual({ authenticated: false });
    // Single use.
    const reuse = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: 'Noch-ein-Passwort-1' },
    });
    expect(reuse.statusCode).toBe(400);

    await t.app.inject({ method: 'POST', url: `/v1/confirm/password/reset/mail/${DEMO_ACCOUNTS.tenantAdmin}` });
    const late = await latestCode(t.app, DEMO_ACCOUNTS.tenantAdmin, '/user/passwordReset/');
    t.clock.advance(61 * 60_000);
    const expired = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code: late, password: 'Spaetes-Passwort-1' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'CODE_INVALID' });
  });

  it('lets the tenant admin invite an employee who sets a password through the link', async () => {
    const admin = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin, 'Neues-Passwort-2026');
    const email = 'eingeladen@example.com';
    const invite = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/invites',
      headers: bearer(admin.accessToken),
      payload: { email, firstName: 'Ina', lastName: 'Eingeladen' },
    });
    expect(invite.statusCode).toBe(202);
    const code = await latestCode(t.app, email, '/invite/');
    const set = await t.app.inject({
      method: 'PUT',
      url: '/v1/confirm/password/reset',
      payload: { code, password: 'Einladung-Passwort-1' },
    });
    expect(set.json()).toMatchObject({ authenticated: true });
    expect((await login(email, 'Einladung-Passwort-1')).json()).toMatchObject({ authenticated: true });
  });

  it('refuses invites from employees and anonymous callers', async () => {
    const employee = await loginAs(t.app);
    const payload = { email: 'nope@example.com', firstName: 'N', lastName: 'O' };
    expect((await t.app.inject({ method: 'POST', url: '/v1/admin/invites', payload })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v1/admin/invites', headers: bearer(employee.accessToken), payload }))
        .statusCode,
    ).toBe(403);
  });

  it('changes the e-mail address only after the new address confirms, and tells the old one', async () => {
    const email = 'wechsel@example.com';
    await register(DEMO_REGISTER_CODE, newEmployee(email), '10.0.0.20');
    await t.app.inject({
      method: 'POST',
      url: `/v1/confirm/email/code/${await latestCode(t.app, email, '/user/emailConfirm/')}`,
    });
    const session = await loginAs(t.app, email, 'Ein-gutes-Passwort-9');
    const changeWith = (payload?: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/v1/user/email/neu@example.com',
        headers: bearer(session.accessToken),
        ...(payload ? { payload } : {}),
      });
    // A stolen session alone cannot move the account: the current password is needed.
    expect((await changeWith()).statusCode).toBe(400);
    const wrong = await changeWith({ password: 'Falsches-Passwort-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errors: [{ field: 'password', message: 'Password is incorrect' }] });
    expect((await mailbox(t.app)).some((m) => m.to === 'neu@example.com')).toBe(false);
    const change = await changeWith({ password: 'Ein-gutes-Passwort-9' });
    expect(change.statusCode).toBe(202);
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === email && m.subject.includes('Änderung'))).toBe(true);
    // Not changed yet.
    expect((await login(email, 'Ein-gutes-Passwort-9')).json()).toMatchObject({ authenticated: true });
    const code = await latestCode(t.app, 'neu@example.com', '/user/emailConfirm/');
    expect((await t.app.inject({ method: 'POST', url: `/v1/confirm/email/code/${code}` })).statusCode).toBe(204);
    expect((await login('neu@example.com', 'Ein-gutes-Passwort-9')).json()).toMatchObject({ authenticated: true });
    expect((await login(email, 'Ein-gutes-Passwort-9')).json()).toEqual({ authenticated: false });
  });

  it('answers a change to a taken address like any other, without a confirmation link', async () => {
    const session = await loginAs(t.app, 'neu@example.com', 'Ein-gutes-Passwort-9');
    const change = await t.app.inject({
      method: 'PUT',
      url: `/v1/user/email/${DEMO_ACCOUNTS.providerAdmin}`,
      headers: bearer(session.accessToken),
      payload: { password: 'Ein-gutes-Passwort-9' },
    });
    expect(change.statusCode).toBe(202);
    const mails = await mailbox(t.app);
    expect(mails.some((m) => m.to === DEMO_ACCOUNTS.providerAdmin && m.subject.includes('neue E-Mail'))).toBe(false);
  });

  describe('brute force', () => {
    it('answers 429 with Retry-After after 5 failures for one account from one client; the right password works after the window', async () => {
      const ip = '10.2.0.1';
      const account = DEMO_ACCOUNTS.employee;
      for (let i = 0; i < 5; i++) expect((await login(account, `falsch-${i}-xx`, ip)).statusCode).toBe(200);
      const blocked = await login(account, DEMO_PASSWORD, ip);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // The attacker's failures do not lock the person out on their own machine.
      expect((await login(account, DEMO_PASSWORD, '10.2.0.2')).json()).toMatchObject({ authenticated: true });
      t.clock.advance(16 * 60_000);
      expect((await login(account, DEMO_PASSWORD, ip)).json()).toMatchObject({ authenticated: true });
      t.clock.advance(61 * 60_000);
    });

    it('lets no burst of parallel guesses past the budget', async () => {
      const ip = '10.5.0.1';
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(DEMO_ACCOUNTS.employee, `parallel-${i}-xx`, ip)),
      );
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
      expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(15);
      // The refused guesses did not count: the person's own machine still gets in.
      expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, '10.5.0.2')).json()).toMatchObject({
        authenticated: true,
      });
      t.clock.advance(61 * 60_000);
    });

    it('puts a slower ceiling on one account across many clients', async () => {
      const account = DEMO_ACCOUNTS.employee;
      for (let client = 0; client < 5; client++)
        for (let i = 0; i < 5; i++) await login(account, `falsch-${i}-xx`, `10.4.0.${client + 1}`);
      const fresh = await login(account, DEMO_PASSWORD, '10.4.1.1');
      expect(fresh.statusCode).toBe(429);
      // The hour-long ceiling: windows are aligned to the clock, so what is left of the hour.
      expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(fresh.headers['retry-after'])).toBeLessThanOrEqual(60 * 60);
      t.clock.advance(61 * 60_000);
      expect((await login(account, DEMO_PASSWORD, '10.4.1.1')).json()).toMatchObject({ authenticated: true });
    });

    it('limits failures per IP across many accounts', async () => {
      const ip = '10.3.0.1';
      let limited = 0;
      for (let i = 0; i < 40; i++) {
        const response = await login(`unbekannt${i}@example.com`, 'falsch-falsch', ip);
        if (response.statusCode === 429) limited++;
      }
      expect(limited).toBeGreaterThan(0);
      expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, ip)).statusCode).toBe(429);
      expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
    });

    it('limits registrations and reset requests per IP', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++)
        statuses.push((await register(DEMO_REGISTER_CODE, newEmployee(`r${i}@example.com`), '10.4.0.1')).statusCode);
      expect(statuses).toContain(429);
      const resets: number[] = [];
      for (let i = 0; i < 22; i++) {
        resets.push(
          (
            await t.app.inject({
              method: 'POST',
              url: `/v1/confirm/password/reset/mail/a${i}@example.com`,
              remoteAddress: '10.5.0.1',
            })
          ).statusCode,
        );
      }
      expect(resets).toContain(429);
    });
  });
});
