// The scheduled jobs at a provider's real size (`npm run bench -- jobs`): one full pass of every
// whole-database job (order expiry and breaking changes, reconciliation of provider cases, retention,
// lease-end reminders) over the generated data (modules/demo/scale.ts: 300 employers, 60,000 people,
// 20,000 leases), each job's duration, and the p50/p95 of a simple signed-in request (`GET /v1/me`,
// one after the other through the whole app in-process, on the same event loop and connection pool as
// the jobs) without a pass and during it, with the event loop's delay. Target: the pass < 60 s, and
// requests not held up by it (decision 0043).
//
// The generated data has no mail, sessions or codes yet; the bench adds what a month of use leaves
// behind (below, `addUsage`): mails, refresh tokens, one-time codes, second-factor challenges,
// idempotency keys, half of each past its retention, and provider cases waiting for their outcome;
// and half the open orders are past their time (`ageOpenOrders`).
// That database is made once on the PostgreSQL server (BENCH_DATABASE_URL, else TEST_DATABASE_URL,
// else the local server) as `leasing_bench_jobs` and reused while its keys (in the system's temp
// folder) are there; every run works on a copy (CREATE DATABASE … TEMPLATE), as a pass changes it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import pg from 'pg';

import { loadConfig } from '../apps/api/src/config/env.ts';
import { runAsSystem } from '../apps/api/src/db/scope.ts';
import { runLeaseReminders } from '../apps/api/src/modules/lease-end/reminders.ts';
import { seedScale } from '../apps/api/src/modules/demo/scale.ts';
import { reconcileCases, runOrderChecks } from '../apps/api/src/modules/orders/service.ts';
import { runRetention } from '../apps/api/src/modules/privacy/retention.ts';
import { startRuntime } from '../apps/api/src/runtime.ts';
import { bearer, loginAs } from '../apps/api/src/test-support/harness.ts';
import { redact } from './support/postgres.mjs';

const SIZE = {
  employers: Number(process.env.BENCH_SCALE_EMPLOYERS ?? 300),
  employees: Number(process.env.BENCH_SCALE_EMPLOYEES ?? 60_000),
  leases: Number(process.env.BENCH_SCALE_LEASES ?? 20_000),
};
/** Requests measured without a pass (the pass measures as many as fit in its duration). */
const BASELINE_REQUESTS = Number(process.env.BENCH_JOBS_REQUESTS ?? 300);
const BATCH_SIZE = process.env.BENCH_JOBS_BATCH_SIZE ? Number(process.env.BENCH_JOBS_BATCH_SIZE) : undefined;
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TEMPLATE_DB = 'leasing_bench_jobs';
const RUN_DB = `leasing_bench_jobs_run_${process.pid}`;
const stateDir = path.join(os.tmpdir(), 'leasing-bench-jobs');
const secretsFile = path.join(stateDir, `secrets-${SIZE.employers}-${SIZE.employees}-${SIZE.leases}.json`);

const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
try {
  await admin.connect();
} catch {
  console.log(`PostgreSQL: no server at ${redact(serverUrl)}; the jobs bench needs one`);
  process.exit(0);
}
try {
  await ensureTemplate();
  await admin.query(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${RUN_DB} TEMPLATE ${TEMPLATE_DB}`);
  try {
    await ageOpenOrders(databaseUrl(RUN_DB));
    await measure(databaseUrl(RUN_DB), JSON.parse(fs.readFileSync(secretsFile, 'utf8')));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
  }
} finally {
  await admin.end();
}

function databaseUrl(name) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startApp(url, secrets) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-bench-jobs-'));
  const config = loadConfig({
    ...process.env,
    ...secrets,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });
  const runtime = await startRuntime(config, { startJobs: false });
  return {
    runtime,
    close: async () => {
      await runtime.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The generated database with a month of use, made once and reused while its keys are there. */
async function ensureTemplate() {
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [TEMPLATE_DB])).rowCount > 0;
  if (exists && fs.existsSync(secretsFile)) return;
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const secrets = {
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
  const app = await startApp(databaseUrl(TEMPLATE_DB), secrets);
  try {
    console.log(`generating ${JSON.stringify(SIZE)} (once; reused by later runs) …`);
    const summary = await seedScale(app.runtime.database.db, app.runtime.app.orderDeps.cipher, SIZE);
    console.log(`generated in ${(summary.millis / 1000).toFixed(1)} s`);
  } finally {
    await app.close();
  }
  const owner = new pg.Client({ connectionString: databaseUrl(TEMPLATE_DB) });
  await owner.connect();
  try {
    await addUsage(owner);
    await owner.query('ANALYZE');
  } finally {
    await owner.end();
  }
  fs.mkdirSync(stateDir, { recursive: true });
  fs.writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
}

/**
 * What a month of use leaves behind, written as the database's owner: two mails per person (half
 * sent more than 30 days ago), a refresh token per person and rotation (half of the sessions past
 * their 30 days), a spent or live code for every second person, second-factor challenges, yesterday's
 * idempotency keys, and a pending signature case for every order waiting for its signature.
 */
async function addUsage(db) {
  const started = performance.now();
  await db.query(`
    INSERT INTO outbox (kind, recipient, subject, text_body, html_body, created_at, status, sent_at)
    SELECT 'LEASE_END', 'person' || n || '@example.com', 'Ihr Leasing', repeat('Text ', 40), repeat('<p>Text</p>', 20),
           now() - (n % 60) * interval '1 day' - interval '1 hour', 'SENT', now() - (n % 60) * interval '1 day'
    FROM generate_series(1, 120000) n`);
  await db.query(`
    WITH people AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users)
    INSERT INTO refresh_tokens (family_id, user_id, token_hash, created_at, family_expires_at, used_at)
    SELECT gen_random_uuid(), id, 'bench-' || n || '-' || r, now() - interval '40 days' + (n % 60) * interval '1 day',
           now() - interval '10 days' + (n % 60) * interval '1 day', CASE WHEN r < 2 THEN now() END
    FROM people, generate_series(0, 2) r`);
  await db.query(`
    WITH people AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users WHERE email_confirmed_at IS NOT NULL)
    INSERT INTO one_time_codes (user_id, purpose, code_hash, created_at, expires_at, used_at)
    SELECT id, 'PASSWORD_RESET', 'bench-' || n, now() - interval '3 days',
           now() + CASE WHEN n % 4 = 0 THEN interval '1 day' ELSE interval '-1 day' END,
           CASE WHEN n % 4 = 1 THEN now() - interval '2 days' END
    FROM people WHERE n % 2 = 0`);
  await db.query(`
    INSERT INTO mfa_challenges (user_id, token_hash, created_at, expires_at)
    SELECT id, 'bench-' || id, now() - interval '2 hours', now() - interval '115 minutes' FROM users LIMIT 5000`);
  await db.query(`
    INSERT INTO idempotency_keys (user_id, key, operation, created_at, answer)
    SELECT user_id, 'bench-' || id, 'order.create', now() - interval '2 days', jsonb_build_object('orderId', id)
    FROM orders LIMIT 5000`);
  await db.query(`
    INSERT INTO ident_cases (order_id, step_id, kind, provider_case_id, status, created_at, updated_at)
    SELECT o.id, s.id, 'SIGN', 'bench-' || o.id, 'PENDING', now() - interval '1 hour', now() - interval '1 hour'
    FROM orders o JOIN step_definitions s ON s.step_type = 'NECT_SIGN'
    WHERE o.status = 'NECT_SIGN'`);
  console.log(`usage added in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Generated open orders are at most 20 days old, inside the 30 days they may wait for the signature:
 * half of them are made a month older, the backlog of an expiry job that did not run for a while.
 */
async function ageOpenOrders(url) {
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    await owner.query(`
      UPDATE orders SET created_at = created_at - interval '30 days'
      WHERE status IN ('CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN') AND id % 2 = 0`);
  } finally {
    await owner.end();
  }
}

async function measure(url, secrets) {
  const app = await startApp(url, secrets);
  const { runtime } = app;
  try {
    // Reconciliation asks the provider: the simulator on this server.
    await runtime.app.listen({ port: 0, host: '127.0.0.1' });
    const deps = runtime.app.orderDeps;
    const token = (await loginAs(runtime.app)).accessToken;
    const request = async () => {
      const started = performance.now();
      const response = await runtime.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(token) });
      if (response.statusCode !== 200) throw new Error(`GET /v1/me: ${response.statusCode}`);
      return performance.now() - started;
    };
    for (let i = 0; i < 20; i++) await request();
    const alone = [];
    for (let i = 0; i < BASELINE_REQUESTS; i++) alone.push(await request());

    const options = BATCH_SIZE ? { batchSize: BATCH_SIZE } : {};
    const jobs = [
      ['orders.checks (expiry, breaking changes)', () => runOrderChecks(deps, options)],
      ['orders.reconcile-cases', () => reconcileCases(deps, options)],
      ['privacy.retention', () => runAsSystem(() => runRetention({ db: deps.db, clock: deps.clock }, options))],
      ['lease-end.reminders', () => runLeaseReminders(deps, options)],
    ];
    const first = await pass('first pass', jobs, request);
    const second = await pass('second pass', jobs, request);

    console.log(`\nbatch size: ${BATCH_SIZE ?? 'default (500)'}`);
    console.log('job                                        first pass ms   second pass ms   result of the first');
    for (const [name] of jobs) {
      const a = first.jobs[name];
      const b = second.jobs[name];
      console.log(
        `${name.padEnd(42)} ${a.ms.toFixed(0).padStart(13)}   ${b.ms.toFixed(0).padStart(14)}   ${JSON.stringify(a.result)}`,
      );
    }
    console.log(
      `full pass: ${(first.ms / 1000).toFixed(1)} s (second ${(second.ms / 1000).toFixed(1)} s): ` +
        `${first.ms < 60_000 ? 'met' : 'MISSED'} (< 60 s)`,
    );
    const row = (label, times, loop) =>
      console.log(
        `${label.padEnd(28)} ${String(times.length).padStart(6)}   ${fmt(quantile(times, 0.5))} / ${fmt(quantile(times, 0.95))}` +
          (loop
            ? `   event loop delay p99 ${(loop.p99 / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`
            : ''),
      );
    console.log('\nGET /v1/me                   count   p50 / p95 ms');
    row('without a pass', alone);
    row('during the first pass', first.requests, first.loop);
    row('during the second pass', second.requests, second.loop);
  } finally {
    await app.close();
  }
}

/** Runs every job once, in turn, while requests go on one after the other. */
async function pass(label, jobs, request) {
  const requests = [];
  let running = true;
  const load = (async () => {
    while (running) requests.push(await request());
  })();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = performance.now();
  const figures = {};
  try {
    for (const [name, job] of jobs) {
      const jobStarted = performance.now();
      const result = await job();
      figures[name] = { ms: performance.now() - jobStarted, result };
      console.log(`  ${label}: ${name} ${(figures[name].ms / 1000).toFixed(1)} s ${JSON.stringify(result)}`);
    }
  } finally {
    running = false;
    await load;
    loop.disable();
  }
  return {
    ms: performance.now() - started,
    jobs: figures,
    requests,
    loop: { p99: loop.percentile(99), max: loop.max },
  };
}

function fmt(ms) {
  return ms.toFixed(1).padStart(6);
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
