// The per-request cost of the bearer check (`plugins/authenticate.ts`): GET /v1/me in process
// (`app.inject`, no sockets), 10 requests in flight, on a real PostgreSQL server (BENCH_DATABASE_URL, else
// TEST_DATABASE_URL / the local server) and on the embedded PGlite. The check reads the user, the cache
// versions and whether the token's session is still open in one query; the figures show what that
// query costs, with a session that has rotated many times (a long refresh family) as the worst case,
// and prints the plan of that probe with its buffer reads (a figure the machine's load does not move).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { createPostgresDatabase, redact } from './support/postgres.mjs';
import { sql } from 'drizzle-orm';

import { loadConfig } from '../apps/api/src/config/env.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { refreshTokens } from '../apps/api/src/db/schema.ts';
import { startRuntime } from '../apps/api/src/runtime.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const IN_FLIGHT = 10;
/** Rows of one family: a session refreshed every 15 minutes for 30 days. */
const FAMILY_ROWS = 2880;
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const pgDatabase = await createPostgresDatabase(serverUrl, `leasing_bench_auth_${process.pid}`);
if (pgDatabase) {
  try {
    await benchTarget('PostgreSQL', { kind: 'postgres', url: pgDatabase.url });
  } finally {
    await pgDatabase.drop();
  }
} else console.log(`PostgreSQL: skipped (no server at ${redact(serverUrl)})`);
await benchTarget('PGlite', { kind: 'pglite', dataDir: null });

async function benchTarget(name, target) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-bench-auth-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    DEMO_CATALOG_SIZE: '20',
    LOG_LEVEL: 'silent',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  });
  const database = await openDatabase(target);
  const runtime = await startRuntime(config, { database, startJobs: false });
  try {
    const { app } = runtime;
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { username: 'max.mustermann@example.com', password: 'Demo-Passwort-1' },
    });
    const { accessToken, refreshToken } = login.json();
    const headers = { authorization: `Bearer ${accessToken}` };
    console.log(`\n${name}`);
    report('GET /v1/me, fresh session', await load(app, headers));
    const session = await lengthenFamily(database.db, refreshToken);
    report(`GET /v1/me, family of ${FAMILY_ROWS + 1} rows`, await load(app, headers));
    // Load-independent: what the session probe reads, for the open session and once it is revoked.
    await explainProbe(database.db, session);
    await app.inject({ method: 'POST', url: '/v1/auth/logout', payload: { refreshToken } });
    await explainProbe(database.db, session, 'after logout');
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Adds used (rotated) rows to the session's family, as 30 days of refreshes would. */
async function lengthenFamily(db, refreshToken) {
  const hash = crypto.createHash('sha256').update(refreshToken).digest('hex');
  const rows = await db.select().from(refreshTokens);
  const own = rows.find((row) => row.tokenHash === hash);
  if (!own) throw new Error('the session was not found');
  const values = Array.from({ length: FAMILY_ROWS }, () => ({
    familyId: own.familyId,
    userId: own.userId,
    tokenHash: crypto.randomBytes(32).toString('hex'),
    familyExpiresAt: own.familyExpiresAt,
    usedAt: new Date(),
    createdAt: new Date(),
  }));
  for (let i = 0; i < values.length; i += 500) await db.insert(refreshTokens).values(values.slice(i, i + 500));
  await db.execute(sql`analyze refresh_tokens`);
  return own;
}

/** The plan of the per-request session probe (the `exists` of `findRequestUser`), with its buffer reads. */
async function explainProbe(db, session, label = 'open session') {
  const result = await db.execute(sql`explain (analyze, buffers, costs off, timing off, summary off)
    select exists (select 1 from refresh_tokens
      where family_id = ${session.familyId}::uuid and user_id = ${session.userId}::uuid
        and revoked_at is null and family_expires_at > now())`);
  const lines = (result.rows ?? result).map((row) => Object.values(row)[0]);
  console.log(`  session probe, ${label}:\n${lines.map((line) => `    ${line}`).join('\n')}`);
}

async function load(app, headers) {
  const run = async (count) => {
    const latencies = [];
    let next = 0;
    let failures = 0;
    const worker = async () => {
      while (next < count) {
        next++;
        const started = process.hrtime.bigint();
        const response = await app.inject({ method: 'GET', url: '/v1/me', headers });
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
        if (response.statusCode !== 200) failures++;
      }
    };
    const started = process.hrtime.bigint();
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    return { latencies, failures, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  };
  await run(500); // warm-up: JIT, prepared statements, pool
  return run(REQUESTS);
}

function report(label, { latencies, failures, seconds }) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  console.log(
    `  ${label.padEnd(36)} p50 ${pct(50).toFixed(2)} ms  p95 ${pct(95).toFixed(2)} ms  p99 ${pct(99).toFixed(2)} ms  ` +
      `${Math.round(latencies.length / seconds)} req/s  (${latencies.length} requests, ${failures} not 200)`,
  );
}
