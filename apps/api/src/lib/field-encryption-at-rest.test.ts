import { execFileSync } from 'node:child_process';

import { buildAddress, buildSalaryInfo } from '@leasing/contract/test-support';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { APPLICATION_DB_ROLE } from '../db/scope.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../test-support/harness.js';
import { pickOffer, placeOrder } from '../test-support/order-fixtures.js';

/**
 * Security checklist 24, from the outside: whoever takes a copy of the database (a backup, a dump, a
 * stolen disk) without DATA_ENCRYPTION_KEY reads no salary figure and no net rate. On PostgreSQL the
 * copy is `pg_dump` itself; the embedded database has no such tool, so every table is read whole as
 * its owner, which is what a dump does.
 */
describe.each(databaseTargets())('field-level encryption at rest on %s', (target) => {
  let t: TestApp;
  let token: string;
  /** Plaintext that must not appear in the copy, each as a pattern that a hex byte string cannot match. */
  const secrets: { name: string; pattern: RegExp }[] = [];
  /** Stored in plaintext on purpose (which package was ordered): shows the copy is readable. */
  let orderedPackageId = '';
  const decimal = (value: number) => new RegExp(`(?<![\\d.])${String(value).replace('.', '\\.')}(?!\\d)`);

  beforeAll(async () => {
    t = await createTestApp(target);
    token = (await loginAs(t.app)).accessToken;
    const salaryInfo = buildSalaryInfo({
      grossMonthlySalaryEur: 7345.67,
      dateOfBirth: '1979-03-17',
      spouseFactor: null,
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v1/user/info',
      headers: bearer(token),
      payload: { addressDto: buildAddress(), salaryInfo },
    });
    expect(saved.statusCode).toBe(200);
    secrets.push({ name: 'gross salary', pattern: /7345[.,]67/ }, { name: 'date of birth', pattern: /1979-03-17/ });

    const offer = await pickOffer(t.app, token);
    orderedPackageId = offer.leasePackageId;
    const orderId = await placeOrder(t.app, token, offer);
    const order = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/order/${orderId}`,
        headers: bearer(token),
      })
    ).json<{
      taxResult: { userPrice: number; before: Record<string, unknown>; after: Record<string, unknown> };
    }>();
    // The net rate the employee sees, and the take-home pay before and after, as the order froze them
    // (figures with cents only: a whole number could be anything in a dump).
    const figures = {
      'net rate': order.taxResult.userPrice,
      'take-home before': order.taxResult.before['takeHome'],
      'take-home after': order.taxResult.after['takeHome'],
    };
    for (const [name, value] of Object.entries(figures)) {
      if (typeof value === 'number' && value % 1 !== 0) secrets.push({ name, pattern: decimal(value) });
    }
    expect(secrets.map((secret) => secret.name)).toContain('net rate');
  });
  afterAll(async () => {
    await t.close();
  });

  const copyOfTheDatabase = async (): Promise<string> => {
    const db = t.runtime.database.db;
    if (target === 'postgres') {
      const name = (await db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      };
      const url = new URL(process.env['TEST_DATABASE_URL'] ?? '');
      url.pathname = `/${name.rows[0]?.name}`;
      return execFileSync('pg_dump', ['--data-only', '--dbname', url.toString()], {
        encoding: 'utf8',
        maxBuffer: 1 << 28,
      });
    }
    return db.transaction(async (tx) => {
      await tx.execute(sql`reset role`);
      const tables = (await tx.execute(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      )) as unknown as { rows: { tablename: string }[] };
      const lines: string[] = [];
      for (const { tablename } of tables.rows) {
        const rows = (await tx.execute(
          sql.raw(`select row_to_json(t)::text as line from "${tablename}" t`),
        )) as unknown as {
          rows: { line: string }[];
        };
        lines.push(`-- ${tablename}`, ...rows.rows.map((row) => row.line));
      }
      await tx.execute(sql`select set_config('role', ${APPLICATION_DB_ROLE}, false)`);
      return lines.join('\n');
    });
  };

  it('holds no salary figure and no net rate in plaintext', async () => {
    const copy = await copyOfTheDatabase();
    // The copy is complete: the profile and the order are in it, as ciphertext.
    expect(copy).toMatch(/salary_profiles/);
    expect(orderedPackageId).toMatch(/^[0-9a-f-]{36}$/);
    expect(copy).toContain(orderedPackageId);
    expect(copy.length).toBeGreaterThan(10_000);
    const found = secrets.filter((secret) => secret.pattern.test(copy)).map((secret) => secret.name);
    expect(found).toEqual([]);
  });
});
