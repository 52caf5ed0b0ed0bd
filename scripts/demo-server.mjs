// The built app (apps/api/dist/server.js) with the embedded database and the demo data in a fresh temp
// directory, on a free port, and the demo employee's sign-in: what the browser benchmarks measure.
// Shared by bench/web-bundle.bench.mjs, bench/web-lighthouse.bench.mjs and the journeys that need an app
// of their own configuration (e2e/support/app-server.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The environment of an app under test: demo data in its own folder, quiet log, links to itself.
 * @param {number} port
 * @param {string} dataDir
 * @returns {Record<string, string>}
 */
export function demoServerEnv(port, dataDir) {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_DATA: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
}

/**
 * Starts the server and waits until it answers /health. `stop` ends it and deletes its data directory;
 * both also happen when the process exits early (an uncaught error), so no server outlives the bench.
 * @param {string} name part of the temp directory's name
 * @param {Record<string, string>} [env] further configuration (e.g. ANALYTICS_SCRIPT_URL, DEMO_CATALOG_SIZE); an
 *   empty value leaves the variable unset (e.g. `PUBLIC_URL: ''`: the app's own default, as after `npm start`)
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>}
 */
export async function startDemoServer(name, env = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `leasing-bench-${name}-`));
  const serverEnv = Object.fromEntries(
    Object.entries({ ...process.env, ...demoServerEnv(port, dataDir), ...env }).filter(([key]) => env[key] !== ''),
  );
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/api/dist/server.js')], {
    cwd: ROOT,
    env: serverEnv,
    stdio: 'ignore',
  });
  const onExit = () => {
    server.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  const stop = async () => {
    process.off('exit', onExit);
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/health`, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * Signs the demo employee in through the login form (the SPA keeps the sign-in in localStorage, so later
 * loads in the same browser profile are signed in) and returns the id of the first vehicle of the search.
 * @param {import('@playwright/test').Page} page
 * @param {string} base
 * @returns {Promise<string>}
 */
export async function signInDemoEmployee(page, base) {
  if (!page.url().startsWith(`${base}/login`)) await page.goto(`${base}/login`);
  await page.getByLabel(/E-Mail|Benutzername/).fill('max.mustermann@example.com');
  await page.getByLabel(/^Passwort\s*\*?$/).fill('Demo-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/search/);
  const vehicleId = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('authData') ?? '{}');
    const answer = await fetch('/v1/search', { headers: { authorization: `Bearer ${session.accessToken}` } });
    return (await answer.json())[0]?.id;
  });
  if (typeof vehicleId !== 'string') throw new Error("the demo employee's search found no vehicle");
  return vehicleId;
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} server
 */
async function waitFor(url, server) {
  // Up to two minutes: seeding a large demo catalogue on a busy machine takes a while.
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode} before answering ${url}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}
