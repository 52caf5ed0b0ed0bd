import fs from 'node:fs';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from './client.js';
import { auditLog } from './schema.js';
import { databaseTargets, openTestDatabase } from '../test-support/harness.js';

describe.each(databaseTargets())('migrations on %s', (target) => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    opened = await openTestDatabase(target);
  });
  afterAll(async () => {
    await opened.database.close();
    await opened.dropDatabase();
  });

  it('applies cleanly and is idempotent', async () => {
    await opened.database.migrate();
    await opened.database.migrate();
    const result = await opened.database.db.execute(sql`select count(*)::int as n from tenants`);
    expect(rowsOf(result)[0]).toEqual({ n: 0 });
  });

  it.runIf(target === 'postgres')('lets several instances migrate at once without collisions', async () => {
    const fresh = await openTestDatabase('postgres');
    const others = await Promise.all(
      Array.from({ length: 3 }, () => openDatabase({ kind: 'postgres', url: fresh.url ?? '' })),
    );
    try {
      await Promise.all([fresh.database, ...others].map((handle) => handle.migrate()));
      const result = await fresh.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect(rowsOf(result)[0]).toEqual({ n: migrationCount() });
    } finally {
      await Promise.all(others.map((handle) => handle.close()));
      await fresh.database.close();
      await fresh.dropDatabase();
    }
  });

  it.runIf(target === 'postgres')(
    'waits for an instance that holds the start-up lock longer than any request may take',
    async () => {
      const fresh = await openTestDatabase('postgres');
      const holder = new pg.Client({ connectionString: fresh.url });
      await holder.connect();
      try {
        await holder.query('SELECT pg_advisory_lock(7362001)');
        // Longer than the pool's statement (4 s) and query (5 s) timeouts.
        const release = setTimeout(() => void holder.query('SELECT pg_advisory_unlock(7362001)'), 6_500);
        const started = Date.now();
        await fresh.database.migrate();
        clearTimeout(release);
        expect(Date.now() - started).toBeGreaterThanOrEqual(6_000);
        const result = await fresh.database.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(rowsOf(result)[0]).toEqual({ n: migrationCount() });
      } finally {
        await holder.end();
        await fresh.database.close();
        await fresh.dropDatabase();
      }
    },
    30_000,
  );

  it('keeps the audit log append-only', async () => {
    const db = opened.database.db;
    await db.insert(auditLog).values({ action: 'test', subjectType: 'user', fields: ['a'] });
    // Refused by the application role's grants, and by the trigger for any role that has them.
    await expect(causeOf(db.execute(sql`update audit_log set action = 'changed'`))).resolves.toMatch(
      /append-only|permission denied/,
    );
    await expect(causeOf(db.execute(sql`delete from audit_log`))).resolves.toMatch(/append-only|permission denied/);
    const rows = await db.select().from(auditLog);
    expect(rows).toHaveLength(1);
  });
});

/** drizzle wraps driver errors; the database's own message is the cause. */
async function causeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'no error';
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? error);
  }
}

/** Migrations in the journal: each applied exactly once however many instances raced. */
function migrationCount(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.resolve(import.meta.dirname, '../../drizzle/meta/_journal.json'), 'utf8'),
  ) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Both drivers answer raw queries with `{ rows }`. */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}
