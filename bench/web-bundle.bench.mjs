// Initial JavaScript (gzip) a browser downloads for the first view of /login, /search, a vehicle page
// and /profile/salary, measured in real Chromium against the built app. Target: 200 KB gzip per route;
// the budgets (scripts/web-bundle.mjs) are what e2e/bundle-budget.spec.ts enforces.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { chromium } from '@playwright/test';

import { findChromium } from '../scripts/chromium.mjs';
import {
  describeScripts,
  measureInitialJs as measure,
  totalKb,
  WEB_BUNDLE_BUDGETS_KB,
  WEB_BUNDLE_TARGET_KB,
} from '../scripts/web-bundle.mjs';

// WEB_BUNDLE_FILES=1 lists every script of each route, largest first.
const listFiles = Boolean(process.env.WEB_BUNDLE_FILES);
const executablePath = findChromium();
if (!executablePath) {
  console.log('skipped: Chromium not found (apt-get install -y chromium or set CHROMIUM_PATH)');
  process.exit(0);
}

const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-bench-web-'));
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    DEMO_DATA: 'true',
  },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor(`${base}/health`);
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();

  const login = await measure(page, `${base}/login`);
  report('/login', login);

  await page.getByLabel(/E-Mail|Benutzername/).fill('max.mustermann@example.com');
  await page.getByLabel(/^Passwort\s*\*?$/).fill('Demo-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await page.waitForURL(/\/search/);
  // A fresh page load of /search with the stored session: what a returning user downloads.
  const search = await measure(page, `${base}/search`);
  report('/search', search);
  const vehicleId = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('authData') ?? '{}');
    const answer = await fetch('/v1/search', { headers: { authorization: `Bearer ${session.accessToken}` } });
    return (await answer.json())[0]?.id;
  });
  report('/vehicle/{id}', await measure(page, `${base}/vehicle/${vehicleId}`));
  report('/profile/salary', await measure(page, `${base}/profile/salary`));
  await browser.close();
} finally {
  server.kill();
}

function report(route, scripts) {
  const total = totalKb(scripts);
  const budget = WEB_BUNDLE_BUDGETS_KB[route];
  console.log(
    `${route.padEnd(16)} initial JS ${total.toFixed(1)} KB gzip in ${scripts.size} files; target ${WEB_BUNDLE_TARGET_KB} KB; ratio ${(total / WEB_BUNDLE_TARGET_KB).toFixed(2)}; budget ${budget} KB${budget > WEB_BUNDLE_TARGET_KB ? ' (open gap)' : ''}`,
  );
  if (listFiles) console.log(describeScripts(scripts));
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
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not answer ${url}`);
}
