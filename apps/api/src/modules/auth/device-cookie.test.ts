import crypto from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/accounts.js';
import { AUTH_LIMITS } from '../../lib/rate-limiter.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE_NAME, deviceCookieName, DeviceTokens } from './device-cookie.js';

/**
 * Lock-out without lock-in (decision 0026): strangers who guess an account's password spend the
 * budget of unknown devices; the browser the person signed in with before keeps a budget of its own.
 */
describe.each(databaseTargets())('device cookies on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { env: { PUBLIC_URL: 'https://leasing.example' } });
  });
  afterAll(async () => {
    await t.close();
  });

  // The app is reached over HTTPS (PUBLIC_URL): the cookie is Secure and carries the `__Secure-` prefix.
  const COOKIE = deviceCookieName(true);

  let nextClient = 0;
  /** A fresh client address per call: the attacker's rotating addresses. */
  const someAddress = () => `10.77.${Math.floor(++nextClient / 250)}.${(nextClient % 250) + 1}`;

  const login = (username: string, password: string, ip: string, device?: string, cookieName = COOKIE) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      remoteAddress: ip,
      payload: { username, password },
      ...(device ? { cookies: { [cookieName]: device } } : {}),
    });

  /** Signs in with the right password and answers the device cookie the browser got. */
  async function knownDevice(account: string, ip: string): Promise<string> {
    const answer = await login(account, DEMO_PASSWORD, ip);
    const cookie = answer.cookies.find((c) => c.name === COOKIE);
    if (!cookie) throw new Error('no device cookie');
    return cookie.value;
  }

  /** Strangers spend the account's whole ceiling for unknown devices, from ever new addresses. */
  async function exhaustUnknownDevices(account: string): Promise<void> {
    const perClient = AUTH_LIMITS.loginFailuresPerAccountAndIp.limit;
    for (let failures = 0; failures < AUTH_LIMITS.loginFailuresPerAccount.limit; failures += perClient) {
      const ip = someAddress();
      for (let i = 0; i < perClient; i++) await login(account, `falsch-${i}-xx`, ip);
    }
    expect((await login(account, DEMO_PASSWORD, someAddress())).statusCode).toBe(429);
  }

  /** Moves to 01:00 UTC of the next day: past every login window (the day's included), far from the next. */
  const nextDay = () => {
    const day = 24 * 60 * 60_000;
    t.clock.set(new Date((Math.floor(t.clock.now().getTime() / day) + 1) * day + 60 * 60_000));
  };

  it('gives the browser an HttpOnly, Secure, SameSite=Strict cookie for the password step only', async () => {
    const answer = await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, someAddress());
    expect(answer.json()).toMatchObject({ authenticated: true });
    const cookie = answer.cookies.find((c) => c.name === COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/v1/auth/login',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    // Signed, naming the account by id and a nonce: no address in it.
    expect(cookie?.value).toMatch(/^v1\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(cookie?.value).not.toContain('example.com');
    // A wrong password gets none.
    const wrong = await login(DEMO_ACCOUNTS.employee, 'falsch-falsch', someAddress());
    expect(wrong.cookies).toEqual([]);
  });

  it('takes JSON only: no form or text/plain post from another site reaches the password check', async () => {
    const device = await knownDevice(DEMO_ACCOUNTS.employee, someAddress());
    const body = JSON.stringify({ username: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD });
    for (const [contentType, payload] of [
      ['text/plain', body],
      ['application/x-www-form-urlencoded', `username=${DEMO_ACCOUNTS.employee}&password=${DEMO_PASSWORD}`],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="username"\r\n\r\na\r\n--x--`],
    ]) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'content-type': contentType ?? '' },
        cookies: { [COOKIE]: device },
        payload,
      });
      expect(answer.statusCode, contentType).toBe(400);
      expect(answer.json(), contentType).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(answer.cookies, contentType).toEqual([]);
    }
  });

  it('gives one after the password step of an account with a second factor, too', async () => {
    const answer = await login(DEMO_ACCOUNTS.tenantAdmin, DEMO_PASSWORD, someAddress());
    expect(answer.json()).toMatchObject({ mfaRequired: true });
    expect(answer.cookies.map((c) => c.name)).toContain(COOKIE);
  });

  it('keeps the person signed in on their own browser while strangers spend the account ceiling', async () => {
    nextDay();
    const home = '10.78.0.1';
    const device = await knownDevice(DEMO_ACCOUNTS.employee, home);
    await exhaustUnknownDevices(DEMO_ACCOUNTS.employee);
    const own = await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, home, device);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ authenticated: true });
    // Also from another address (the phone left the home network): the device counts, not the address.
    expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, someAddress(), device)).statusCode).toBe(200);
  });

  it("gives a known device a small budget of its own that spends nobody else's", async () => {
    nextDay();
    const home = '10.78.0.2';
    const device = await knownDevice(DEMO_ACCOUNTS.employee, home);
    for (let i = 0; i < AUTH_LIMITS.loginFailuresPerDevice.limit; i++) {
      expect((await login(DEMO_ACCOUNTS.employee, `falsch-${i}-xx`, home, device)).statusCode).toBe(200);
    }
    const locked = await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, home, device);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The device's failures did not touch the budgets of the account or the address.
    expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, home)).json()).toMatchObject({ authenticated: true });
    t.clock.advance(AUTH_LIMITS.loginFailuresPerDevice.windowMs);
    expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, home, device)).statusCode).toBe(200);
  });

  it('lets a parallel burst from a known device no further than its budget', async () => {
    nextDay();
    const device = await knownDevice(DEMO_ACCOUNTS.employee, '10.78.0.3');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(DEMO_ACCOUNTS.employee, `burst-${i}-xx`, someAddress(), device)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(AUTH_LIMITS.loginFailuresPerDevice.limit);
  });

  it('takes the trust from a device that keeps failing', async () => {
    nextDay();
    const home = '10.78.0.4';
    const device = await knownDevice(DEMO_ACCOUNTS.employee, home);
    const windows = AUTH_LIMITS.loginFailuresPerDeviceDay.limit / AUTH_LIMITS.loginFailuresPerDevice.limit;
    for (let w = 0; w < windows; w++) {
      for (let i = 0; i < AUTH_LIMITS.loginFailuresPerDevice.limit; i++) {
        await login(DEMO_ACCOUNTS.employee, `falsch-${w}-${i}-xx`, someAddress(), device);
      }
      t.clock.advance(AUTH_LIMITS.loginFailuresPerDevice.windowMs);
    }
    await exhaustUnknownDevices(DEMO_ACCOUNTS.employee);
    // The device now counts as unknown: the account's ceiling holds for it as for everyone.
    expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, home, device)).statusCode).toBe(429);
  });

  it('trusts a cookie only for its own account, and no forged or expired one', async () => {
    nextDay();
    const device = await knownDevice(DEMO_ACCOUNTS.employee, '10.78.0.5');
    const [version, userId = '', nonce, expires, mac = ''] = device.split('.');
    const tokens = new DeviceTokens(Buffer.from(t.config.jwtSecret ?? ''));
    const past = new Date(t.clock.now().getTime() - (DEVICE_COOKIE_MAX_AGE_SECONDS + 60) * 1000);
    const forged = [
      `${version}.${userId}.${nonce}.${expires}.${mac.slice(0, -2)}AA`,
      `${version}.${userId}.${crypto.randomBytes(16).toString('base64url')}.${expires}.${mac}`,
      `${version}.${userId}.${nonce}.${String(Number(expires) + 86_400)}.${mac}`,
      new DeviceTokens(crypto.randomBytes(32)).issue(userId, t.clock.now()),
      tokens.issue(userId, past),
      'v1.garbage',
    ];
    await exhaustUnknownDevices(DEMO_ACCOUNTS.employee);
    for (const cookie of forged) {
      expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, someAddress(), cookie)).statusCode, cookie).toBe(429);
    }
    // The employee's device vouches for the employee alone.
    await exhaustUnknownDevices(DEMO_ACCOUNTS.tenantAdmin);
    expect((await login(DEMO_ACCOUNTS.tenantAdmin, DEMO_PASSWORD, someAddress(), device)).statusCode).toBe(429);
    // Under its bare name (as a page over plain HTTP could set it) the genuine token counts for nothing.
    expect(COOKIE).toBe(`__Secure-${DEVICE_COOKIE_NAME}`);
    expect(
      (await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, someAddress(), device, DEVICE_COOKIE_NAME)).statusCode,
    ).toBe(429);
    // The genuine one still works.
    expect((await login(DEMO_ACCOUNTS.employee, DEMO_PASSWORD, someAddress(), device)).statusCode).toBe(200);
  });
});
