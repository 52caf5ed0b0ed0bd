// `npm run bench -- cluster` (scripts/cluster-test.mjs --bench): requests per second through nginx
// with one, two and three instances, and the personal search against a static file of its bytes.
// The process handling (instances, nginx) is the cluster test's, passed in.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

export async function benchmark({ startNginx, waitFor, login }, origin, nginxPort, ports) {
  const figures = [];
  for (const count of [1, 2, 3]) {
    const nginx = startNginx(nginxPort, ports.slice(0, count), `nginx-${count}`);
    await waitFor(async () => (await fetch(`${origin}/health/live`)).status === 200, 'nginx in front');
    const token = await login(origin, 'max.mustermann@example.com', 'Demo-Passwort-1');
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' };
    await cannon(`${origin}/v1/search`, headers, 3);
    const result = await cannon(`${origin}/v1/search`, headers, Number(process.env.BENCH_DURATION ?? 10));
    figures.push(result.requests.average);
    console.log(
      `    ${count} instance${count > 1 ? 's' : ' '}: ${Math.round(result.requests.average)} req/s, ` +
        `p97.5 ${result.latency.p97_5} ms, ${result.non2xx} non-2xx`,
    );
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  console.log(
    `    scaling 1→2: ${(figures[1] / figures[0]).toFixed(2)}×, 1→3: ${(figures[2] / figures[0]).toFixed(2)}× ` +
      `(goal ≥ 1.8× from 1 to 2 with a core per instance; this machine has ${os.availableParallelism()} cores, ` +
      'shared with nginx, PostgreSQL, Redis and the load generator)',
  );
}

/**
 * The ratio through nginx with three instances: the personal search (signed in, computed per
 * person, prepared once) against a static file of the identical bytes from the same processes.
 */
export async function searchAgainstStatic(
  { startNginx, waitFor, login, stopInstance, startInstance },
  { origin, nginxPort, ports, env, instances },
) {
  const token = await login(
    origin.replace(String(nginxPort), String(ports[0])),
    'max.mustermann@example.com',
    'Demo-Passwort-1',
  );
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' };
  const answer = Buffer.from(await (await fetch(`http://127.0.0.1:${ports[0]}/v1/search`, { headers })).arrayBuffer());
  fs.writeFileSync(path.join(env.WEB_DIST_DIR, 'bench-search.json'), answer);
  // The static plugin learns its files at start-up.
  for (let i = 0; i < instances.length; i++) {
    await stopInstance(instances[i], 'SIGTERM');
    instances[i] = await startInstance(env, ports[i], i);
  }
  const nginx = startNginx(nginxPort, ports, 'nginx-static');
  try {
    await waitFor(async () => (await fetch(`${origin}/health/live`)).status === 200, 'nginx in front');
    const identity = { 'accept-encoding': 'identity' };
    const served = Buffer.from(await (await fetch(`${origin}/bench-search.json`, { headers: identity })).arrayBuffer());
    assert.ok(served.equals(answer), 'the static copy has the bytes of the search answer');
    const duration = Number(process.env.BENCH_DURATION ?? 10);
    await cannon(`${origin}/v1/search`, headers, 3);
    const search = await cannon(`${origin}/v1/search`, headers, duration);
    const file = await cannon(`${origin}/bench-search.json`, identity, duration);
    console.log(
      `    search p97.5 ${search.latency.p97_5} ms (${Math.round(search.requests.average)} req/s), static file ` +
        `(${Math.round(answer.length / 1024)} KB) p97.5 ${file.latency.p97_5} ms (${Math.round(file.requests.average)} req/s): ` +
        `ratio ${(search.latency.p97_5 / file.latency.p97_5).toFixed(2)} (goal ≤ 1.5)`,
    );
  } finally {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
}

function cannon(url, headers, duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 20, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}
