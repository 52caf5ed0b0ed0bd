import crypto from 'node:crypto';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildTenant } from '../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import type { Database } from './client.js';
import { orders } from './schema.js';
import { DEMO_ACCOUNTS } from '../modules/demo/accounts.js';
import {
  ANONYMOUS_SCOPE,
  APPLICATION_DB_ROLE,
  runInScope,
  SIGN_IN_SCOPE,
  SYSTEM_SCOPE,
  tokenHolderScope,
  type DbScope,
} from './scope.js';

/**
 * Security checklist 15: row-level security is a backstop under the application's checks. These
 * queries deliberately have no tenant or user filter: the database alone must keep foreign rows out.
 */
describe.each(databaseTargets())('row-level security on %s', (target) => {
  let t: TestApp;
  let db: Database;
  let home: { tenantId: string; employeeId: string; adminId: string };
  let foreign: { tenantId: string; employeeId: string; adminId: string };

  const rows = async (scope: DbScope, query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> =>
    runInScope(scope, async () => rowsOf(await db.execute(query)));
  const count = async (scope: DbScope, table: string): Promise<number> =>
    Number((await rows(scope, sql.raw(`select count(*)::int as n from ${table}`)))[0]?.['n']);
  const idOf = async (email: string) =>
    String((await rows(SYSTEM_SCOPE, sql`select id from users where email = ${email}`))[0]?.['id']);

  beforeAll(async () => {
    t = await createTestApp(target);
    db = t.runtime.database.db;
    const demoTenant = (
      await rows(SYSTEM_SCOPE, sql`select tenant_id from users where email = ${DEMO_ACCOUNTS.employee}`)
    )[0];
    home = {
      tenantId: String(demoTenant?.['tenant_id']),
      employeeId: await idOf(DEMO_ACCOUNTS.employee),
      adminId: await idOf(DEMO_ACCOUNTS.tenantAdmin),
    };
    const other = await buildTenant(t.app, db, { prefix: 'rls', now: t.clock.now() });
    foreign = {
      tenantId: other.tenantId,
      employeeId: await idOf(other.employee.email),
      adminId: await idOf(other.admin.email),
    };
    // One order in each employer, made through the API like any other.
    for (const token of [(await loginAs(t.app)).accessToken, other.employee.accessToken]) {
      const vehicles = (await t.app.inject({ method: 'GET', url: '/v1/search', headers: bearer(token) })).json<
        { id: string }[]
      >();
      const vehicle = (
        await t.app.inject({ method: 'GET', url: `/v1/vehicle/${vehicles[0]?.id}`, headers: bearer(token) })
      ).json<{ leasePackages: { id: string }[]; colors: string[]; deliveryOptions: string[] }>();
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/order',
        headers: bearer(token),
        payload: {
          leasePackageId: vehicle.leasePackages[0]?.id,
          color: vehicle.colors[0],
          delivery: vehicle.deliveryOptions[0],
        },
      });
      expect(created.statusCode).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** The database's own words for a refused statement (drizzle wraps them as the cause). */
  const refusal = async (work: Promise<unknown>): Promise<string> => {
    try {
      await work;
    } catch (error) {
      const cause = (error as { cause?: unknown }).cause;
      return cause instanceof Error ? cause.message : String(error);
    }
    return 'not refused';
  };
  const tenantAdmin = (): DbScope => ({ role: 'TENANT_ADMIN', tenantId: home.tenantId, userId: home.adminId });
  const employee = (): DbScope => ({ role: 'EMPLOYEE', tenantId: home.tenantId, userId: home.employeeId });

  it('shows nothing to a session that has not said who is asking', async () => {
    const unscoped = await db.transaction(async (tx) => {
      await tx.execute(
        sql`select set_config('app.role', '', true), set_config('app.tenant_id', '', true), set_config('app.user_id', '', true)`,
      );
      const tables = ['users', 'salary_profiles', 'user_addresses', 'orders', 'user_steps', 'refresh_tokens', 'outbox'];
      const counts: Record<string, number> = {};
      for (const table of tables) {
        const result = await tx.execute(sql.raw(`select count(*)::int as n from ${table}`));
        counts[table] = Number(rowsOf(result)[0]?.['n']);
      }
      return counts;
    });
    expect(unscoped).toEqual({
      users: 0,
      salary_profiles: 0,
      user_addresses: 0,
      orders: 0,
      user_steps: 0,
      refresh_tokens: 0,
      outbox: 0,
    });
    // The platform itself sees the rows, so they are there.
    expect(await count(SYSTEM_SCOPE, 'users')).toBeGreaterThan(3);
    expect(await count(SYSTEM_SCOPE, 'orders')).toBe(2);
  });

  it('runs a query the scoped work returns unawaited in that scope, not where it is awaited', async () => {
    // A drizzle query runs when awaited; outside any request the awaiting code is the platform.
    const signIn = await runInScope(SIGN_IN_SCOPE, () => db.select({ id: orders.id }).from(orders));
    expect(signIn).toEqual([]);
    const employee = await runInScope({ role: 'EMPLOYEE', userId: home.employeeId, tenantId: home.tenantId }, () =>
      db.select({ tenantId: orders.tenantId }).from(orders),
    );
    expect(new Set(employee.map((o) => o.tenantId))).toEqual(new Set([home.tenantId]));
    expect((await runInScope(SYSTEM_SCOPE, () => db.select({ id: orders.id }).from(orders))).length).toBeGreaterThan(1);
  });

  it('shows an anonymous request no personal row, and the sign-in flows only the account tables', async () => {
    const personal = ['users', 'tenants', 'salary_profiles', 'user_addresses', 'orders', 'ident_cases'];
    for (const table of [...personal, 'refresh_tokens', 'one_time_codes', 'simulator_cases', 'outbox']) {
      expect({ table, n: await count(ANONYMOUS_SCOPE, table) }).toEqual({ table, n: 0 });
    }
    // Sign-in finds accounts by address and employers by code, but never a salary, an address or an order.
    expect(await count(SIGN_IN_SCOPE, 'users')).toBe(await count(SYSTEM_SCOPE, 'users'));
    expect(await count(SIGN_IN_SCOPE, 'tenants')).toBe(await count(SYSTEM_SCOPE, 'tenants'));
    for (const table of [
      'salary_profiles',
      'user_addresses',
      'orders',
      'user_steps',
      'ident_cases',
      'simulator_cases',
    ]) {
      expect({ table, n: await count(SIGN_IN_SCOPE, table) }).toEqual({ table, n: 0 });
    }
    expect(await count(SYSTEM_SCOPE, 'salary_profiles')).toBeGreaterThan(0);
    // Nor may an anonymous request queue a mail or write an account.
    expect(
      await refusal(
        rows(
          ANONYMOUS_SCOPE,
          sql`insert into outbox (kind, recipient, subject, text_body, html_body) values ('test', 'x@example.com', 's', 't', 'h')`,
        ),
      ),
    ).toMatch(/row-level security/);
    expect(
      await rows(
        ANONYMOUS_SCOPE,
        sql`update users set first_name = 'Gekapert' where id = ${home.employeeId} returning id`,
      ),
    ).toHaveLength(0);
  });

  it("shows a token's holder, before the role is known, what an employee of the token's employer sees", async () => {
    const holder = tokenHolderScope(home.employeeId, home.tenantId);
    const seen = await rows(holder, sql`select id, tenant_id, role from users`);
    // Their own row among their employer's people (and the provider's staff): no other employer's.
    expect(seen.map((r) => r['id'])).toContain(home.employeeId);
    expect(seen.some((r) => r['id'] === foreign.employeeId || r['id'] === foreign.adminId)).toBe(false);
    expect(seen.every((r) => r['tenant_id'] === home.tenantId || r['role'] === 'PROVIDER_ADMIN')).toBe(true);
    // Salaries stay their own, even among colleagues.
    expect((await rows(holder, sql`select user_id from salary_profiles`)).map((r) => r['user_id'])).toEqual([
      home.employeeId,
    ]);
    // Without an employer in the token: their own account only, not even colleagues.
    const alone = await rows(tokenHolderScope(home.employeeId, null), sql`select id, role from users`);
    expect(alone.map((r) => r['id'])).not.toContain(home.adminId);
    expect(alone.every((r) => r['id'] === home.employeeId || r['role'] === 'PROVIDER_ADMIN')).toBe(true);
  });

  it("keeps another employer's people, orders and salaries out of an unfiltered query", async () => {
    const people = await rows(tenantAdmin(), sql`select id, tenant_id, role from users`);
    expect(people.some((p) => p['id'] === foreign.employeeId || p['id'] === foreign.adminId)).toBe(false);
    expect(people.every((p) => p['tenant_id'] === home.tenantId || p['role'] === 'PROVIDER_ADMIN')).toBe(true);

    const orders = await rows(tenantAdmin(), sql`select tenant_id from orders`);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.['tenant_id']).toBe(home.tenantId);
    const steps = await rows(
      tenantAdmin(),
      sql`select o.tenant_id from user_steps s join orders o on o.id = s.order_id`,
    );
    expect(steps.every((s) => s['tenant_id'] === home.tenantId)).toBe(true);

    // Salaries are the employee's alone: not even their own employer's admin reads them.
    expect(await count(tenantAdmin(), 'salary_profiles')).toBe(0);
    expect((await rows(employee(), sql`select user_id from salary_profiles`)).map((r) => r['user_id'])).toEqual([
      home.employeeId,
    ]);
    // Mails and the audit trail are the platform's to read.
    expect(await count(employee(), 'outbox')).toBe(0);
    expect(await count(tenantAdmin(), 'audit_log')).toBe(0);
  });

  it('lets the provider admin see every employer', async () => {
    const provider: DbScope = {
      role: 'PROVIDER_ADMIN',
      tenantId: null,
      userId: await idOf(DEMO_ACCOUNTS.providerAdmin),
    };
    const tenantsSeen = new Set((await rows(provider, sql`select tenant_id from orders`)).map((r) => r['tenant_id']));
    expect(tenantsSeen).toEqual(new Set([home.tenantId, foreign.tenantId]));
  });

  it('refuses to write a row into another employer (WITH CHECK)', async () => {
    expect(
      await refusal(
        rows(
          tenantAdmin(),
          sql`insert into users (tenant_id, email, role, first_name, last_name) values (${foreign.tenantId}, 'eindringling@example.com', 'EMPLOYEE', 'E', 'I')`,
        ),
      ),
    ).toMatch(/row-level security/);
    // An update of a foreign row finds nothing to update.
    const updated = await rows(
      tenantAdmin(),
      sql`update users set first_name = 'Gekapert' where id = ${foreign.employeeId} returning id`,
    );
    expect(updated).toHaveLength(0);
    expect(
      (await rows(SYSTEM_SCOPE, sql`select first_name from users where id = ${foreign.employeeId}`))[0]?.['first_name'],
    ).not.toBe('Gekapert');
  });

  describe('a scope named by a statement of the application role itself (SQL injection)', () => {
    type Statements = (session: number) => ReturnType<typeof sql>[];
    /** Runs the statements in one transaction of `scope` (told its backend pid), then counts `table`. */
    const countAfter = async (scope: DbScope, statements: Statements, table: string) =>
      runInScope(scope, () =>
        db.transaction(async (tx) => {
          const session = Number(rowsOf(await tx.execute(sql`select pg_backend_pid() as pid`))[0]?.['pid']);
          for (const statement of statements(session)) await tx.execute(statement);
          return Number(rowsOf(await tx.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.['n']);
        }),
      );
    const settings = (role: string, tenantId: string, userId: string, signature?: string) =>
      sql`select set_config('app.role', ${role}, true), set_config('app.tenant_id', ${tenantId}, true),
                 set_config('app.user_id', ${userId}, true)${
                   signature === undefined ? sql`` : sql`, set_config('app.scope_signature', ${signature}, true)`
                 }`;
    /** The key, as only the tables' owner reads it (the test's session logs in as the owner). */
    const ownersKey = async (): Promise<Buffer> =>
      db.transaction(async (tx) => {
        await tx.execute(sql`reset role`);
        const secret = rowsOf(await tx.execute(sql`select secret from scope_signing_key`))[0]?.['secret'];
        // Back at session level: `reset role` outlives the transaction, and the connection is reused.
        await tx.execute(sql`select set_config('role', ${APPLICATION_DB_ROLE}, false)`);
        return Buffer.from(secret as Uint8Array);
      });
    const hmac = (key: Buffer, message: string) => crypto.createHmac('sha256', key).update(message).digest('hex');

    it('sees nothing after set_config(app.role, SYSTEM): that scope is not signed', async () => {
      // Before migration 0021: both orders, every salary and every account.
      for (const table of ['orders', 'salary_profiles', 'users', 'audit_log', 'outbox', 'tenants']) {
        const n = await countAfter(employee(), () => [sql`select set_config('app.role', 'SYSTEM', true)`], table);
        expect({ table, n }).toEqual({ table, n: 0 });
      }
      // Nor does the own scope's signature carry over to another person or to the sign-in flows.
      const otherPerson = () => [settings('EMPLOYEE', foreign.tenantId, foreign.employeeId)];
      expect(await countAfter(employee(), otherPerson, 'salary_profiles')).toBe(0);
      expect(await countAfter(employee(), () => [settings('SIGN_IN', '', '')], 'users')).toBe(0);
    });

    it('refuses a signature under a guessed key or made for another session, and keeps the key from it', async () => {
      const guessedKey = crypto.randomBytes(32);
      const guessed: Statements = (session) => [settings('SYSTEM', '', '', hmac(guessedKey, `SYSTEM|||${session}`))];
      expect(await countAfter(employee(), guessed, 'orders')).toBe(0);
      const key = await ownersKey();
      // A signature seen in one database session is worthless in another.
      const elsewhere: Statements = (session) => [settings('SYSTEM', '', '', hmac(key, `SYSTEM|||${session + 1}`))];
      expect(await countAfter(employee(), elsewhere, 'orders')).toBe(0);
      // Control: signed with the key for this very session, the same statements see every order.
      const signed: Statements = (session) => [settings('SYSTEM', '', '', hmac(key, `SYSTEM|||${session}`))];
      expect(await countAfter(employee(), signed, 'orders')).toBe(2);
      // The key is the owner's alone, and the check answers yes or no.
      expect(await refusal(rows(employee(), sql`select secret from scope_signing_key`))).toMatch(/permission denied/);
    });

    it('checks the scope once per statement in every policy, not once per row', async () => {
      const policies = await rows(
        SYSTEM_SCOPE,
        sql`select tablename || '.' || policyname as name, coalesce(qual, '') || ' ' || coalesce(with_check, '') as text
              from pg_policies where schemaname = 'public'`,
      );
      expect(policies.length).toBeGreaterThan(15);
      // `(SELECT … FROM app_scope() s)` checks the signature once; a helper such as app_user_id() once per row.
      const perRow = policies
        .filter((p) => /\bapp_\w+\(/.test(String(p['text']).replace(/\bapp_(scope\(\)|user_of_tenant\()/g, '')))
        .map((p) => p['name']);
      expect(perRow).toEqual([]);
    });
  });

  it('works as a role that owns nothing and may only append to the audit trail', async () => {
    const who = await rows(employee(), sql`select current_user as name`);
    expect(who[0]?.['name']).toBe(APPLICATION_DB_ROLE);
    const owned = await rows(
      SYSTEM_SCOPE,
      sql`select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = ${APPLICATION_DB_ROLE}`,
    );
    expect(owned[0]?.['n']).toBe(0);
    expect(await refusal(rows(SYSTEM_SCOPE, sql`update audit_log set action = 'x'`))).toMatch(/permission denied/);
    expect(await refusal(rows(SYSTEM_SCOPE, sql`delete from audit_log`))).toMatch(/permission denied/);
    const inserted = await rows(
      SYSTEM_SCOPE,
      sql`insert into audit_log (action, subject_type) values ('test.append', 'test') returning id`,
    );
    expect(inserted).toHaveLength(1);
  });
});

/** Both drivers answer `execute` with `{ rows }`; drizzle types it per driver. */
function rowsOf(result: unknown): Record<string, unknown>[] {
  return (result as { rows: Record<string, unknown>[] }).rows;
}
