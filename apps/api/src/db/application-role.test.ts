import crypto from 'node:crypto';
import fs from 'node:fs';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRuntime, type Runtime } from '../runtime.js';
import { adminQuery, bearer, loginAs, testConfig } from '../test-support/harness.js';
import { DatabaseStartError } from './client.js';
import { APPLICATION_DB_ROLE, runInScope, SYSTEM_SCOPE } from './scope.js';

/**
 * Security checklist 15, the strong form: the application logs in as a role that owns nothing (the
 * migrations run as the owner through DATABASE_OWNER_URL). Row-level security then holds even
 * against a statement the application did not mean to send: it cannot leave its role or switch
 * the policies off. PostgreSQL only: the embedded database has a single user.
 */
const serverUrl = process.env['TEST_DATABASE_URL'];

describe.runIf(serverUrl)('the application connecting as a role of its own', () => {
  const suffix = crypto.randomBytes(5).toString('hex');
  const database = `leasing_role_${suffix}`;
  const loginRole = `leasing_web_${suffix}`;
  const urlFor = (user: string | null) => {
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${database}`;
    if (user) url.username = user;
    return url.toString();
  };
  let runtime: Runtime;
  let config: ReturnType<typeof testConfig>;

  const asServer = (statement: string) => adminQuery(serverUrl ?? '', statement);

  /** A session of the login role as anyone holding its password would have it, no scope set. */
  const rawSession = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlFor(loginRole) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const refusal = async (client: pg.Client, statement: string): Promise<string> =>
    client.query(statement).then(
      () => 'not refused',
      (error: Error) => error.message,
    );

  beforeAll(async () => {
    await asServer(`CREATE DATABASE ${database}`);
    // As a DBA sets it up (docs/deploy.md): the group role, then a login role in it.
    await asServer(
      `DO $$ BEGIN CREATE ROLE ${APPLICATION_DB_ROLE} NOLOGIN; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$`,
    );
    await asServer(`CREATE ROLE ${loginRole} LOGIN IN ROLE ${APPLICATION_DB_ROLE}`);
    config = testConfig({ DATABASE_URL: urlFor(loginRole), DATABASE_OWNER_URL: urlFor(null) });
    runtime = await startRuntime(config, { startJobs: false });
  });
  afterAll(async () => {
    await runtime?.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    await asServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await asServer(`DROP ROLE IF EXISTS ${loginRole}`);
  });

  it('serves the product through that role', async () => {
    expect(runtime.database.connectsAsOwner()).toBe(false);
    const who = await runInScope(SYSTEM_SCOPE, () =>
      runtime.database.db.execute(sql`select session_user as login, current_user as acting`),
    );
    expect((who as unknown as { rows: unknown[] }).rows[0]).toEqual({ login: loginRole, acting: APPLICATION_DB_ROLE });
    const { accessToken } = await loginAs(runtime.app);
    const search = await runtime.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(accessToken) });
    expect(search.statusCode).toBe(200);
    expect(search.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it('cannot see, unlock or rewrite anything outside the policies, whatever it sends', async () => {
    await rawSession(async (client) => {
      // Nobody named: no personal row, although the demo data is there.
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
      expect(rows[0]?.n).toBe(0);
      expect(await refusal(client, 'SET ROLE postgres')).toMatch(/permission denied/);
      expect(await refusal(client, 'ALTER TABLE users DISABLE ROW LEVEL SECURITY')).toMatch(/must be owner/);
      expect(await refusal(client, 'ALTER TABLE users NO FORCE ROW LEVEL SECURITY')).toMatch(/must be owner/);
      expect(await refusal(client, 'DROP POLICY users_scope ON users')).toMatch(/must be owner/);
      expect(await refusal(client, "UPDATE audit_log SET action = 'x'")).toMatch(/permission denied/);
      expect(await refusal(client, 'TRUNCATE audit_log')).toMatch(/permission denied/);
    });
  });

  it('refuses to start when DATABASE_URL names a role that could switch the policies off', async () => {
    const unsafe = testConfig({ DATABASE_URL: urlFor(null), DATABASE_OWNER_URL: urlFor(null) });
    try {
      const error: unknown = await startRuntime(unsafe, { startJobs: false }).catch((reason: unknown) => reason);
      expect(error).toBeInstanceOf(DatabaseStartError);
      expect((error as Error).message).toMatch(/is a superuser/);
    } finally {
      fs.rmSync(unsafe.dataDir, { recursive: true, force: true });
    }
  });
});
