import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

import { testAppEnv } from './support/app-server.js';

/**
 * The journeys start the built app themselves, on a free port with a fresh embedded database, and
 * drive Debian's Chromium (no browser download).
 */
// The config is evaluated by the runner and again by each worker: port and data folder are chosen once
// and handed on through the environment.
process.env['E2E_PORT'] ??= execFileSync(process.execPath, [
  '-e',
  "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
])
  .toString()
  .trim();
process.env['E2E_DATA_DIR'] ??= fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-e2e-'));
const port = Number(process.env['E2E_PORT']);
const dataDir = process.env['E2E_DATA_DIR'];
const chromium = [process.env['CHROMIUM_PATH'], '/usr/bin/chromium'].find((p) => p && fs.existsSync(p));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Every screen a journey showed was checked for accessibility (docs/decisions/0019).
  globalTeardown: './support/screen-guard.ts',
  // In the run's own folder: parallel runs on one machine must not clean up each other's traces.
  outputDir: path.join(dataDir, 'results'),
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node apps/api/dist/server.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The browser is one client on 127.0.0.1, but the journeys register more people than one client
    // may within 15 minutes (10): `registerEmployee` names a client of its own per person in
    // X-Forwarded-For, which the server believes from the loopback address only.
    env: { ...testAppEnv(port, dataDir), TRUST_PROXY: '127.0.0.1' },
  },
});
