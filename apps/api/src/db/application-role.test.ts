import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startRuntime, type Runtime } from '../runtime.js';
import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import { adminQuery, bearer, loginAs, testConfig } from '../test-support/harness.js';
import { pickOffer, placeOrder } from '../test-support/order-fixtures.js';
import { DatabaseStartError } from './client.js';
import { APPLICATION_DB_ROLE, runInScope, SIGN_IN_SCOPE, SYSTEM_SCOPE } from './scope.js';
import { orders, users } from './schema.js';

/**
 * Security checklist 15, the strong form: the application logs in as a role that owns nothing (the
 * migrations run as the owner through DATABASE_OWNER_URL), set up exactly as docs/deploy.md tells a
 * DBA. Row-level security then holds even against a statement the application did not mean to send:
 * it cannot leave its role, switch the policies off or name a scope it was not given. PostgreSQL
 * only: the embedded database has a single user.
 */
const serverUrl = process.env['TEST_DATABASE_URL'];
const deployDoc = path.resolve(import.meta.dirname, '../../../../docs/deploy.md');

/**
 * The SQL of the page's section on the database role, statement by statement as psql sends them
 * (CREATE DATABASE refuses to run inside a multi-statement query). Roles and databases belong to the
 * whole test server, so the names the page uses get a suffix; `leasing_app` is the application's own.
 */
function documentedRoleSetup(names: { owner: string; login: string; password: string }): string[] {
  const page = fs.readFileSync(deployDoc, 'utf8');
  const section = page.split("### The application's database role")[1]?.split(/\n##? /)[0] ?? '';
  const blocks = [...section.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');
  if (blocks.length === 0) throw new Error('docs/deploy.md has no SQL in its section on the database role');
  return blocks
    .join('\n')
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;\s*$/m)
    .map((statement) => statement.trim())
    .filter(Boolean)
    .map((statement) =>
      statement
        .replace(/\bleasing_web\b/g, names.login)
        .replace(/\bleasing\b/g, names.owner)
        .replaceAll("'…'", `'${names.password}'`),
    );
}

describe.runIf(serverUrl)('the application connecting as a role of its own, set up as docs/deploy.md says', () => {
  const suffix = crypto.randomBytes(5).toString('hex');
  const names = { owner: `leasing_${suffix}`, login: `leasing_web_${suffix}`, password: crypto.randomUUID() };
  // The page's database is named like its owner.
  const database = names.owner;
  const urlFor = (user: string) => {
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${database}`;
    url.username = user;
    url.password = names.password;
    return url.toString();
  };
  let runtime: Runtime;
  let config: ReturnType<typeof testConfig>;

  const asServer = (statement: string) => adminQuery(serverUrl ?? '', statement);

  /** A session of the login role as anyone holding its password would have it, no scope set. */
  const rawSession = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlFor(names.login) });
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
  const count = async (client: pg.Client, table: string) =>
    Number((await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n);

  beforeAll(async () => {
    for (const statement of documentedRoleSetup(names)) await asServer(statement);
    // Then started as the page's "Start" section says: migrations as the owner, requests as the login.
    config = testConfig({ DATABASE_URL: urlFor(names.login), DATABASE_OWNER_URL: urlFor(names.owner) });
    runtime = await startRuntime(config, { startJobs: false });
  });
  afterAll(async () => {
    await runtime?.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
    await asServer(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await asServer(`DROP ROLE IF EXISTS ${names.login}`);
    await asServer(`DROP ROLE IF EXISTS ${names.owner}`);
  });

  it('migrates with an owner that may not create roles', async () => {
    const owner = new pg.Client({ connectionString: urlFor(names.owner) });
    await owner.connect();
    try {
      const { rows } = await owner.query<{ createrole: boolean; superuser: boolean }>(
        'select rolcreaterole as createrole, rolsuper as superuser from pg_roles where rolname = current_user',
      );
      expect(rows[0]).toEqual({ createrole: false, superuser: false });
    } finally {
      await owner.end();
    }
    expect(runtime.database.connectsAsOwner()).toBe(false);
  });

  it('serves the product through that role', async () => {
    const who = await runInScope(SYSTEM_SCOPE, () =>
      runtime.database.db.execute(sql`select session_user as login, current_user as acting`),
    );
    expect((who as unknown as { rows: unknown[] }).rows[0]).toEqual({
      login: names.login,
      acting: APPLICATION_DB_ROLE,
    });
    const { accessToken } = await loginAs(runtime.app);
    const search = await runtime.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(accessToken) });
    expect(search.statusCode).toBe(200);
    expect(search.json<unknown[]>().length).toBeGreaterThan(0);
  });

  it("copies a person's changed keys to their orders as the owner, even for a scope that cannot see the orders", async () => {
    const { accessToken } = await loginAs(runtime.app);
    const orderId = await placeOrder(runtime.app, accessToken, await pickOffer(runtime.app, accessToken));
    const db = runtime.database.db;
    // The update and the count both under the sign-in scope, which sees no order.
    const seen = await runInScope(SIGN_IN_SCOPE, async () => {
      await db
        .update(users)
        .set({ email: `copied-${suffix}@beispiel.example` })
        .where(eq(users.email, DEMO_ACCOUNTS.employee));
      return (await db.select({ id: orders.id }).from(orders)).length;
    });
    expect(seen).toBe(0);
    const [order] = await runInScope(SYSTEM_SCOPE, () =>
      db.select({ email: orders.personEmailKey }).from(orders).where(eq(orders.id, orderId)),
    );
    expect(order?.email).toBe(`copied-${suffix}@beispiel.example`);
  });

  it('cannot see, unlock or rewrite anything outside the policies, whatever it sends', async () => {
    await rawSession(async (client) => {
      // Nobody named: no personal row, although the demo data is there.
      expect(await count(client, 'users')).toBe(0);
      expect(await refusal(client, 'SET ROLE postgres')).toMatch(/permission denied/);
      expect(await refusal(client, 'ALTER TABLE users DISABLE ROW LEVEL SECURITY')).toMatch(/must be owner/);
      expect(await refusal(client, 'ALTER TABLE users NO FORCE ROW LEVEL SECURITY')).toMatch(/must be owner/);
      expect(await refusal(client, 'DROP POLICY users_scope ON users')).toMatch(/must be owner/);
      expect(await refusal(client, "UPDATE audit_log SET action = 'x'")).toMatch(/permission denied/);
      expect(await refusal(client, 'TRUNCATE audit_log')).toMatch(/permission denied/);
    });
  });

  it('cannot name itself the platform or anyone else: the scope it sets is not signed', async () => {
    await rawSession(async (client) => {
      for (const role of ['SYSTEM', 'PROVIDER_ADMIN', 'SIGN_IN']) {
        await client.query(`select set_config('role', $1, false), set_config('app.role', $2, false)`, [
          APPLICATION_DB_ROLE,
          role,
        ]);
        for (const table of ['users', 'orders', 'salary_profiles', 'tenants', 'audit_log']) {
          expect({ role, table, n: await count(client, table) }).toEqual({ role, table, n: 0 });
        }
      }
      // Nor read the key that signs, nor have the check believe its own word.
      expect(await refusal(client, 'select secret from scope_signing_key')).toMatch(/permission denied/);
      expect((await client.query('select role from app_verified_scope(true)')).rows).toEqual([{ role: 'SIGN_IN' }]);
      expect(await count(client, 'users')).toBe(0);
    });
  });

  it('refuses to start when DATABASE_URL names a role that could switch the policies off', async () => {
    const cases = [
      { url: serverUrl ?? '', problem: /is a superuser/ },
      { url: urlFor(names.owner), problem: /owns the tables/ },
    ];
    for (const { url, problem } of cases) {
      const target = new URL(url);
      target.pathname = `/${database}`;
      const unsafe = testConfig({ DATABASE_URL: target.toString(), DATABASE_OWNER_URL: urlFor(names.owner) });
      try {
        const error: unknown = await startRuntime(unsafe, { startJobs: false }).catch((reason: unknown) => reason);
        expect(error).toBeInstanceOf(DatabaseStartError);
        expect((error as Error).message).toMatch(problem);
      } finally {
        fs.rmSync(unsafe.dataDir, { recursive: true, force: true });
      }
    }
  });
});
