// A provider's real size (`npm run bench -- scale`): the same requests on the demo data and on the
// generated data (modules/demo/scale.ts: 300 employers, 60,000 people, 20,000 leases by default),
// p50/p95 of each and the ratio of the p95s. The generated database is made once on the PostgreSQL
// server (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local server) as `leasing_bench_scale`
// and reused while its keys (kept in the system's temp folder) are there; the demo data gets a fresh
// database per run. Requests go through the whole app in-process (app.inject: routing, sign-in,
// scope, database, serialisation), one at a time.
// Targets: every paged list p95 ≤ 2× its demo figure; overview and dashboard p95 ≤ 200 ms; each export
// (the large employer's payroll as JSON, CSV and DATEV, 10,000 rows; the provider's order export; the
// data export of a person with many documents) ≤ 3 s with the process's memory growing by < 100 MB,
// downloaded over a socket as a client reads a stream (ADR 0041). BENCH_SCALE_DB names the database.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import pg from 'pg';

import { loadConfig } from '../apps/api/src/config/env.ts';
import { DEMO_ACCOUNTS } from '../apps/api/src/modules/demo/accounts.ts';
import { SCALE_PASSWORD, scaleDataPresent, seedScale } from '../apps/api/src/modules/demo/scale.ts';
import { startRuntime } from '../apps/api/src/runtime.ts';
import { bearer, loginAs } from '../apps/api/src/test-support/harness.ts';
import { createPostgresDatabase, redact } from './support/postgres.mjs';

const SIZE = {
  employers: Number(process.env.BENCH_SCALE_EMPLOYERS ?? 300),
  employees: Number(process.env.BENCH_SCALE_EMPLOYEES ?? 60_000),
  leases: Number(process.env.BENCH_SCALE_LEASES ?? 20_000),
};
// The baseline: the demo data with a small provider generated the same way (every list has a full
// first page of rows to build, as at size), so a ratio measures what size costs, not an empty list.
const SMALL = { employers: 50, employees: 500, leases: 100 };
// 100 answers a request: the p95 of 30 was the second slowest answer, one pause away from another figure.
const RUNS = Number(process.env.BENCH_SCALE_RUNS ?? 100);
// BENCH_SCALE_SKIP_PAYROLL=1: the lists alone (the exports take a while on a busy machine).
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
  {
    name: 'admin orders first page',
    as: 'provider',
    url: () => '/v1/admin/orders?view=all&page=1&pageSize=25',
    target: 'list',
  },
  {
    name: 'admin orders HR all',
    as: 'hr',
    url: () => '/v1/admin/orders?view=all&page=1&pageSize=25',
    target: 'list',
  },
  {
    name: 'admin orders open',
    as: 'hr',
    url: () => '/v1/admin/orders?view=open&page=1&pageSize=25',
    target: 'list',
    // The demo employer has next to no order waiting for HR: its demo page is (nearly) empty, and an
    // empty page against a full one measures the building of 25 rows, not the size. Where the demo
    // page is short, the same admin's full page of the same list on the demo data is the baseline.
    fullPageBaseline: 'admin orders HR all',
  },
  {
    name: 'admin orders search',
    as: 'provider',
    url: () => `/v1/admin/orders?view=all&q=${encodeURIComponent('müller')}&pageSize=25`,
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
    const own = demoFigures[r.name];
    const s = scaleFigures[r.name];
    const short = r.fullPageBaseline && own.items < s.items;
    const d = short ? demoFigures[r.fullPageBaseline] : own;
    const ratio = s.p95 / d.p95;
    const ok = s.failed === 0 && (r.target === 'list' ? ratio <= 2 : s.p95 <= 200);
    const target = r.target === 'list' ? '≤ 2×' : '≤ 200 ms';
    console.log(
      `${r.name.padEnd(26)} ${fmt(d.p50)} / ${fmt(d.p95)}    ${fmt(s.p50)} / ${fmt(s.p95)}    ${ratio.toFixed(2).padStart(6)}×  ${target} ${ok ? 'met' : 'MISSED'}` +
        (short
          ? `  (demo: ${r.fullPageBaseline}; its own demo page had ${own.items} rows, p95 ${own.p95.toFixed(1)} ms, ${(s.p95 / own.p95).toFixed(2)}×)`
          : ''),
    );
  }
  if (!global.gc) console.log('\n(run with node --expose-gc, as `npm run bench` does: without it no download starts settled)');
  console.log(
    '\nexport (generated data)            lines / bytes           best / worst ms    growth: rss / heap  (3 back to back)  target',
  );
  for (const e of scaleFigures.exports ?? []) {
    const grew = Math.max(e.rssGrowthMb, e.heapGrowthMb);
    const ok = e.failed === 0 && e.worst <= 3000 && grew < 100;
    console.log(
      `${e.name.padEnd(34)} ${`${e.rows} / ${e.bytes}`.padEnd(22)} ${fmt(e.best)} / ${fmt(e.worst)}   ` +
        `+${e.rssGrowthMb.toFixed(0).padStart(3)} / +${e.heapGrowthMb.toFixed(0).padStart(3)} MB  (heap +${e.backToBackHeapMb.toFixed(0)} MB)   ` +
        `${ok ? 'met' : 'MISSED'} (≤ 3000 ms, < 100 MB)${e.failed ? `, ${e.failed} answers not 200` : ''}`,
    );
  }
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
    if (!generated) await seedScale(runtime.database.db, app.orderDeps.cipher, SMALL);
    else if (!(await scaleDataPresent(runtime.database.db))) {
      console.log(`generating ${JSON.stringify(SIZE)} (once; reused by later runs) …`);
      const summary = await seedScale(runtime.database.db, app.orderDeps.cipher, SIZE);
      console.log(`generated in ${(summary.millis / 1000).toFixed(1)} s`);
    }
    // Both databases get fresh statistics as the server's user, as autovacuum would on a production server.
    await runtime.database.refreshStatistics();
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
      let items = 0;
      // Each request's answers start from a settled heap: the garbage of the request before (the
      // overview's at size is large) is not collected in the middle of this one's.
      global.gc?.();
      for (let i = 0; i < RUNS + 3; i++) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: bearer(tokens[r.as]) });
        const elapsed = performance.now() - started;
        if (response.statusCode !== 200) failed++;
        else items = response.json().items?.length ?? 0;
        if (i >= 3) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      figures[r.name] = { p50: quantile(times, 0.5), p95: quantile(times, 0.95), failed, items };
      console.log(
        `  ${r.name}: p50 ${figures[r.name].p50.toFixed(1)} ms, p95 ${figures[r.name].p95.toFixed(1)} ms, ${items} rows` +
          (failed ? `, ${failed} answers not 200` : ''),
      );
    }
    if (generated && !SKIP_PAYROLL) figures.exports = await exports(app, runtime.database.db, tokens);
    return figures;
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The exports of the generated data, each downloaded three times over a socket and read as a client
 * reads a stream (bytes and lines counted, nothing kept): the best and worst time, and how far the
 * process's resident memory and its heap (garbage included) rose above what they were before.
 * Each download starts from a settled heap (a full collection first, as V8's memory reducer makes
 * in an idle server), and the worst of the three is the figure. Without that, V8 lets the garbage of
 * one download stand until its old generation has grown to about three times its size, and the next
 * download's figure carries it: the figure "three back to back" shows that too. The client runs in
 * the same process, so its socket buffers count as well.
 */
async function exports(app, db, tokens) {
  const person = await personWithManyDocuments(db);
  const personToken = (await loginAs(app, person.email, SCALE_PASSWORD)).accessToken;
  const downloads = [
    { name: 'payroll JSON (large employer)', url: `/v1/tenant/payroll/${month}`, token: tokens.hr },
    { name: 'payroll CSV (large employer)', url: `/v1/tenant/payroll/${month}.csv`, token: tokens.hr },
    { name: 'payroll DATEV (large employer)', url: `/v1/tenant/payroll/${month}/datev`, token: tokens.hr },
    { name: 'provider order export (CSV)', url: '/v1/provider/orders/export.csv', token: tokens.provider },
    { name: `data export (${person.documents} documents)`, url: '/v1/user/export', token: personToken },
  ];
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const figures = [];
  for (const d of downloads) {
    const times = [];
    let failed = 0;
    let last = { lines: 0, bytes: 0 };
    let rssGrowth = 0;
    let heapGrowth = 0;
    for (let i = 0; i < 3; i++) {
      const grown = await measuredGrowth(async () => {
        const started = performance.now();
        last = await download(`${address}${d.url}`, d.token);
        times.push(performance.now() - started);
        if (last.status !== 200) failed++;
      });
      rssGrowth = Math.max(rssGrowth, grown.rss);
      heapGrowth = Math.max(heapGrowth, grown.heap);
    }
    // The same three downloads back to back, the heap left as it is between them.
    const backToBack = await measuredGrowth(async () => {
      for (let i = 0; i < 3; i++) await download(`${address}${d.url}`, d.token);
    });
    figures.push({
      name: d.name,
      rows: last.lines,
      bytes: last.bytes,
      best: Math.min(...times),
      worst: Math.max(...times),
      rssGrowthMb: rssGrowth / 2 ** 20,
      heapGrowthMb: heapGrowth / 2 ** 20,
      backToBackHeapMb: backToBack.heap / 2 ** 20,
      failed,
    });
  }
  return figures;
}

/** How far resident memory and heap rose above a settled start while `work` ran (sampled every 10 ms). */
async function measuredGrowth(work) {
  global.gc?.();
  const before = process.memoryUsage();
  let rss = before.rss;
  let heap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 10);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return { rss: rss - before.rss, heap: heap - before.heapUsed };
}

/** Reads the answer's body as it arrives, counting its bytes and line ends. */
function download(url, token) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { authorization: `Bearer ${token}` } }, (response) => {
        let bytes = 0;
        let lines = 0;
        response.on('data', (chunk) => {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        });
        response.on('end', () => resolve({ status: response.statusCode, bytes, lines }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

/** A generated person with many documents: the one with the most orders, given 5,000 documents once. */
async function personWithManyDocuments(db) {
  const MANY = 5000;
  const [found] = (
    await db.execute(sql`
      select u.email, min(o.id) as order_id, (select count(*) from order_documents d join orders o2 on o2.id = d.order_id
        where o2.user_id = u.id) as documents
      from users u join orders o on o.user_id = u.id
      where u.email like 'p%@%' group by u.id, u.email order by count(o.id) desc, u.email limit 1`)
  ).rows;
  let documents = Number(found.documents);
  if (documents < MANY) {
    await db.execute(sql`
      insert into order_documents (order_id, name, kind, pdf, created_at)
      select ${found.order_id}, 'Dokument ' || n || '.pdf', 'FINAL_STATEMENT', '\\x255044462d312e37'::bytea,
        now() - make_interval(secs => n)
      from generate_series(1, ${MANY - documents}) as n`);
    documents = MANY;
  }
  return { email: found.email, documents };
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
