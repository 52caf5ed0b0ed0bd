// Runs the browser journeys (Playwright driving the system Chromium) against a freshly built app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { findChromium } from './chromium.mjs';

if (!findChromium()) {
  console.error(
    'Chromium is missing for the browser tests: install it with `apt-get install -y chromium` or set CHROMIUM_PATH.',
  );
  process.exit(1);
}
if (!fs.existsSync('apps/api/dist/server.js') || !fs.existsSync('apps/web/dist/index.html')) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}
// The app's embedded database, the run's records and the traces live in one folder, removed when the
// run is over (the app has stopped by then) unless a journey failed; a caller's own E2E_DATA_DIR is left
// to the caller.
const ownDataDir = process.env['E2E_DATA_DIR'] ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-e2e-'));
// The specs that change what others see run after the rest (a project depending on the others, see
// e2e/playwright.config.ts). Playwright runs a dependency in full whatever the filter, so a run of chosen
// specs (or tests) leaves the order out and runs them one after another on one worker instead.
const filters = process.argv.slice(2);
const chosen = filters.some((arg) => !arg.startsWith('-') || /^--(grep|grep-invert|project)\b|^-g$/.test(arg));
const order = chosen ? ['--no-deps', '--workers=1'] : [];
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...order, ...filters], {
  stdio: 'inherit',
  env: { ...process.env, ...(ownDataDir ? { E2E_DATA_DIR: ownDataDir } : {}) },
});
if (ownDataDir && result.status === 0) fs.rmSync(ownDataDir, { recursive: true, force: true });
else if (ownDataDir) console.error(`The run failed; its traces and screenshots are kept in ${path.join(ownDataDir, 'results')}`);
process.exit(result.status ?? 1);
