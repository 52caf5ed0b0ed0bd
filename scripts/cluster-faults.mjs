// Faults and operations for the cluster test (scripts/cluster-test.mjs): PostgreSQL and Redis going
// away and coming back, a client inventing filter values, and the documented backup and restore. The
// outages are watched twice: through nginx, as clients see them, and at each instance directly, so
// every instance is proven on its own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/**
 * A TCP relay between the instances and a server (PostgreSQL, Redis). `cut()` drops every open
 * connection and refuses new ones, which is what the instances see when the server stops;
 * `restore()` lets them through again. The shared servers of the machine keep running for everyone
 * else.
 */
export async function startRelay(serverUrl, defaultPort) {
  const target = new URL(serverUrl);
  const sockets = new Set();
  let down = false;
  const server = net.createServer((incoming) => {
    if (down) {
      incoming.destroy();
      return;
    }
    const outgoing = net.connect(Number(target.port || defaultPort), target.hostname);
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    incoming.pipe(outgoing).pipe(incoming);
    incoming.on('close', () => outgoing.destroy());
    outgoing.on('close', () => incoming.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(serverUrl);
  relayed.hostname = '127.0.0.1';
  relayed.port = String(server.address().port);
  return {
    url: relayed,
    cut() {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * What clients ask through nginx during an outage, all at once: a static page, liveness and a
 * database route several times (enough for nginx to take instances out if it counted the 503s).
 */
function edgeProbes(origin, token) {
  const get = (url, headers = {}) =>
    timed(() => fetch(`${origin}${url}`, { headers, signal: AbortSignal.timeout(10_000) }));
  return async () => {
    const [page, live, ...searches] = await Promise.all([
      get('/login'),
      get('/health/live'),
      ...Array.from({ length: 4 }, () => get('/v1/search', { authorization: `Bearer ${token}` })),
    ]);
    return { page, live, searches };
  };
}

/**
 * PostgreSQL away for `outageMs`. Through nginx: the sign-in page and liveness answer 200, the search
 * 503 with Retry-After, never nginx's own 502, and the search serves again within 5 s after the
 * database is back. At every instance directly: 503 with Retry-After within 5 s, never a hang or a
 * death, and service again without a restart.
 */
export async function databaseOutage({ relay, origin, token, ports, instances, outageMs = 15_000 }) {
  const search = (port) =>
    timed(() =>
      fetch(`http://127.0.0.1:${port}/v1/search`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(10_000),
      }),
    );
  const edge = edgeProbes(origin, token);
  relay.cut();
  const answers = [];
  const atEdge = [];
  const until = Date.now() + outageMs;
  while (Date.now() < until) {
    const [direct, viaNginx] = await Promise.all([Promise.all(ports.map(search)), edge()]);
    answers.push(...direct);
    atEdge.push(viaNginx);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  relay.restore();
  const restored = Date.now();
  const afterwards = [];
  for (;;) {
    const viaNginx = await edge();
    afterwards.push(viaNginx);
    if (viaNginx.searches.every((search) => search.status === 200)) break;
    assert.ok(Date.now() - restored < 5_000, 'the search serves again through nginx within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const servedAfterMs = Date.now() - restored;

  const slowest = Math.max(...answers.map((a) => a.ms));
  const statuses = countBy(answers.map((a) => a.status));
  const edgeStatuses = (key) =>
    countBy([...atEdge, ...afterwards].flatMap((probe) => [probe[key]].flat().map((answer) => answer.status)));
  console.log(
    `    ${answers.length} answers at the instances while away: ${JSON.stringify(statuses)}, slowest ${Math.round(slowest)} ms; ` +
      `through nginx: sign-in page ${JSON.stringify(edgeStatuses('page'))}, liveness ${JSON.stringify(edgeStatuses('live'))}, ` +
      `search ${JSON.stringify(edgeStatuses('searches'))}, served again ${servedAfterMs} ms after the database returned`,
  );
  assert.ok(answers.length >= ports.length * 10, 'requests were made during the outage');
  assert.deepEqual(Object.keys(statuses), ['503'], 'every answer of an instance during the outage is a 503');
  assert.ok(
    answers.every((a) => Number(a.retryAfter) > 0),
    'every 503 says when to try again',
  );
  assert.ok(slowest < 5_000, `answered within 5 s (slowest ${Math.round(slowest)} ms)`);
  assert.ok(
    instances.every((child) => child.exitCode === null),
    'no instance died',
  );
  for (const probe of [...atEdge, ...afterwards]) {
    assert.equal(probe.page.status, 200, 'the sign-in page is served through nginx');
    assert.equal(probe.live.status, 200, 'liveness answers through nginx');
  }
  for (const search of atEdge.flatMap((probe) => probe.searches)) {
    assert.equal(search.status, 503, "the search answers the app's 503 through nginx, never a 502");
    assert.ok(Number(search.retryAfter) > 0, 'with Retry-After');
  }
  for (const search of afterwards.flatMap((probe) => probe.searches)) {
    assert.ok([200, 503].includes(search.status), `right after the outage: ${search.status}`);
  }

  const recovered = Date.now();
  for (const port of ports) {
    await waitUntil(async () => (await search(port)).status === 200, `instance on ${port} serves again`, 20_000);
  }
  console.log(`    all instances serve again ${Date.now() - recovered} ms after the search served through nginx`);
}

/**
 * Redis away for `outageMs`: budgets fall back to each process, so everything keeps working. Through
 * nginx: the sign-in page, a sign-in and the search answer 200, never a 502. Every instance stays ready
 * and says Redis is degraded, then ok again once it is back.
 */
export async function redisOutage({ relay, origin, token, ports, outageMs = 15_000 }) {
  const readiness = (port) =>
    fetch(`http://127.0.0.1:${port}/health/ready`, { signal: AbortSignal.timeout(5_000) }).then(async (response) => ({
      status: response.status,
      body: await response.json(),
    }));
  const signIn = () =>
    timed(() =>
      fetch(`${origin}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'max.mustermann@example.com', password: 'Demo-Passwort-1' }),
        signal: AbortSignal.timeout(10_000),
      }),
    );
  const edge = edgeProbes(origin, token);
  relay.cut();
  const probes = [];
  const ready = [];
  const until = Date.now() + outageMs;
  while (Date.now() < until) {
    const [viaNginx, login, states] = await Promise.all([edge(), signIn(), Promise.all(ports.map(readiness))]);
    probes.push({ ...viaNginx, login });
    ready.push(...states);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  relay.restore();
  const statuses = (key) => countBy(probes.flatMap((probe) => [probe[key]].flat().map((answer) => answer.status)));
  console.log(
    `    through nginx while Redis was away: sign-in page ${JSON.stringify(statuses('page'))}, sign-in ` +
      `${JSON.stringify(statuses('login'))}, search ${JSON.stringify(statuses('searches'))}; readiness ` +
      `${JSON.stringify(countBy(ready.map((r) => `${r.status} redis ${r.body.checks.redis}`)))}`,
  );
  assert.ok(probes.length >= 5, 'requests were made during the outage');
  for (const probe of probes) {
    for (const [key, answers] of Object.entries(probe)) {
      for (const answer of [answers].flat()) {
        assert.equal(answer.status, 200, `${key} answers 200 through nginx while Redis is away`);
      }
    }
  }
  assert.ok(
    ready.every((r) => r.status === 200),
    'every instance stays ready',
  );
  assert.ok(
    ready.some((r) => r.body.checks.redis === 'degraded'),
    'the instances report Redis as degraded',
  );
  for (const port of ports) {
    await waitUntil(
      async () => (await readiness(port)).body.checks.redis === 'ok',
      `instance on ${port} reaches Redis again`,
      20_000,
    );
  }
}

/**
 * 1,200 searches with filter values nobody offers: refused or normalised away, never a new cache
 * entry each, so no instance grows (the search cache is bounded by bytes anyway).
 */
export async function madeUpFilters({ origin, token, instances, ports, metricsToken }) {
  const search = async (i) => {
    const query = new URLSearchParams({
      manufacturerIds: `Marke${i},Kia`,
      modelIds: `Modell-${i}-${Math.random().toString(36).slice(2, 10)}`,
    });
    const response = await fetch(`${origin}/v1/search?${query}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    return response.status;
  };
  const run = async (from, count) => {
    const statuses = [];
    for (let i = from; i < from + count; i += 6) {
      statuses.push(...(await Promise.all(Array.from({ length: 6 }, (_, k) => search(i + k)))));
    }
    return statuses;
  };
  const cacheBytes = () => Promise.all(ports.map((port) => gaugeOf(port, metricsToken, 'answer_cache_bytes')));
  await run(0, 300); // warm-up: code paths compiled, pools filled
  const before = instances.map(residentMemory);
  const cachedBefore = await cacheBytes();
  const statuses = await run(300, 1_200);
  const after = instances.map(residentMemory);
  const cachedAfter = await cacheBytes();
  const growthMb = after.map((bytes, i) => (bytes - before[i]) / 1_048_576);
  const cacheGrowth = cachedAfter.map((bytes, i) => bytes - cachedBefore[i]);
  console.log(
    `    answers ${JSON.stringify(countBy(statuses))}; answer cache growth ${cacheGrowth.join(', ')} bytes; ` +
      `resident memory growth ${growthMb.map((m) => `${m.toFixed(1)} MB`).join(', ')}`,
  );
  assert.ok(
    statuses.every((status) => status === 400 || status === 200),
    'made-up filters are refused or ignored, never a 5xx',
  );
  // The sharp signal: invented values make no cache entries of their own.
  for (const bytes of cacheGrowth) assert.ok(bytes < 256 * 1024, `the answer cache stays put (grew ${bytes} bytes)`);
  // The blunt one: the process as a whole does not grow with them (V8's heap breathes by tens of MB).
  for (const mb of growthMb) assert.ok(mb < 64, `memory stays flat (grew ${mb.toFixed(1)} MB)`);
}

/** One gauge from an instance's Prometheus text (`/metrics` with the bearer token). */
async function gaugeOf(port, metricsToken, name) {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  });
  const text = await response.text();
  const value = Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
  assert.ok(Number.isFinite(value), `${name} on the instance at ${port}`);
  return value;
}

/** Resident memory of a child process (Linux). */
function residentMemory(child) {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  assert.ok(Number.isFinite(kb), `resident memory of process ${child.pid}`);
  return kb * 1024;
}

async function timed(request) {
  const started = performance.now();
  try {
    const response = await request();
    await response.arrayBuffer();
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ms: performance.now() - started,
    };
  } catch (error) {
    return {
      status: `error ${error instanceof Error ? error.name : 'unknown'}`,
      retryAfter: null,
      ms: performance.now() - started,
    };
  }
}

async function waitUntil(condition, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for: ${what}`);
}

function countBy(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}

/**
 * The documented backup and restore (docs/deploy.md), command for command: a custom-format dump of
 * the live database, restored into an empty one with `pg_restore --no-owner`, and an instance started
 * on it serves what was there (the journey's lease, decrypted with the same key).
 */
export async function backupAndRestore({
  databaseUrl,
  workDir,
  env,
  startInstance,
  stopInstance,
  port,
  token,
  orderId,
}) {
  const dump = `${workDir}/leasing-backup.dump`;
  const restored = new URL(databaseUrl);
  restored.pathname = `${restored.pathname}_restore`;
  const run = (command, args) => {
    const result = spawnSync(command, args, { encoding: 'utf8' });
    assert.equal(result.status, 0, `${command} failed: ${result.stderr}`);
  };
  run('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl]);
  const serverUrl = new URL(databaseUrl);
  serverUrl.pathname = '/postgres';
  run('createdb', [`--maintenance-db=${serverUrl}`, restored.pathname.slice(1)]);
  try {
    run('pg_restore', ['--no-owner', `--dbname=${restored}`, dump]);
    const instance = await startInstance({ ...env, DATABASE_URL: restored.toString() }, port, 'restored');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/order/${orderId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(response.status, 200, 'the restored instance serves the order');
      const order = await response.json();
      assert.equal(order.status, 'LEASING_ACTIVE');
      assert.ok(order.taxResult, "the employee's encrypted figures open with the same key");
      console.log(`    dump ${Math.round(fs.statSync(dump).size / 1024)} KB restored; order ${orderId} served`);
    } finally {
      await stopInstance(instance, 'SIGTERM');
    }
  } finally {
    spawnSync('dropdb', [`--maintenance-db=${serverUrl}`, '--force', restored.pathname.slice(1)]);
  }
}
