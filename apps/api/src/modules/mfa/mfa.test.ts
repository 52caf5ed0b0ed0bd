import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../demo/accounts.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { mailedEnrolmentCode, subjectsTo } from '../../test-support/mfa.js';
import { MFA_LIMITS } from './budget.js';
import { CHALLENGE_MAX_ATTEMPTS, CHALLENGE_TTL_MS } from './repository.js';
import { MFA_GRACE_MS } from '../auth/mfa-policy.js';

interface LoginBody {
  authenticated: boolean;
  mfaRequired?: boolean;
  mfaToken?: string;
  accessToken?: string;
  mfaEnrollmentRequired?: boolean;
}

describe.each(databaseTargets())('second factor on %s', (target) => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const remoteAddress = () => `10.70.0.${++ip}`;
  const login = async (username: string, password = DEMO_PASSWORD) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { username, password },
        remoteAddress: remoteAddress(),
      })
    ).json<LoginBody>();
  const second = async (mfaToken: string | undefined, code: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/mfa', payload: { mfaToken, code }, remoteAddress: remoteAddress() });
  /** The code of a time step relative to the app's clock (0 = now). */
  const codeAt = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 30_000 + steps) * 30 });
  const nextStep = () => t.clock.advance(30_000);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('gives an enrolled admin no tokens for the password alone, and tokens for the right code', async () => {
    nextStep();
    const first = await login(DEMO_ACCOUNTS.providerAdmin);
    expect(first).toEqual({ authenticated: false, mfaRequired: true, mfaToken: expect.any(String) });
    expect(first).not.toHaveProperty('accessToken');
    const wrong = await second(first.mfaToken, '000000');
    expect(wrong.json()).toEqual({ authenticated: false });
    const right = await second(first.mfaToken, await codeAt(DEMO_TOTP_SECRET));
    expect(right.json()).toMatchObject({ authenticated: true, accessToken: expect.any(String) });
    // Single use: the finished challenge opens nothing more, not even with the next code.
    nextStep();
    expect((await second(first.mfaToken, await codeAt(DEMO_TOTP_SECRET))).json()).toEqual({ authenticated: false });
  });

  it('accepts a code once: the same code for a second login is refused', async () => {
    nextStep();
    const code = await codeAt(DEMO_TOTP_SECRET);
    const a = await login(DEMO_ACCOUNTS.tenantAdmin);
    expect((await second(a.mfaToken, code)).json()).toMatchObject({ authenticated: true });
    const b = await login(DEMO_ACCOUNTS.tenantAdmin);
    expect((await second(b.mfaToken, code)).json()).toEqual({ authenticated: false });
    nextStep();
    expect((await second(b.mfaToken, await codeAt(DEMO_TOTP_SECRET))).json()).toMatchObject({
      authenticated: true,
    });
  });

  it('ends a challenge after its lifetime and after five wrong codes', async () => {
    nextStep();
    const late = await login(DEMO_ACCOUNTS.providerAdmin);
    t.clock.advance(CHALLENGE_TTL_MS + 1_000);
    expect((await second(late.mfaToken, await codeAt(DEMO_TOTP_SECRET))).json()).toEqual({ authenticated: false });
    nextStep();
    const guessed = await login(DEMO_ACCOUNTS.providerAdmin);
    for (let i = 0; i < CHALLENGE_MAX_ATTEMPTS; i++) await second(guessed.mfaToken, `12345${i}`);
    expect((await second(guessed.mfaToken, await codeAt(DEMO_TOTP_SECRET))).json()).toEqual({
      authenticated: false,
    });
  });

  it('lets an employee enrol (password first), use a recovery code once, and switch it off again', async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.employee);
    expect((await call('POST', '/v1/user/mfa/setup', accessToken, {})).statusCode).toBe(400);
    const wrongPassword = await call('POST', '/v1/user/mfa/setup', accessToken, { password: 'Falsch-Falsch-1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ errors: [{ field: 'password' }] });
    // The password alone mails the code that proves the mailbox; with it comes the secret.
    expect((await call('POST', '/v1/user/mfa/setup', accessToken, { password: DEMO_PASSWORD })).statusCode).toBe(202);
    const mailCode = await mailedEnrolmentCode(t.app, DEMO_ACCOUNTS.employee);
    const setup = await call('POST', '/v1/user/mfa/setup', accessToken, { password: DEMO_PASSWORD, mailCode });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri, qrCode } = setup.json<{ secret: string; otpauthUri: string; qrCode: string }>();
    expect(otpauthUri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    // At rest the secret is ciphertext only.
    const [row] = await t.runtime.database.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.employee));
    expect(row?.mfaSecretCiphertext?.toString('latin1')).not.toContain(secret);
    expect(row?.mfaEnabledAt).toBeNull();

    expect((await call('POST', '/v1/user/mfa/confirm', accessToken, { code: '000000' })).statusCode).toBe(400);
    nextStep();
    const confirmed = await call('POST', '/v1/user/mfa/confirm', accessToken, { code: await codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = confirmed.json<{ recoveryCodes: string[] }>();
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call('GET', '/v1/user/mfa', accessToken)).json()).toMatchObject({ enabled: true, required: false });
    expect((await subjectsTo(t.app, DEMO_ACCOUNTS.employee))[0]).toBe('Zwei-Faktor-Anmeldung eingerichtet');

    const challenge = await login(DEMO_ACCOUNTS.employee);
    expect(challenge.mfaRequired).toBe(true);
    const recovery = recoveryCodes[0] ?? '';
    expect((await second(challenge.mfaToken, recovery.toUpperCase())).json()).toMatchObject({ authenticated: true });
    const told = (await mailbox(t.app)).find((m) => m.to === DEMO_ACCOUNTS.employee);
    expect(told?.subject).toBe('Anmeldung mit einem Wiederherstellungscode');
    expect(told?.text).toContain('noch 9 unbenutzte Codes');
    const again = await login(DEMO_ACCOUNTS.employee);
    expect((await second(again.mfaToken, recovery)).json()).toEqual({ authenticated: false });

    nextStep();
    const off = await call('DELETE', '/v1/user/mfa', accessToken, {
      password: DEMO_PASSWORD,
      code: await codeAt(secret),
    });
    expect(off.statusCode).toBe(204);
    expect((await subjectsTo(t.app, DEMO_ACCOUNTS.employee))[0]).toBe('Zwei-Faktor-Anmeldung ausgeschaltet');
    expect(await login(DEMO_ACCOUNTS.employee)).toMatchObject({ authenticated: true });
  });

  it('keeps admins from switching the second factor off', async () => {
    const { accessToken } = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    nextStep();
    const off = await call('DELETE', '/v1/user/mfa', accessToken, {
      password: DEMO_PASSWORD,
      code: await codeAt(DEMO_TOTP_SECRET),
    });
    expect(off.statusCode).toBe(403);
    expect((await login(DEMO_ACCOUNTS.tenantAdmin)).mfaRequired).toBe(true);
  });

  it('leads a new admin to enrolment for 14 days, then closes admin routes until enrolment', async () => {
    const tenant = await buildTenant(t.app, t.runtime.database.db, { prefix: 'gnade' });
    const first = await login(tenant.admin.email, 'Fabrik-Passwort-1');
    expect(first).toMatchObject({ authenticated: true, mfaEnrollmentRequired: true });
    expect((await call('GET', '/v1/admin/orders', first.accessToken ?? '')).statusCode).toBe(200);

    t.clock.advance(MFA_GRACE_MS + 60_000);
    const late = await login(tenant.admin.email, 'Fabrik-Passwort-1');
    const token = late.accessToken ?? '';
    const closed = await call('GET', '/v1/admin/orders', token);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED' });
    // Enrolment itself stays open.
    expect((await call('GET', '/v1/user/mfa', token)).json()).toMatchObject({ enabled: false, required: true });
    expect((await call('POST', '/v1/user/mfa/setup', token, { password: 'Fabrik-Passwort-1' })).statusCode).toBe(202);
    const mailCode = await mailedEnrolmentCode(t.app, tenant.admin.email);
    const setup = await call('POST', '/v1/user/mfa/setup', token, { password: 'Fabrik-Passwort-1', mailCode });
    const { secret } = setup.json<{ secret: string }>();
    nextStep();
    expect((await call('POST', '/v1/user/mfa/confirm', token, { code: await codeAt(secret) })).statusCode).toBe(200);
    expect((await call('GET', '/v1/admin/orders', token)).statusCode).toBe(200);
  });

  it("keeps each login attempt's own budget: another attempt's wrong codes do not lock the owner out", async () => {
    nextStep();
    // Someone with the password spends three login attempts on wrong codes (15 wrong codes)...
    for (let i = 0; i < 3; i++) {
      const theirs = await login(DEMO_ACCOUNTS.providerAdmin);
      for (let j = 0; j < CHALLENGE_MAX_ATTEMPTS; j++) await second(theirs.mfaToken, `99999${j}`);
    }
    // ...and the owner's own attempt still takes the right code.
    const mine = await login(DEMO_ACCOUNTS.providerAdmin);
    const answer = await second(mine.mfaToken, await codeAt(DEMO_TOTP_SECRET));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ authenticated: true });
    t.clock.advance(MFA_LIMITS.accountCeiling.windowMs);
  });

  it('stops guessing across attempts at a per-account ceiling that ends and lets recovery codes through', async () => {
    // The ceiling counts in fixed windows of the clock, and the test clock starts at the wall clock's
    // time: begin at a window's start, so the guesses and the blocked code below fall in one window
    // whatever the hour the suite runs at (near a full hour they fell in two, and the code passed).
    const window = MFA_LIMITS.accountCeiling.windowMs;
    t.clock.set(new Date((Math.floor(t.clock.now().getTime() / window) + 1) * window));
    const tenant = await buildTenant(t.app, t.runtime.database.db, { prefix: 'decke' });
    const { accessToken } = await loginAs(t.app, tenant.employee.email, 'Fabrik-Passwort-1');
    await call('POST', '/v1/user/mfa/setup', accessToken, { password: 'Fabrik-Passwort-1' });
    const mailCode = await mailedEnrolmentCode(t.app, tenant.employee.email);
    const { secret } = (
      await call('POST', '/v1/user/mfa/setup', accessToken, { password: 'Fabrik-Passwort-1', mailCode })
    ).json<{ secret: string }>();
    nextStep();
    const { recoveryCodes } = (
      await call('POST', '/v1/user/mfa/confirm', accessToken, { code: await codeAt(secret) })
    ).json<{ recoveryCodes: string[] }>();

    const statuses: number[] = [];
    for (let i = 0; i * CHALLENGE_MAX_ATTEMPTS <= MFA_LIMITS.accountCeiling.limit; i++) {
      const challenge = await login(tenant.employee.email, 'Fabrik-Passwort-1');
      for (let j = 0; j < CHALLENGE_MAX_ATTEMPTS; j++) {
        statuses.push((await second(challenge.mfaToken, `0${i}${j}999`)).statusCode);
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(MFA_LIMITS.accountCeiling.limit);
    expect(statuses).toContain(429);
    nextStep();
    const blocked = await login(tenant.employee.email, 'Fabrik-Passwort-1');
    expect((await second(blocked.mfaToken, await codeAt(secret))).statusCode).toBe(429);
    // A recovery code still signs the owner in while the ceiling is spent...
    expect((await second(blocked.mfaToken, recoveryCodes[0] ?? '')).json()).toMatchObject({ authenticated: true });
    // ...and the ceiling ends with its window.
    t.clock.advance(MFA_LIMITS.accountCeiling.windowMs);
    const later = await login(tenant.employee.email, 'Fabrik-Passwort-1');
    expect((await second(later.mfaToken, await codeAt(secret))).json()).toMatchObject({ authenticated: true });
  });

  it('gives every demo account a hash with its own salt', async () => {
    const rows = await t.runtime.database.db.select({ hash: users.passwordHash, email: users.email }).from(users);
    const demo = rows.filter((r) => (Object.values(DEMO_ACCOUNTS) as string[]).includes(r.email));
    expect(demo).toHaveLength(3);
    const salts = demo.map((r) => r.hash?.split('$')[4]);
    expect(new Set(salts).size).toBe(3);
  });
});
