// The product as an operator runs it: three instances of the built server on one PostgreSQL database
// and one Redis, behind nginx configured from deploy/nginx.conf (only ports and TLS changed). Checks
// what only shows with real processes: budgets shared across instances, an order journey to handover
// spread over all three, a rolling restart under load without a 5xx and with every SIGTERM done in its
// grace period, kill -9 of an instance mid-load without losing an acknowledged order, PostgreSQL away
// for 15 s (through nginx: static pages and liveness 200, the app's 503 with Retry-After, no 502) and
// Redis away for 15 s (no 502, every instance ready and degraded), made-up search filters leaving
// memory flat, and the documented dump and restore.
// Needs nginx, TEST_DATABASE_URL and TEST_REDIS_URL (CI installs and sets them); skipped otherwise,
// except under CI, where a missing piece is a failure.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { benchmark, searchAgainstStatic } from './cluster-bench.mjs';
import { backupAndRestore, databaseOutage, madeUpFilters, redisOutage, startRelay } from './cluster-faults.mjs';
import { orderJourney } from './cluster-journey.mjs';

// `--bench` (npm run bench -- cluster): requests per second of the personal search through nginx with
// one, two and three instances, instead of the checks.
const benchMode = process.argv.includes('--bench');

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
const missing = [!nginxBinary && 'nginx', !databaseUrl && 'TEST_DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(
  Boolean,
);
if (missing.length > 0) {
  console.log(`cluster test skipped: needs ${missing.join(', ')}`);
  process.exit(process.env.CI ? 1 : 0);
}
if (!fs.existsSync('apps/api/dist/server.js')) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-cluster-'));
const databaseName = `leasing_cluster_${crypto.randomBytes(5).toString('hex')}`;
const children = new Set();
const results = [];
let relay = null;
let redisRelay = null;
const metricsToken = crypto.randomBytes(24).toString('hex');

async function main() {
  await adminQuery(`CREATE DATABASE ${databaseName}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${databaseName}`;
  // The instances reach PostgreSQL through a relay the test can cut (the database "stops").
  relay = await startRelay(url.toString(), 5432);
  // And Redis through one of its own.
  redisRelay = await startRelay(redisUrl, 6379);
  const nginxPort = await freePort();
  const origin = `http://127.0.0.1:${nginxPort}`;
  const env = {
    ...process.env,
    ...(benchMode ? { DEMO_CATALOG_SIZE: '1000' } : {}),
    NODE_ENV: benchMode ? 'production' : 'test',
    DATABASE_URL: relay.url.toString(),
    REDIS_URL: redisRelay.url.toString(),
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN: metricsToken,
    HOST: '127.0.0.1',
    DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: origin,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    IDENT_PROVIDER_API_KEY: crypto.randomBytes(24).toString('hex'),
    IDENT_CALLBACK_SECRET: crypto.randomBytes(24).toString('hex'),
  };
  const ports = [await freePort(), await freePort(), await freePort()];
  if (benchMode) {
    // The built web app in a copy the bench can add a file to (the search answer's bytes, served statically).
    env.WEB_DIST_DIR = path.join(workDir, 'web');
    fs.cpSync('apps/web/dist', env.WEB_DIST_DIR, { recursive: true });
  }
  // All three start at once: migrations and demo data must cope (advisory lock).
  const instances = await Promise.all(ports.map((port, i) => startInstance(env, port, i)));
  if (benchMode) {
    const tools = { startNginx, waitFor, login, stopInstance, startInstance };
    await check('requests per second with 1, 2 and 3 instances', () => benchmark(tools, origin, nginxPort, ports));
    await check('the personal search against a static file of the same bytes', () =>
      searchAgainstStatic(tools, { origin, nginxPort, ports, env, instances }),
    );
    return;
  }
  const nginx = startNginx(nginxPort, ports);
  // Through the public edge only liveness answers; readiness is asked at each instance.
  await waitFor(async () => (await fetch(`${origin}/health/live`)).status === 200, 'nginx in front');
  await check('readiness and the database check are not served through the public edge', async () => {
    for (const url of ['/health/ready', '/health', '/metrics']) {
      assert.equal((await fetch(`${origin}${url}`)).status, 404, url);
    }
  });

  await check('the login limit per account and client holds across the instances', () => loginLimit(origin));
  const token = await login(origin, 'max.mustermann@example.com', 'Demo-Passwort-1');
  let lease = null;
  await check(
    'an order journey to handover spread over all three instances, provider cases completed elsewhere',
    async () => {
      lease = await orderJourney({ client, createOrder, waitFor }, origin, token, ports);
    },
  );
  await check('a rolling restart of all three under load answers no 5xx', () =>
    rollingRestart(origin, token, env, ports, instances),
  );
  await check('kill -9 of an instance mid-load loses no acknowledged order', () =>
    killMidLoad(origin, token, env, ports, instances),
  );
  await check(
    'PostgreSQL away for 15 s: through nginx the sign-in page and liveness 200, the search 503 with Retry-After, ' +
      'no 502, service within 5 s after; every instance 503 within 5 s, then recovery without a restart',
    () => databaseOutage({ relay, origin, token, ports, instances }),
  );
  await check('Redis away for 15 s: no 502 through nginx, sign-in works, every instance stays ready (degraded)', () =>
    redisOutage({ relay: redisRelay, origin, token, ports }),
  );
  await check('1,200 searches with made-up filters leave memory flat', () =>
    madeUpFilters({ origin, token, instances, ports, metricsToken }),
  );
  await check('the documented dump and restore serve the lease from a new database', async () => {
    assert.ok(lease, 'the journey made a lease');
    await backupAndRestore({
      databaseUrl: url.toString(),
      workDir,
      env,
      startInstance,
      stopInstance,
      port: await freePort(),
      token,
      orderId: lease,
    });
  });
  // Let nginx stop its worker before the script ends (a killed master would leave the worker behind).
  const exited = new Promise((resolve) => nginx.once('exit', resolve));
  nginx.kill('SIGTERM');
  await exited;
}

async function check(name, work) {
  const started = performance.now();
  try {
    await work();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    results.push({ name, ok: false });
    console.log(`  ✘ ${name}\n    ${error instanceof Error ? error.stack : String(error)}`);
  }
}

async function loginLimit(origin) {
  // Through nginx every attempt comes from 127.0.0.1; round robin spreads them over the instances.
  const username = `${crypto.randomUUID()}@example.com`;
  const attempt = () =>
    fetch(`${origin}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password: 'falsch-falsch' }),
    });
  for (let i = 0; i < 5; i++) assert.equal((await attempt()).status, 200, `attempt ${i + 1}`);
  for (let i = 0; i < 3; i++) {
    const refused = await attempt();
    assert.equal(refused.status, 429, 'every instance refuses once the shared budget is spent');
    assert.ok(Number(refused.headers.get('retry-after')) > 0);
  }
}

async function rollingRestart(origin, token, env, ports, instances) {
  const load = startLoad(origin, token, 8);
  // The documented procedure (docs/deploy.md): one at a time; after an instance is ready again, wait
  // nginx's fail_timeout so it takes the instance back before the next one stops.
  const failTimeoutMs =
    Number(/fail_timeout=(\d+)s/.exec(fs.readFileSync('deploy/nginx.conf', 'utf8'))?.[1] ?? 10) * 1000;
  const stops = [];
  for (let i = 0; i < instances.length; i++) {
    stops.push(await stopInstance(instances[i], 'SIGTERM'));
    instances[i] = await startInstance(env, ports[i], i);
    await new Promise((resolve) => setTimeout(resolve, failTimeoutMs + 1_000));
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const counts = await load.stop();
  console.log(
    `    ${counts.total} requests during the restart, ${counts.serverErrors} with 5xx; ` +
      `stopped under load in ${stops.map((stop) => `${stop.ms} ms (exit ${stop.code})`).join(', ')}`,
  );
  assert.ok(counts.total > 50, `load ran (${counts.total} requests)`);
  assert.equal(counts.serverErrors, 0, `5xx during the rolling restart: ${JSON.stringify(counts)}`);
  for (const stop of stops) {
    // The grace period of src/server.ts: in-flight work done, connections and pools closed, exit 0.
    assert.equal(stop.code, 0, 'an instance stopped with SIGTERM after traffic exits 0');
    assert.ok(stop.ms < 10_000, `and within its 10 s grace period (${stop.ms} ms)`);
  }
}

async function killMidLoad(origin, token, env, ports, instances) {
  const api = client(origin, token);
  const acknowledged = [];
  let stop = false;
  const workers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      try {
        const id = await createOrder(api);
        acknowledged.push(id);
        await api('DELETE', `/v1/order/${id}`);
      } catch {
        // A request cut by the kill may fail; what counts is that nothing acknowledged is lost.
      }
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  await stopInstance(instances[1], 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  stop = true;
  await Promise.all(workers);
  instances[1] = await startInstance(env, ports[1], 1);
  assert.ok(acknowledged.length > 3, `orders were acknowledged (${acknowledged.length})`);
  // Every acknowledged order exists (its deletion may or may not have happened: it was not acknowledged).
  const everything = await adminQueryIn(`SELECT id FROM orders WHERE id = ANY($1::int[])`, [acknowledged]);
  assert.equal(everything.rows.length + (await deletedCount(acknowledged)), acknowledged.length);
}

async function deletedCount(ids) {
  const result = await adminQueryIn(
    `SELECT count(*)::int AS n FROM audit_log WHERE action = 'order.deleted' AND subject_id = ANY($1::text[])`,
    [ids.map(String)],
  );
  return result.rows[0].n;
}

function startLoad(origin, token, concurrency) {
  const counts = { total: 0, serverErrors: 0, failures: 0, statuses: {} };
  let running = true;
  const workers = Array.from({ length: concurrency }, async () => {
    while (running) {
      try {
        const response = await fetch(`${origin}/v1/search`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        counts.total++;
        counts.statuses[response.status] = (counts.statuses[response.status] ?? 0) + 1;
        if (response.status >= 500) counts.serverErrors++;
      } catch {
        counts.failures++;
        counts.serverErrors++;
      }
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
      return counts;
    },
  };
}

async function createOrder(api) {
  const [car] = await api('GET', '/v1/search');
  const vehicle = await api('GET', `/v1/vehicle/${car.id}`);
  const { orderId } = await api('POST', '/v1/order', {
    leasePackageId: vehicle.leasePackages[0].id,
    color: vehicle.colors[0],
    delivery: vehicle.deliveryOptions?.[0] ?? 'HOME',
  });
  return orderId;
}

function client(origin, token) {
  return async (method, url, body) => {
    const response = await fetch(`${origin}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

async function login(origin, username, password) {
  const response = await fetch(`${origin}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.json();
  assert.equal(body.authenticated, true, 'the demo employee signs in');
  return body.accessToken;
}

async function startInstance(env, port, index) {
  // One DATA_DIR for all, as behind a real load balancer (a shared volume): the development trust
  // service's PKI and credentials live there, so a signature opened on one instance completes on another.
  void index;
  const dataDir = path.join(workDir, 'data');
  const child = spawn(process.execPath, ['apps/api/dist/server.js'], {
    env: { ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  children.add(child);
  child.on('exit', () => children.delete(child));
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`instance ${index} exited: ${errors}`);
      return (await fetch(`http://127.0.0.1:${port}/health/ready`)).status === 200;
    },
    `instance ${index} ready`,
    60_000,
  );
  return child;
}

/** Stops an instance; its exit code and how long it took. */
async function stopInstance(child, signal) {
  if (child.exitCode !== null) return { code: child.exitCode, ms: 0 };
  const started = Date.now();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return { code: await exited, ms: Date.now() - started };
}

function startNginx(port, upstreams, name = 'nginx') {
  const prefix = path.join(workDir, name);
  fs.mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  // Started as root, nginx's workers run as nobody: they buffer a large request body (an upload, a
  // contract to check) in the temp paths under the prefix, so they must be able to pass through to it.
  fs.chmodSync(workDir, 0o711);
  fs.chmodSync(prefix, 0o711);
  const conf = nginxConfigFor(fs.readFileSync('deploy/nginx.conf', 'utf8'), { port, upstreams, prefix });
  const confFile = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(confFile, conf);
  const test = spawnSync(nginxBinary, ['-t', '-p', prefix, '-c', confFile], { encoding: 'utf8' });
  assert.equal(test.status, 0, test.stderr);
  const child = spawn(nginxBinary, ['-p', prefix, '-c', confFile], { stdio: 'ignore' });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/**
 * deploy/nginx.conf as it is, with only what a test on one machine must change: the listening port
 * (plain HTTP on loopback instead of TLS on 443, no redirect server on 80), the instances' ports, and
 * where nginx keeps its pid, logs and buffers. Every proxy rule, timeout and upstream option stays.
 */
function nginxConfigFor(template, { port, upstreams, prefix }) {
  const replaced = (text, pattern, replacement, what) => {
    assert.match(text, pattern, `deploy/nginx.conf has ${what}`);
    return text.replace(pattern, replacement);
  };
  const serverLine = /^( {4}server )127\.0\.0\.1:\d+( [^;]*)?;\n/m;
  const [, indent, options = ''] = serverLine.exec(template) ?? [];
  assert.ok(indent, 'deploy/nginx.conf lists its upstream servers');
  let conf = template.replace(new RegExp(serverLine.source, 'gm'), '');
  conf = replaced(
    conf,
    /(upstream leasing_app \{\n(?: *#.*\n)*)/,
    `$1${upstreams.map((p) => `${indent}127.0.0.1:${p}${options};\n`).join('')}`,
    'an upstream block',
  );
  conf = replaced(conf, /\n {2}server \{\n {4}listen 80;[\s\S]*?\n {2}\}\n/, '\n', 'a redirect server on port 80');
  conf = replaced(conf, /listen 443 ssl;/, `listen 127.0.0.1:${port};`, 'a TLS listener');
  conf = conf.replace(/^ *(http2 on|ssl_[a-z_]+ [^;]+);\n/gm, '');
  conf = replaced(
    conf,
    /^http \{\n/m,
    `http {\n  access_log off;\n${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
      .map((kind) => `  ${kind}_temp_path ${prefix}/${kind};\n`)
      .join('')}`,
    'an http block',
  );
  return `daemon off;\npid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log warn;\n${conf}`;
}

async function waitFor(condition, what, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      if (await condition()) return;
    } catch (error) {
      lastError = error;
      if (String(error).includes('exited')) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${lastError}` : ''}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function adminQuery(statement) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function adminQueryIn(statement, params) {
  const url = new URL(databaseUrl);
  url.pathname = `/${databaseName}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await client.query(statement, params);
  } finally {
    await client.end();
  }
}

async function cleanUp() {
  for (const child of children) child.kill('SIGKILL');
  await relay?.close();
  await redisRelay?.close();
  const nginxLog = path.join(workDir, 'nginx', 'logs', 'error.log');
  if (results.some((r) => !r.ok) && fs.existsSync(nginxLog)) {
    const lines = fs.readFileSync(nginxLog, 'utf8').trim().split('\n');
    console.log(`nginx error log (last lines of ${lines.length}):\n${lines.slice(-15).join('\n')}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
  fs.rmSync(workDir, { recursive: true, force: true });
}

console.log(`cluster${benchMode ? ' bench' : ''}: 3 instances, nginx, PostgreSQL, Redis`);
main()
  .catch((error) => {
    results.push({ name: 'setup', ok: false });
    console.error(error);
  })
  .finally(async () => {
    await cleanUp();
    const failed = results.filter((r) => !r.ok).length;
    console.log(`cluster: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  });
