import crypto from 'node:crypto';
import fs from 'node:fs';

import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../../db/client.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { startRuntime, type Runtime } from '../../runtime.js';
import {
  TestClock,
  bearer,
  databaseTargets,
  loginAs,
  openTestDatabase,
  testConfig,
} from '../../test-support/harness.js';
import { REFRESH_GRACE_MS, SESSION_MAX_AGE_MS } from './service.js';

/**
 * A session ends at once: its access tokens are refused from the moment it is logged out, reused
 * or past its absolute end, on every instance over the same database (decision 0026). Two app
 * instances share one database and one clock here, as behind a load balancer; each keeps its own
 * in-process caches (verified tokens, limits), which must not keep an ended session alive.
 */
describe.each(databaseTargets())('ending sessions on %s', (target) => {
  const clock = new TestClock();
  const secrets = {
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const runtimes: Runtime[] = [];
  const dataDirs: string[] = [];
  let dropDatabase: () => Promise<void>;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    const opened = await openTestDatabase(target);
    dropDatabase = opened.dropDatabase;
    // The embedded database lives in this process: the second instance shares its handle (the first
    // migrates and closes it); a server gets a second pool of its own.
    const second =
      target === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: opened.url ?? '' })
        : { ...opened.database, migrate: async () => undefined, close: async () => undefined };
    for (const database of [opened.database, second]) {
      const config = testConfig(secrets);
      dataDirs.push(config.dataDir);
      runtimes.push(await startRuntime(config, { clock, database, startJobs: false }));
    }
    [a, b] = runtimes.map((runtime) => runtime.app) as [FastifyInstance, FastifyInstance];
  }, 120_000);
  afterAll(async () => {
    for (const runtime of [...runtimes].reverse()) await runtime.close();
    await dropDatabase();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) });
  const refresh = (app: FastifyInstance, refreshToken: string) =>
    app.inject({ method: 'POST', url: '/v1/auth/refreshToken', payload: { refreshToken } });
  const logout = (app: FastifyInstance, refreshToken: string) =>
    app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken } });
  const rotated = (answer: { json: () => unknown }) => answer.json() as { accessToken: string; refreshToken: string };

  it('refuses the access token at once after logout', async () => {
    const session = await loginAs(a);
    expect((await me(a, session.accessToken)).statusCode).toBe(200);
    expect((await logout(a, session.refreshToken)).statusCode).toBe(204);
    expect((await me(a, session.accessToken)).statusCode).toBe(401);
  });

  it('refuses the access token on a second instance after logout on the first', async () => {
    const session = await loginAs(a);
    // The second instance has verified the token before the logout, and keeps its answer.
    expect((await me(b, session.accessToken)).statusCode).toBe(200);
    expect((await me(b, session.accessToken)).statusCode).toBe(200);
    expect((await logout(a, session.refreshToken)).statusCode).toBe(204);
    expect((await me(b, session.accessToken)).statusCode).toBe(401);
    expect((await me(a, session.accessToken)).statusCode).toBe(401);
  });

  it("leaves the person's other sessions working after one logout", async () => {
    const phone = await loginAs(a);
    const laptop = await loginAs(a);
    await logout(a, phone.refreshToken);
    expect((await me(b, laptop.accessToken)).statusCode).toBe(200);
    expect((await refresh(b, laptop.refreshToken)).statusCode).toBe(200);
  });

  it('ends the family for owner and thief when a stolen refresh token is used after the owner refreshed', async () => {
    const owner = await loginAs(a);
    const stolen = owner.refreshToken;
    const renewed = rotated(await refresh(a, owner.refreshToken));
    clock.advance(REFRESH_GRACE_MS + 1_000);
    const theft = await refresh(b, stolen);
    expect(theft.statusCode).toBe(401);
    expect(theft.json()).toEqual({ authenticated: false });
    // The owner's next refresh and current access token end with the family, on both instances.
    expect((await refresh(a, renewed.refreshToken)).statusCode).toBe(401);
    expect((await me(a, renewed.accessToken)).statusCode).toBe(401);
    expect((await me(b, owner.accessToken)).statusCode).toBe(401);
  });

  it("stops the thief's access token at once when the owner's refresh reveals the theft", async () => {
    const owner = await loginAs(a);
    // The thief refreshes first and holds a working access token of the owner's session.
    const thief = rotated(await refresh(b, owner.refreshToken));
    expect((await me(b, thief.accessToken)).statusCode).toBe(200);
    clock.advance(REFRESH_GRACE_MS + 1_000);
    expect((await refresh(a, owner.refreshToken)).statusCode).toBe(401);
    expect((await me(b, thief.accessToken)).statusCode).toBe(401);
    expect((await refresh(b, thief.refreshToken)).statusCode).toBe(401);
  });

  it('ends a session and its last access token at the absolute lifetime of 30 days', async () => {
    const session = await loginAs(a, DEMO_ACCOUNTS.employee);
    let current = session;
    // Refreshed every two weeks and once more five minutes before the end: rotation does not extend it.
    for (const step of [14, 14]) {
      clock.advance(step * 24 * 60 * 60_000);
      current = rotated(await refresh(a, current.refreshToken));
    }
    clock.advance(SESSION_MAX_AGE_MS - 28 * 24 * 60 * 60_000 - 5 * 60_000);
    const last = await refresh(b, current.refreshToken);
    expect(last.statusCode).toBe(200);
    current = rotated(last);
    expect((await me(a, current.accessToken)).statusCode).toBe(200);
    // Six minutes later the session is over: the access token, though only six minutes old, too.
    clock.advance(6 * 60_000);
    expect((await me(a, current.accessToken)).statusCode).toBe(401);
    expect((await me(b, current.accessToken)).statusCode).toBe(401);
    expect((await refresh(a, current.refreshToken)).statusCode).toBe(401);
  });

  it('refuses a correctly signed access token that names no session or a session of someone else', async () => {
    const session = await loginAs(a);
    const [, payload = ''] = session.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const key = crypto.createHmac('sha256', Buffer.from(secrets.JWT_SECRET)).update('access-token').digest();
    const signed = (extra: Record<string, unknown>) =>
      new SignJWT({ ...claims, ...extra }).setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' }).sign(key);
    // The same claims signed again work (the key is right) ...
    expect((await me(a, await signed({ jti: crypto.randomUUID() }))).statusCode).toBe(200);
    // ... but not without a session, with a made-up one, or with another person's session.
    const other = await loginAs(a, DEMO_ACCOUNTS.tenantAdmin);
    const [, otherPayload = ''] = other.accessToken.split('.');
    const otherSession = (JSON.parse(Buffer.from(otherPayload, 'base64url').toString()) as { sid: string }).sid;
    for (const sid of [undefined, 'not-a-session', crypto.randomUUID(), otherSession]) {
      expect((await me(a, await signed({ sid, jti: crypto.randomUUID() }))).statusCode, String(sid)).toBe(401);
    }
  });
});
