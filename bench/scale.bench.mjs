// A provider's real size (`npm run bench -- scale`): the same requests on the demo data and on the
// generated data (modules/demo/scale.ts: 300 employers, 60,000 people, 20,000 leases by default),
// p50/p95 of each and the ratio of the p95s. The generated database is made once on the PostgreSQL
// server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server) as `leasing_bench_scale`
// and reused while its keys (kept in the system's temp folder) are there; the demo data gets a fresh
// database per run. Requests go through the whole app in-process (app.inject: routing, sign-in,
// scope, database, serialisation), one at a time.
// Targets: every paged list p95 ≤ 2× its demo figure; overview and dashboard p95 ≤ 200 ms; the payroll
// CSV of the large employer (10,000 rows) ≤ 3 s with the process's memory growing by < 100 MB.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { loadConfig } from '../apps/api/src/config/env.ts';
import { DEMO_ACCOUNTS } from '../apps/api/src/modules/demo/accounts.ts';
import { scaleDataPresent, seedScale } from '../apps/api/src/modules/demo/scale.ts';
import { startRuntime } from '../apps/api/src/runtime.ts';
import { bearer, loginAs } from '../apps/api/src/test-support/harness.ts';
import { createPostgresDatabase, redact } from './support/postgres.mjs';

const SIZE = {
  employers: Number(process.env.BENCH_SCALE_EMPLOYERS ?? 300),
  employees: Number(process.env.BENCH_SCALE_EMPLOYEES ?? 60_000),
  leases: Number(process.env.BENCH_SCALE_LEASES ?? 20_000),
};
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 30);
// BENCH_SCALE_SKIP_PAYROLL=1: the lists alone (the payroll CSV takes a while on a busy machine).
const SKIP_PAYROLL = process.env.BENCH_SCALE_SKIP_PAYROLL === '1';
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// BENCH_SCALE_DB: a database name of one's own when several branches are measured on one server.
const SCALE_DB = process.env.BENCH_SCALE_DB ?? 'leasing_bench_scale';
const stateDir = path.join(os.tmpdir(), 'leasing-bench-scale');
const secretsFile = path.join(stateDir, `secrets-${SCALE_DB}-${SIZE.employers}-${SIZE.employees}-${SIZE.leases}.json`);

const scaleUrl = await scaleDatabase();
if (!scaleUrl) {
  console.log(`PostgreSQL: no server at ${redact(serverUrl)}; the scale bench needs one`);
  process.exit(0);
}
const demo = await createPostgresDatabase(serverUrl, `leasing_bench_demo_${process.pid}`);
const month = new Date().toISOString().slice(0, 7);

const requests = [
  { name: 'provider dashboard', as: 'provider', url: () => '/v1/provider/dashboard', target: 'abs' },
  { name: 'pipeline first page', as: 'provider', url: () => '/v1/provider/orders?page=1&pageSize=25', target: 'list' },
  {
    name: 'pipeline last page',
    as: 'provider',
    url: (c) => `/v1/provider/orders?page=${c.lastPipelinePage}&pageSize=25`,
    target: 'list',
  },
  {
    name: 'pipeline search',
    as: 'provider',
    url: () => `/v1/provider/orders?q=${encodeURIComponent('müller')}&pageSize=25`,
    target: 'list',
  },
  { name: 'HR people first page', as: 'hr', url: () => '/v1/tenant/employees?page=1&pageSize=50', target: 'list' },
  {
    name: 'HR people search',
    as: 'hr',
    url: () => `/v1/tenant/employees?q=${encodeURIComponent('müller')}&pageSize=50`,
    target: 'list',
  },
  { name: 'HR overview', as: 'hr', url: () => '/v1/tenant/overview', target: 'abs' },
  {
    name: 'employers first page',
    as: 'provider',
    url: () => '/v1/provider/tenants?page=1&pageSize=25',
    target: 'list',
  },
  {
    name: 'employers last page',
    as: 'provider',
    url: (c) => `/v1/provider/tenants?page=${c.lastEmployersPage}&pageSize=25`,
    target: 'list',
  },
  {
    name: 'employers search',
    as: 'provider',
    url: () => `/v1/provider/tenants?q=${encodeURIComponent('müller')}&pageSize=25`,
    target: 'list',
  },
  {
    name: 'price lists first page',
    as: 'provider',
    url: () => '/v1/provider/catalog/versions?page=1&pageSize=20',
    target: 'list',
  },
  {
    name: 'price lists search',
    as: 'provider',
    url: () => `/v1/provider/catalog/versions?q=${encodeURIComponent('preisliste-2026')}&pageSize=20`,
    target: 'list',
  },
];

try {
  const secrets = JSON.parse(fs.readFileSync(secretsFile, 'utf8'));
  const demoFigures = await measure('demo', demo.url, freshSecrets(), false);
  const scaleFigures = await measure('generated', scaleUrl, secrets, true);
  console.log('\nrequest                    demo p50/p95 ms     scale p50/p95 ms    p95 ratio  target');
  for (const r of requests) {
    const d = demoFigures[r.name];
    const s = scaleFigures[r.name];
    const ratio = s.p95 / d.p95;
    const ok = s.failed === 0 && (r.target === 'list' ? ratio <= 2 : s.p95 <= 200);
    const target = r.target === 'list' ? '≤ 2×' : '≤ 200 ms';
    console.log(
      `${r.name.padEnd(26)} ${fmt(d.p50)} / ${fmt(d.p95)}    ${fmt(s.p50)} / ${fmt(s.p95)}    ${ratio.toFixed(2).padStart(6)}×  ${target} ${ok ? 'met' : 'MISSED'}`,
    );
  }
  const p = scaleFigures.payroll;
  if (p)
    console.log(
      `\npayroll CSV of the large employer: ${p.rows} rows, ${p.bytes} bytes, best ${p.best.toFixed(0)} ms, worst ${p.worst.toFixed(0)} ms, ` +
        `memory +${p.rssGrowthMb.toFixed(0)} MB (rss), heap peak +${p.heapGrowthMb.toFixed(0)} MB: ` +
        `${p.worst <= 3000 && p.rssGrowthMb < 100 ? 'met' : 'MISSED'} (≤ 3000 ms, < 100 MB)`,
    );
} finally {
  await demo.drop();
}

function fmt(ms) {
  return ms.toFixed(1).padStart(7);
}

function freshSecrets() {
  return {
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
  };
}

async function refreshStatistics(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/** The generated database: reused when it and its keys are there, else made and filled. */
async function scaleDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${SCALE_DB}`;
  try {
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [SCALE_DB])).rowCount > 0;
    if (exists && fs.existsSync(secretsFile)) return url.toString();
    await admin.query(`DROP DATABASE IF EXISTS ${SCALE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${SCALE_DB}`);
    fs.mkdirSync(stateDir, { recursive: true });
    fs.writeFileSync(secretsFile, JSON.stringify(freshSecrets()), { mode: 0o600 });
    return url.toString();
  } finally {
    await admin.end();
  }
}

async function measure(label, databaseUrl, secrets, generated) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-bench-scale-'));
  const config = loadConfig({
    ...process.env,
    ...secrets,
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
  });
  const runtime = await startRuntime(config, { startJobs: false });
  const { app } = runtime;
  try {
    if (generated && !(await scaleDataPresent(runtime.database.db))) {
      console.log(`generating ${JSON.stringify(SIZE)} (once; reused by later runs) …`);
      const summary = await seedScale(runtime.database.db, app.orderDeps.cipher, SIZE);
      console.log(`generated in ${(summary.millis / 1000).toFixed(1)} s`);
    }
    // The generator's own ANALYZE runs as the application role, which owns no table, so PostgreSQL
    // skips every table; where autovacuum is off (as on the test server) the plans then guess. Done
    // here as the server's user, as autovacuum would on a production server.
    if (generated) await refreshStatistics(databaseUrl);
    const tokens = {
      provider: (await loginAs(app, DEMO_ACCOUNTS.providerAdmin)).accessToken,
      hr: (await loginAs(app, DEMO_ACCOUNTS.tenantAdmin)).accessToken,
    };
    const first = await app.inject({
      method: 'GET',
      url: '/v1/provider/orders?pageSize=25',
      headers: bearer(tokens.provider),
    });
    const employers = await app.inject({
      method: 'GET',
      url: '/v1/provider/tenants?pageSize=25',
      headers: bearer(tokens.provider),
    });
    const context = {
      lastPipelinePage: Math.max(1, Math.ceil(first.json().total / 25)),
      lastEmployersPage: Math.max(1, Math.ceil(employers.json().total / 25)),
    };
    const figures = {};
    console.log(`\n${label} data: ${first.json().total} orders`);
    for (const r of requests) {
      const url = r.url(context);
      const times = [];
      let failed = 0;
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: bearer(tokens[r.as]) });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) failed++;
        if (i >= 3) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      figures[r.name] = { p50: quantile(times, 0.5), p95: quantile(times, 0.95), failed };
      console.log(
        `  ${r.name}: p50 ${figures[r.name].p50.toFixed(1)} ms, p95 ${figures[r.name].p95.toFixed(1)} ms` +
          (failed ? `, ${failed} answers not 200` : ''),
      );
    }
    if (generated && !SKIP_PAYROLL) figures.payroll = await payroll(app, tokens.hr);
    return figures;
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The payroll CSV of the large employer, downloaded three times: time and the process's memory growth. */
async function payroll(app, token) {
  global.gc?.();
  const before = process.memoryUsage();
  let heapPeak = before.heapUsed;
  const sampler = setInterval(() => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }, 20);
  const times = [];
  let rows = 0;
  let bytes = 0;
  let rssPeak = before.rss;
  try {
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const response = await app.inject({
        method: 'GET',
        url: `/v1/tenant/payroll/${month}.csv`,
        headers: bearer(token),
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`payroll: ${response.statusCode} ${response.body.slice(0, 200)}`);
      rows = response.body.split('\r\n').filter((l) => l.length > 0).length - 1;
      bytes = response.rawPayload.length;
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }
  } finally {
    clearInterval(sampler);
  }
  return {
    rows,
    bytes,
    best: Math.min(...times),
    worst: Math.max(...times),
    rssGrowthMb: (rssPeak - before.rss) / 2 ** 20,
    heapGrowthMb: (heapPeak - before.heapUsed) / 2 ** 20,
  };
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
