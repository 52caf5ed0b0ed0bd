import crypto from 'node:crypto';
import fs from 'node:fs';

import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { runAsSystem } from '../../db/scope.js';
import { users } from '../../db/schema.js';
import type { Database } from '../../db/client.js';
import { ScopedPglite, type ScopedPool } from '../../db/scoped-drivers.js';
import { startRuntime, type Runtime } from '../../runtime.js';
import { TestClock, bearer, databaseTargets, loginAs, openTestDatabase, testConfig } from '../../test-support/harness.js';
import { setAccountDisabled } from '../account/service.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { ConfirmedReadCache, embeddedClientOf, embeddedFreshness } from './request-user-cache.js';
import { findRequestUser } from './repository.js';
import { SESSION_MAX_AGE_MS } from './service.js';

const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string }).sid;

describe('a read kept while nothing has written', () => {
  const client = new PGlite();
  const scoped = new ScopedPglite(client);
  const READ = 'select 1 as one';
  scoped.markReadOnly(READ);
  afterAll(() => client.close());

  it('answers from memory until any other statement is asked for', async () => {
    const cache = new ConfirmedReadCache<number>(embeddedFreshness(scoped), 10);
    let loads = 0;
    const load = async () => {
      await scoped.query(READ);
      return ++loads;
    };
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', load)).toBe(1);
    await scoped.query('select 2');
    expect(await cache.read('k', load)).toBe(2);
    await scoped.transaction(async () => undefined);
    expect(await cache.read('k', load)).toBe(3);
  });

  it('does not keep an answer read while a possible write was asked for', async () => {
    const cache = new ConfirmedReadCache<number>(embeddedFreshness(scoped), 10);
    let loads = 0;
    const load = async () => {
      const [, value] = await Promise.all([scoped.query('select 3'), scoped.query(READ).then(() => ++loads)]);
      return value;
    };
    expect(await cache.read('k', load)).toBe(1);
    expect(await cache.read('k', async () => ++loads)).toBe(2);
  });

  it('keeps at most the given number of answers, dropping the oldest', async () => {
    const cache = new ConfirmedReadCache<string>(embeddedFreshness(scoped), 2);
    for (const key of ['a', 'b', 'c']) await cache.read(key, async () => key);
    expect(await cache.read('a', async () => 'again')).toBe('again');
    expect(await cache.read('c', async () => 'again')).toBe('c');
  });
});

/** Counts the statements a server's pool is asked for (drizzle sends each through `query`). */
function countStatements(db: Database): () => number {
  const pool = (db as unknown as { $client: ScopedPool }).$client;
  let count = 0;
  const query = pool.query.bind(pool);
  pool.query = (...args: Parameters<ScopedPool['query']>) => {
    count++;
    return query(...args);
  };
  return () => count;
}

/**
 * The signed-in user's statement is kept on both databases (ADR 0044), and every way a session or
 * account ends still refuses the next request at once.
 */
describe.each(databaseTargets())('the signed-in user kept on %s', (target) => {
  const clock = new TestClock();
  let runtime: Runtime;
  let app: FastifyInstance;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  let statements: () => number;

  beforeAll(async () => {
    const opened = await openTestDatabase(target);
    dropDatabase = opened.dropDatabase;
    const config = testConfig({
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    });
    dataDir = config.dataDir;
    runtime = await startRuntime(config, { clock, database: opened.database, startJobs: false });
    app = runtime.app;
    const embedded = embeddedClientOf(opened.database.db);
    expect(embedded === null).toBe(target === 'postgres');
    if (embedded) statements = () => embedded.writeGeneration;
    else statements = countStatements(opened.database.db);
  }, 120_000);
  afterAll(async () => {
    await runtime.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const search = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/v1/search', headers: bearer(token) })).statusCode;

  /**
   * Two searches; the second is answered from what was kept: on the embedded database it asks nothing
   * that may write, on a server nothing at all (the change feed's round trip has a connection of its own).
   */
  async function warm(token: string): Promise<void> {
    expect(await search(token)).toBe(200);
    const before = statements();
    expect(await search(token)).toBe(200);
    expect(statements()).toBe(before);
  }

  it('refuses the access token at once after logout', async () => {
    const session = await loginAs(app, DEMO_ACCOUNTS.employee);
    await warm(session.accessToken);
    const out = await app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken: session.refreshToken } });
    expect(out.statusCode).toBe(204);
    expect(await search(session.accessToken)).toBe(401);
  });

  it('refuses the access token at once when the account is disabled, and takes a role change at once', async () => {
    const session = await loginAs(app, DEMO_ACCOUNTS.employee);
    await warm(session.accessToken);
    const [row] = await runAsSystem(() =>
      runtime.app.orderDeps.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.employee)),
    );
    const id = row?.id ?? '';
    await runAsSystem(() => runtime.app.orderDeps.db.update(users).set({ role: 'TENANT_ADMIN' }).where(eq(users.id, id)));
    const asHolder = () =>
      runAsSystem(() => findRequestUser(runtime.app.orderDeps.db, id, sessionOf(session.accessToken), clock.now()));
    expect((await asHolder())?.role).toBe('TENANT_ADMIN');
    await asHolder();
    await runAsSystem(() => runtime.app.orderDeps.db.update(users).set({ role: 'EMPLOYEE' }).where(eq(users.id, id)));
    expect((await asHolder())?.role).toBe('EMPLOYEE');
    await warm(session.accessToken);
    await runAsSystem(() => setAccountDisabled(runtime.app.orderDeps.db, id, true, clock.now()));
    expect(await search(session.accessToken)).toBe(401);
    await runAsSystem(() => setAccountDisabled(runtime.app.orderDeps.db, id, false, clock.now()));
  });

  it('ends a kept session at its absolute end, with no write in between', async () => {
    const session = await loginAs(app, DEMO_ACCOUNTS.employee);
    clock.advance(SESSION_MAX_AGE_MS - 60_000);
    const refreshed = await app.inject({
      method: 'POST',
      url: '/v1/auth/refreshToken',
      payload: { refreshToken: session.refreshToken },
    });
    const { accessToken } = refreshed.json<{ accessToken: string }>();
    await warm(accessToken);
    clock.advance(2 * 60_000);
    expect(await search(accessToken)).toBe(401);
  });
});
