// API latency under load (autocannon): GET /v1/search with personal rates on every vehicle, and
// GET /v1/lease-packages/{id}/tax, with DEMO_CATALOG_SIZE=1000 and the demo employee's complete
// profile. Runs against a real PostgreSQL server (BENCH_DATABASE_URL, else a fresh database on the
// TEST_DATABASE_URL / local server) and against the embedded PGlite.
// Targets: search p97.5 ≤ 30 ms at 10 connections; tax p97.5 ≤ 5 ms; and search p95 at most 1.5
// times that of a static file of the identical bytes served by the same process (the answer is prepared
// once: what is left is the per-request work of a signed-in call).
// BENCH_PHASES=1: the server runs outside production with SERVER_TIMING=true and each route's latency
// is broken down by phase (authentication, scope, programme, profile, answer; ADR 0044).
// A provider's real size: BENCH_API_DATABASE_URL names a database made by `npm run seed:scale` (used as
// it is, with the JWT_SECRET and DATA_ENCRYPTION_KEY of the environment), BENCH_API_DATA_DIR a PGlite
// DATA_DIR made the same way (copied first, so it stays as it was).
import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { createPostgresDatabase, redact } from './support/postgres.mjs';
import { collectTimings, reportPhases } from './support/server-timing.mjs';

const CATALOG_SIZE = Number(process.env.BENCH_CATALOG_SIZE ?? 1000);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 10;
const PHASES = process.env.BENCH_PHASES === '1';
const givenDatabaseUrl = process.env.BENCH_API_DATABASE_URL;
const givenDataDir = process.env.BENCH_API_DATA_DIR;
const serverUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const targets = [];
const pgDatabase = givenDatabaseUrl
  ? { url: givenDatabaseUrl, drop: async () => undefined }
  : await createPostgresDatabase(serverUrl, `leasing_bench_${process.pid}`);
// Instances on a shared server need explicit secrets (the server refuses to generate its own there).
const sharedSecrets = givenDatabaseUrl
  ? { JWT_SECRET: process.env.JWT_SECRET, DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY }
  : {
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
      DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    };
if (pgDatabase)
  targets.push({
    name: 'PostgreSQL',
    env: { DATABASE_URL: pgDatabase.url, ...sharedSecrets },
    cleanup: pgDatabase.drop,
  });
else console.log(`PostgreSQL: skipped (no server at ${redact(serverUrl)})`);
targets.push({ name: 'PGlite', env: {}, cleanup: async () => undefined });

// BENCH_API_ONLY=PGlite (or PostgreSQL): one database only, e.g. for a phase breakdown.
for (const target of targets.filter((t) => !process.env.BENCH_API_ONLY || t.name === process.env.BENCH_API_ONLY)) {
  try {
    await benchTarget(target);
  } finally {
    await target.cleanup();
  }
}

async function benchTarget(target) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-bench-api-'));
  if (givenDataDir && target.name === 'PGlite') fs.cpSync(givenDataDir, dataDir, { recursive: true });
  // The built web app plus a file with the search answer's bytes, served by the same process (the
  // static plugin learns its files at start-up, so the server starts again once the file is there).
  const webDir = path.join(dataDir, 'web');
  fs.cpSync('apps/web/dist', webDir, { recursive: true });
  const base = `http://127.0.0.1:${port}`;
  const identity = { 'accept-encoding': 'identity' };
  let server = startServer(target, port, dataDir, webDir);
  try {
    await waitFor(`${base}/health`);
    const first = { authorization: `Bearer ${await login(base)}`, ...identity };
    const answer = Buffer.from(await (await fetch(`${base}/v1/search`, { headers: first })).arrayBuffer());
    fs.writeFileSync(path.join(webDir, 'bench-search.json'), answer);
    await stopServer(server);
    server = startServer(target, port, dataDir, webDir);
    await waitFor(`${base}/health`);

    const headers = { authorization: `Bearer ${await login(base)}`, ...identity };
    const searched = Buffer.from(await (await fetch(`${base}/v1/search`, { headers })).arrayBuffer());
    const served = Buffer.from(await (await fetch(`${base}/bench-search.json`, { headers: identity })).arrayBuffer());
    if (!served.equals(searched)) throw new Error('the static copy differs from the search answer');
    const list = JSON.parse(searched.toString('utf8'));
    const withRate = list.filter((v) => typeof v.yourLeaseFrom === 'number').length;
    const vehicle = await (
      await fetch(`${base}/v1/vehicle/${list[Math.floor(list.length / 2)].id}`, { headers })
    ).json();
    const packageId = vehicle.leasePackages[7].id;
    console.log(`\n${target.name}: ${list.length} vehicles, ${withRate} with a personal net rate`);
    const search = await load(`${base}/v1/search`, headers);
    report('GET /v1/search', search, 30);
    const staticFile = await load(`${base}/bench-search.json`, identity);
    report(`GET static file (${Math.round(searched.length / 1024)} KB, same bytes)`, staticFile, 30);
    const ratio = percentile(search.latencies, 95) / percentile(staticFile.latencies, 95);
    console.log(`  search p95 / static p95: ${ratio.toFixed(2)} (goal ≤ 1.5)`);
    report('GET /v1/lease-packages/{id}/tax', await load(`${base}/v1/lease-packages/${packageId}/tax`, headers), 5);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function startServer(target, port, dataDir, webDir) {
  return spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: PHASES ? 'development' : 'production',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...(PHASES ? { SERVER_TIMING: 'true' } : {}),
      DEMO_DATA: 'true',
      DEMO_CATALOG_SIZE: String(CATALOG_SIZE),
      WEB_DIST_DIR: webDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(server) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}

async function load(url, headers) {
  // Warm-up: fill caches, let the JIT settle.
  await runCannon(url, headers, 2);
  return runCannon(url, headers, DURATION_S);
}

function runCannon(url, headers, duration) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const samples = [];
    let non2xx = 0;
    // One request at a time per connection: a connection's last phases belong to its next answer.
    const lastPhases = new Map();
    const setupClient = collectTimings((client, phases) => lastPhases.set(client, phases));
    const options = { url, headers, connections: CONNECTIONS, duration, ...(PHASES ? { setupClient } : {}) };
    const instance = autocannon(options, (error, result) => {
      if (error) reject(error);
      else resolve({ result, latencies, samples, non2xx });
    });
    instance.on('response', (client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime);
      const phases = lastPhases.get(client);
      if (phases) samples.push({ latency: responseTime, phases });
      lastPhases.delete(client);
      if (statusCode < 200 || statusCode >= 300) non2xx++;
    });
  });
}

function percentile(latencies, p) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function report(label, { result, latencies, samples, non2xx }, targetMs) {
  const pct = (p) => percentile(latencies, p);
  const p975 = pct(97.5);
  console.log(
    `  ${label.padEnd(34)} p50 ${pct(50).toFixed(1)} ms  p95 ${pct(95).toFixed(1)} ms  p97.5 ${p975.toFixed(1)} ms  ` +
      `p99 ${pct(99).toFixed(1)} ms  ${Math.round(result.requests.average)} req/s  ` +
      `(${latencies.length} requests, ${non2xx} non-2xx)  target p97.5 ≤ ${targetMs} ms: ratio ${(p975 / targetMs).toFixed(2)}`,
  );
  reportPhases(samples, (values, p) => percentile(values, p));
}

async function login(base) {
  const response = await fetch(`${base}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'max.mustermann@example.com', password: 'Demo-Passwort-1' }),
  });
  const body = await response.json();
  if (!body.authenticated) throw new Error('login failed');
  return body.accessToken;
}

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url) {
  // A PGlite directory of a provider's real size takes minutes to open on a busy machine.
  for (let i = 0; i < (givenDataDir ? 1200 : 240); i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}
