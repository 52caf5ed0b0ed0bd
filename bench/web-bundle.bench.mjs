// Initial JavaScript (gzip) a browser downloads for the first view of /login, /search, a vehicle page
// and /profile/salary, measured in real Chromium against the built app. Target: 200 KB gzip per route;
// the budgets (scripts/web-bundle.mjs) are what e2e/bundle-budget.spec.ts enforces.
import { chromium } from '@playwright/test';

import { findChromium } from '../scripts/chromium.mjs';
import { signInDemoEmployee, startDemoServer } from '../scripts/demo-server.mjs';
import {
  describeScripts,
  measureInitialJs,
  totalKb,
  WEB_BUNDLE_BUDGETS_KB,
  WEB_BUNDLE_READY,
  WEB_BUNDLE_TARGET_KB,
} from '../scripts/web-bundle.mjs';

// WEB_BUNDLE_FILES=1 lists every script of each route, largest first.
const listFiles = Boolean(process.env.WEB_BUNDLE_FILES);
const executablePath = findChromium();
if (!executablePath) {
  console.log('skipped: Chromium not found (apt-get install -y chromium or set CHROMIUM_PATH)');
  process.exit(0);
}

const { base, stop } = await startDemoServer('web');
try {
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();

  const measure = (route, path) => measureInitialJs(page, `${base}${path}`, WEB_BUNDLE_READY[route]);
  const login = await measure('/login', '/login');
  report('/login', login);

  const vehicleId = await signInDemoEmployee(page, base);
  // A fresh page load of /search with the stored session: what a returning user downloads.
  const search = await measure('/search', '/search');
  report('/search', search);
  report('/vehicle/{id}', await measure('/vehicle/{id}', `/vehicle/${vehicleId}`));
  report('/profile/salary', await measure('/profile/salary', '/profile/salary'));
  await browser.close();
} finally {
  await stop();
}

function report(route, scripts) {
  const total = totalKb(scripts);
  const budget = WEB_BUNDLE_BUDGETS_KB[route];
  console.log(
    `${route.padEnd(16)} initial JS ${total.toFixed(1)} KB gzip in ${scripts.size} files; target ${WEB_BUNDLE_TARGET_KB} KB; ratio ${(total / WEB_BUNDLE_TARGET_KB).toFixed(2)}; budget ${budget} KB${budget > WEB_BUNDLE_TARGET_KB ? ' (open gap)' : ''}`,
  );
  if (listFiles) console.log(describeScripts(scripts));
}
