// Runs the browser journeys (Playwright driving the system Chromium) against a freshly built app.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

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
const result = spawnSync('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
