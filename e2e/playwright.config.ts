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

/**
 * Journeys that change what every other journey sees: the demo employer's policy (subsidy, price cap)
 * and the price list (a new trim, a raised rate). They run after the others, one at a time.
 */
const SHARED_STATE_SPECS = ['**/employer.spec.ts', '**/provider.spec.ts'];
/** Journeys against an app of their own (`startAppServer`): they keep the other worker busy meanwhile. */
const OWN_APP_SPECS = ['**/consent.spec.ts', '**/large-catalogue.spec.ts', '**/local-signing.spec.ts'];

/**
 * One worker per core, at most two: each drives a Chromium of its own next to the one app server
 * (measured in docs/decisions/0050-browser-journeys-in-parallel.md). E2E_WORKERS overrides it.
 */
const workers = Number(process.env['E2E_WORKERS'] ?? Math.min(2, os.availableParallelism()));

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // A file's tests run in order on one worker (some share a session prepared in `beforeAll`); the
  // files are shared out among the workers.
  fullyParallel: false,
  workers,
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
  projects: [
    { name: 'journeys', testIgnore: [...SHARED_STATE_SPECS, ...OWN_APP_SPECS] },
    { name: 'shared state', testMatch: SHARED_STATE_SPECS, dependencies: ['journeys'], workers: 1 },
    { name: 'own app', testMatch: OWN_APP_SPECS, dependencies: ['journeys'] },
  ],
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
