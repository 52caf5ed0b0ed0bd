// The scale bench's client (`npm run bench -- scale`), a process of its own: it signs the demo admins in
// over HTTP on each server (password and the demo TOTP code), then sends each request one at a time
// over one keep-alive connection per server, answers read whole as a browser reads them, and times
// them from the first byte sent to the last byte read. The servers take turns answer by answer (the
// 1 % one, then the large one, then the 1 % one again …), so a busier moment of the machine weighs on
// both figures alike and their ratio holds. Nothing of the servers' processes is shared: what it
// measures is what a client sees (routing, scope, database, serialisation, the server's event loop
// and its garbage).
//
//   node bench/support/http-client.mjs <plan.json>   → JSON figures on stdout, progress on stderr
//
// plan.json: { warmup, runs, downloadRuns, servers: [{ label, base, accounts, downloads }],
//              requests: [{ name, as, url }], lastPage: [{ as, url, pageSize, placeholder }] }
// (see scale.bench.mjs; `as` names an account: the demo admins `provider` and `hr` are always there,
// `accounts` adds others as { name: { email, password } }). Started with an IPC channel (fork), it
// tells the parent when each download begins and ends and waits for its answer, so the parent can
// sample the server's memory around it.
import fs from 'node:fs';
import http from 'node:http';

import { generate } from 'otplib';

const DEMO_PASSWORD = 'Demo-Passwort-1';
const DEMO_TOTP_SECRET = 'KVKFKRCPNZQUYMLXOVYDSQKJKZDTSRLD';
const ACCOUNTS = { provider: 'admin@example.com', hr: 'personal@example.com' };

const [planFile] = process.argv.slice(2);
const plan = JSON.parse(fs.readFileSync(planFile, 'utf8'));

/** One request over the server's keep-alive connection: status, ms, bytes, and the body (`discard`: its lines counted instead). */
function request(server, method, path, { token, body, discard = false } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { accept: '*/*' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = payload.length;
    }
    const started = performance.now();
    const req = http.request(`${server.base}${path}`, { method, headers, agent: server.agent }, (response) => {
      const chunks = [];
      let bytes = 0;
      let lines = 0;
      response.on('data', (chunk) => {
        bytes += chunk.length;
        if (discard) for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
        else chunks.push(chunk);
      });
      response.on('end', () =>
        resolve({
          status: response.statusCode,
          ms: performance.now() - started,
          bytes,
          lines,
          text: discard ? '' : Buffer.concat(chunks).toString('utf8'),
        }),
      );
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * Signs in as a person would: password, then (the demo admins) the TOTP code of the current 30 s step.
 * A code is taken once (replay protection): signed in on the same server within the same step before
 * (a run right after another), the next step's code is waited for.
 */
async function signIn(server, email, password = DEMO_PASSWORD) {
  for (let attempt = 0; ; attempt++) {
    const login = await request(server, 'POST', '/v1/auth/login', { body: { username: email, password } });
    const first = JSON.parse(login.text);
    if (first.authenticated) return first.accessToken;
    if (!first.mfaRequired) throw new Error(`login failed for ${email}: ${JSON.stringify(first)}`);
    const step = Math.floor(Date.now() / 30_000);
    const code = await generate({ secret: DEMO_TOTP_SECRET, epoch: step * 30 });
    const mfa = await request(server, 'POST', '/v1/auth/mfa', { body: { mfaToken: first.mfaToken, code } });
    const second = JSON.parse(mfa.text);
    if (second.authenticated) return second.accessToken;
    if (attempt === 2) throw new Error(`second factor failed for ${email}: ${JSON.stringify(second)}`);
    await new Promise((done) => setTimeout(done, (step + 1) * 30_000 - Date.now() + 500));
  }
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Tells the parent (when there is one) and waits for its answer. */
function tell(message) {
  if (!process.send) return Promise.resolve();
  return new Promise((done) => {
    process.once('message', () => done());
    process.send(message);
  });
}

const servers = plan.servers.map((s) => ({ ...s, agent: new http.Agent({ keepAlive: true, maxSockets: 1 }) }));
for (const server of servers) {
  server.tokens = {};
  const accounts = { provider: { email: ACCOUNTS.provider }, hr: { email: ACCOUNTS.hr }, ...server.accounts };
  for (const [name, account] of Object.entries(accounts)) {
    server.tokens[name] = await signIn(server, account.email, account.password);
  }
  // The last pages: from the totals of the lists' first pages.
  server.context = {};
  for (const p of plan.lastPage ?? []) {
    const answer = await request(server, 'GET', p.url, { token: server.tokens[p.as] });
    server.context[p.placeholder] = Math.max(1, Math.ceil(JSON.parse(answer.text).total / p.pageSize));
  }
  server.figures = { requests: {}, downloads: [] };
}
const resolve = (server, url) => url.replace(/\{(\w+)\}/g, (_, name) => String(server.context[name]));

for (const r of plan.requests) {
  const runs = servers.map(() => ({ times: [], failed: 0, items: 0 }));
  for (let i = 0; i < plan.warmup + plan.runs; i++) {
    for (const [n, server] of servers.entries()) {
      const run = runs[n];
      const answer = await request(server, 'GET', resolve(server, r.url), { token: server.tokens[r.as] });
      if (answer.status !== 200) run.failed++;
      else run.items = JSON.parse(answer.text).items?.length ?? 0;
      if (i >= plan.warmup) run.times.push(answer.ms);
    }
  }
  const line = servers.map((server, n) => {
    const { times, failed, items } = runs[n];
    times.sort((a, b) => a - b);
    const figure = { p50: quantile(times, 0.5), p95: quantile(times, 0.95), failed, items };
    server.figures.requests[r.name] = figure;
    return `${server.label} p50 ${figure.p50.toFixed(1)} / p95 ${figure.p95.toFixed(1)} ms, ${items} rows${failed ? `, ${failed} not 200` : ''}`;
  });
  process.stderr.write(`  ${r.name}: ${line.join('; ')}\n`);
}

// The downloads: read as a stream (bytes and lines counted, nothing kept); the parent samples the
// server's resident memory between the two messages.
for (const server of servers) {
  for (const d of server.downloads ?? []) {
    const times = [];
    let failed = 0;
    let last = { lines: 0, bytes: 0 };
    for (let i = 0; i < (plan.downloadRuns ?? 3); i++) {
      // A pause first: the server settles (its idle-time collection), as between a person's two clicks.
      await new Promise((done) => setTimeout(done, 1000));
      await tell({ type: 'download-start', name: d.name, pid: server.pid });
      last = await request(server, 'GET', resolve(server, d.url), { token: server.tokens[d.as], discard: true });
      await tell({ type: 'download-end', name: d.name, pid: server.pid });
      times.push(last.ms);
      if (last.status !== 200) failed++;
    }
    server.figures.downloads.push({ name: d.name, rows: last.lines, bytes: last.bytes, times, failed });
    process.stderr.write(`  ${d.name}: ${times.map((t) => t.toFixed(0)).join(' / ')} ms, ${last.lines} lines\n`);
  }
}

for (const server of servers) server.agent.destroy();
process.stdout.write(JSON.stringify(servers.map((s) => s.figures)));
process.disconnect?.();
