import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { users } from '../../db/schema.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo/accounts.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { REFRESH_GRACE_MS, SESSION_MAX_AGE_MS } from './service.js';

describe.each(databaseTargets())('auth on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username, password } });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/refreshToken', payload: { refreshToken } });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) });

  it('logs in each demo account and answers who it is', async () => {
    for (const [email, role] of [
      [DEMO_ACCOUNTS.employee, 'EMPLOYEE'],
      [DEMO_ACCOUNTS.tenantAdmin, 'TENANT_ADMIN'],
      [DEMO_ACCOUNTS.providerAdmin, 'PROVIDER_ADMIN'],
    ] as const) {
      const response = await login(email, DEMO_PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      // The demo admins use a second factor: the password alone gives no tokens.
      expect(response.json()).toMatchObject(
        role === 'EMPLOYEE' ? { authenticated: true } : { authenticated: false, mfaRequired: true },
      );
      const { accessToken } = await loginAs(t.app, email);
      const who = await me(accessToken);
      expect(who.statusCode).toBe(200);
      expect(who.json()).toMatchObject({ email, role });
    }
  });

  it('accepts the username in any letter case', async () => {
    const response = await login('Max.Mustermann@Example.com', DEMO_PASSWORD);
    expect(response.json()).toMatchObject({ authenticated: true });
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await login(DEMO_ACCOUNTS.employee, 'falsches-passwort');
    const unknown = await login('niemand@example.com', 'falsches-passwort');
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual({ authenticated: false });
  });

  it('refuses missing fields and extra properties with field errors', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: '' } });
    expect(missing.statusCode).toBe(400);
    const body = missing.json<{ code: string; errors: { field: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.map((e) => e.field)).toEqual(expect.arrayContaining(['username', 'password']));
    const extra = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: DEMO_ACCOUNTS.employee, password: DEMO_PASSWORD, role: 'PROVIDER_ADMIN' },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('rotates the refresh token on every use', async () => {
    const first = await loginAs(t.app);
    const rotated = await refresh(first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ authenticated: boolean; refreshToken: string; accessToken: string }>();
    expect(second.authenticated).toBe(true);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    const third = await refresh(second.refreshToken);
    expect(third.json()).toMatchObject({ authenticated: true });
  });

  it('gives parallel refreshes with one token the same successor within the grace window', async () => {
    const session = await loginAs(t.app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => refresh(session.refreshToken)));
    const tokens = new Set(answers.map((a) => a.json<{ refreshToken: string }>().refreshToken));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(tokens.size).toBe(1);
  });

  it('revokes the whole family when a used token comes back after the grace window', async () => {
    const session = await loginAs(t.app);
    const next = (await refresh(session.refreshToken)).json<{ refreshToken: string }>();
    t.clock.advance(REFRESH_GRACE_MS + 1_000);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ authenticated: false });
    // The legitimate successor dies with its family.
    const successor = await refresh(next.refreshToken);
    expect(successor.statusCode).toBe(401);
  });

  it('ends a session after its absolute lifetime even when rotated', async () => {
    let token = (await loginAs(t.app)).refreshToken;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(SESSION_MAX_AGE_MS / 3 - 60_000);
      const answer = await refresh(token);
      expect(answer.statusCode).toBe(200);
      token = answer.json<{ refreshToken: string }>().refreshToken;
    }
    t.clock.advance(10 * 60_000);
    expect((await refresh(token)).statusCode).toBe(401);
  });

  it('logout revokes the refresh family', async () => {
    const session = await loginAs(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('ends access and refresh at once when an account is disabled', async () => {
    const session = await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);
    await t.runtime.database.db
      .update(users)
      .set({ disabledAt: t.clock.now() })
      .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin));
    try {
      expect((await me(session.accessToken)).statusCode).toBe(401);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    } finally {
      await t.runtime.database.db
        .update(users)
        .set({ disabledAt: null })
        .where(eq(users.email, DEMO_ACCOUNTS.tenantAdmin));
    }
  });

  it('stores password hashes with algorithm, parameters and salt', async () => {
    const rows = await t.runtime.database.db.select({ hash: users.passwordHash }).from(users);
    for (const { hash } of rows) expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{16,}\$/);
  });

  it('refuses unknown refresh tokens', async () => {
    expect((await refresh('not-a-token')).statusCode).toBe(401);
  });

  describe('access token tampering', () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it('refuses alg none, foreign keys, changed claims, expiry, wrong audience and refresh tokens', async () => {
      const session = await loginAs(t.app);
      const [header = '', payload = '', signature = ''] = session.accessToken.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const foreignKey = new TextEncoder().encode('x'.repeat(64));
      const signWith = (extra: Record<string, unknown>, headerExtra: Record<string, unknown> = {}) =>
        new SignJWT({ ...claims, ...extra })
          .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...headerExtra })
          .sign(foreignKey);

      const forged = [
        `${encode({ alg: 'none', typ: 'at+jwt' })}.${payload}.`,
        `${header}.${encode({ ...claims, role: 'PROVIDER_ADMIN' })}.${signature}`,
        `${header}.${encode({ ...claims, tid: '00000000-0000-0000-0000-000000000000' })}.${signature}`,
        await signWith({}),
        await signWith({}, { kid: 'https://evil.example/jwks', jku: 'https://evil.example/jwks' }),
        `${header}.${encode({ ...claims, exp: now - 10 })}.${signature}`,
        `${header}.${encode({ ...claims, aud: 'other' })}.${signature}`,
        `${header}.${encode({ ...claims, iss: 'other' })}.${signature}`,
        session.refreshToken,
        'garbage',
      ];
      for (const token of forged) {
        expect((await me(token)).statusCode, token).toBe(401);
      }
    });

    it('refuses an expired token by the clock', async () => {
      const session = await loginAs(t.app);
      t.clock.advance(16 * 60_000);
      expect((await me(session.accessToken)).statusCode).toBe(401);
    });
  });

  it('answers 401 with the error shape to anonymous API calls, also for unknown routes', async () => {
    for (const url of ['/v1/me', '/v1/search', '/v1/does-not-exist']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
  });
});
