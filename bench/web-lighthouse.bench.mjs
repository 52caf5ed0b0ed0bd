// Lighthouse performance of the first views of /login, /search, a vehicle page and /profile/salary against
// the built app: Lighthouse's default mobile profile (simulated slow 4G, 4x CPU slowdown) and its desktop
// preset. Targets: mobile performance ≥ 90 and CLS < 0.05. Each figure is the median of LIGHTHOUSE_RUNS
// runs (default 3); it reports numbers and fails only when it cannot measure. LIGHTHOUSE_REPORTS=<folder> keeps
// every run's full report (JSON, open it in the Lighthouse viewer) to see where the time goes;
// LIGHTHOUSE_FORM_FACTORS=mobile measures one form factor only, LIGHTHOUSE_ROUTES=/login,/search some routes only.
// LIGHTHOUSE_CPU_SLOWDOWN=6 sets the mobile profile's CPU slowdown instead of the default 4x: Lighthouse's
// advice for calibrating to the machine's speed (its benchmark index, printed), to see the margin a target
// has on a machine faster or slower than the one the 4x was chosen for.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';

import { findChromium } from '../scripts/chromium.mjs';
import { signInDemoEmployee, startDemoServer } from '../scripts/demo-server.mjs';

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const reportDir = process.env.LIGHTHOUSE_REPORTS ? path.resolve(process.env.LIGHTHOUSE_REPORTS) : undefined;
if (reportDir) fs.mkdirSync(reportDir, { recursive: true });
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`LIGHTHOUSE_RUNS must be a whole number ≥ 1, not "${process.env.LIGHTHOUSE_RUNS}"`);
  process.exit(1);
}
const chromePath = findChromium();
if (!chromePath) {
  console.log('skipped: Chromium not found (apt-get install -y chromium or set CHROMIUM_PATH)');
  process.exit(0);
}

/** @typedef {{ score: number | null, cls: number, tbt: number, lcp: number, jsSentKb: number, jsGzipKb: number }} Figures */
/** @typedef {{ route: string, formFactor: 'mobile' | 'desktop', figures: Figures }} Row */

const formFactors = /** @type {const} */ ([
  ['mobile', undefined],
  ['desktop', desktopConfig],
]).filter(([name]) => (process.env.LIGHTHOUSE_FORM_FACTORS ?? 'mobile,desktop').split(',').includes(name));
if (formFactors.length === 0) {
  console.error(
    `LIGHTHOUSE_FORM_FACTORS must name mobile and/or desktop, not "${process.env.LIGHTHOUSE_FORM_FACTORS}"`,
  );
  process.exit(1);
}
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1)) {
  console.error(`LIGHTHOUSE_CPU_SLOWDOWN must be a number ≥ 1, not "${process.env.LIGHTHOUSE_CPU_SLOWDOWN}"`);
  process.exit(1);
}
const routeFilter = process.env.LIGHTHOUSE_ROUTES?.split(',');
/** @param {string} route */
const wanted = (route) => !routeFilter || routeFilter.includes(route);
/** @type {Map<string, number>} gzip size (level 9) of each script URL, as bench/web-bundle.bench.mjs counts */
const gzipBytes = new Map();

const server = await startDemoServer('lighthouse');
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-bench-chrome-'));
/** @type {import('chrome-launcher').LaunchedChrome | undefined} */
let chrome;
/** @type {Row[]} */
const rows = [];
let about = '';
/** Lighthouse's CPU speed figure per run: low or scattered values mean a busy machine. */
const benchmarkIndexes = /** @type {number[]} */ ([]);
try {
  chrome = await launch({
    chromePath,
    userDataDir: profileDir,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  // /login as a signed-out visitor meets it, so before the sign-in.
  if (wanted('/login')) await measureRoute(chrome.port, '/login', '/login');
  const vehicleId = await signIn(chrome.port);
  if (wanted('/search')) await measureRoute(chrome.port, '/search', '/search');
  if (wanted('/vehicle/{id}')) await measureRoute(chrome.port, '/vehicle/{id}', `/vehicle/${vehicleId}`);
  if (wanted('/profile/salary')) await measureRoute(chrome.port, '/profile/salary', '/profile/salary');
  printReport(rows);
} catch (error) {
  console.error(`Lighthouse could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  chrome?.kill();
  await server.stop();
  fs.rmSync(profileDir, { recursive: true, force: true });
}

/**
 * @param {number} port Chromium's debugging port
 * @param {string} route
 * @param {string} pathname
 */
async function measureRoute(port, route, pathname) {
  for (const [formFactor, config] of formFactors) {
    /** @type {Figures[]} */
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await audit(port, pathname, config));
    rows.push({ route, formFactor, figures: medians(samples) });
    console.log(`measured ${route} ${formFactor} (${runs} run${runs > 1 ? 's' : ''})`);
  }
}

/**
 * @param {number} port
 * @param {string} pathname
 * @param {import('lighthouse').Config | undefined} config
 * @returns {Promise<Figures>}
 */
async function audit(port, pathname, config) {
  const lhr = await lighthouseRun(port, pathname, config);
  if (reportDir) {
    const name = `${pathname.replaceAll('/', '_').slice(1)}-${config ? 'desktop' : 'mobile'}-${Date.now()}.json`;
    fs.writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  benchmarkIndexes.push(lhr.environment.benchmarkIndex);
  about ||= `Lighthouse ${lhr.lighthouseVersion}, Chromium ${lhr.environment.hostUserAgent.match(/Chrome\/(\d+)/)?.[1] ?? '?'}`;
  // A lost sign-in would measure the login page under the route's name.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== pathname) throw new Error(`${pathname} ended on ${landed}`);

  /** @param {string} id */
  const numeric = (id) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== 'number') throw new Error(`${pathname}: no value for ${id}`);
    return value;
  };
  const requests = /** @type {{ items?: { url: string, resourceType?: string, transferSize?: number }[] }} */ (
    lhr.audits['network-requests']?.details ?? {}
  ).items;
  if (!requests) throw new Error(`${pathname}: no network-requests audit`);
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sent = scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  let gzip = 0;
  for (const { url } of scripts) gzip += await gzipSize(url);
  const score = lhr.categories['performance']?.score;
  return {
    score: typeof score === 'number' ? Math.round(score * 100) : null,
    cls: numeric('cumulative-layout-shift'),
    tbt: numeric('total-blocking-time'),
    lcp: numeric('largest-contentful-paint'),
    jsSentKb: sent / 1024,
    jsGzipKb: gzip / 1024,
  };
}

/**
 * Lighthouse's storage reset clears the origin's HTTP cache, service workers and cache storage but not its
 * localStorage (Lighthouse 12's default clearStorageTypes): every run is a cold first view, still signed in.
 * On a busy machine Chromium now and then loses the trace of a load (NO_NAVSTART); Lighthouse's advice is
 * to run again, which changes nothing in what is measured.
 * @param {number} port
 * @param {string} pathname
 * @param {import('lighthouse').Config | undefined} config
 */
async function lighthouseRun(port, pathname, config) {
  for (let attempt = 1; ; attempt++) {
    // Lighthouse merges these settings into the profile's: only the multiplier changes.
    const slowdown = !config && cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {};
    const result = await lighthouse(
      `${server.base}${pathname}`,
      { port, logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: false, ...slowdown },
      config,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${pathname}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (attempt === 3) throw new Error(`${pathname}: ${error.code} ${error.message}`);
    console.log(`${pathname}: ${error.code}, running again`);
  }
}

/**
 * Lighthouse's transfer size is what went over the line (the build's Brotli copies); the gzip size is what
 * the bundle budget counts.
 * @param {string} url
 */
async function gzipSize(url) {
  let bytes = gzipBytes.get(url);
  if (bytes === undefined) {
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`${url}: HTTP ${answer.status}`);
    bytes = zlib.gzipSync(Buffer.from(await answer.arrayBuffer()), { level: 9 }).length;
    gzipBytes.set(url, bytes);
  }
  return bytes;
}

/**
 * Signs in through the form in the same Chromium profile Lighthouse uses, then lets go of the browser.
 * @param {number} port
 */
async function signIn(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('Chromium has no default browser context');
    const page = await context.newPage();
    const vehicleId = await signInDemoEmployee(page, server.base);
    await page.close();
    return vehicleId;
  } finally {
    await browser.close();
  }
}

/**
 * The median of each figure on its own (for an even count, the mean of the middle two).
 * @param {Figures[]} samples
 * @returns {Figures}
 */
function medians(samples) {
  /**
   * @param {(f: Figures) => number | null} pick
   * @returns {number | null}
   */
  const median = (pick) => {
    const values = samples.flatMap((f) => pick(f) ?? []).sort((a, b) => a - b);
    const low = values[Math.ceil(values.length / 2) - 1];
    const high = values[Math.floor(values.length / 2)];
    return low === undefined || high === undefined ? null : (low + high) / 2;
  };
  /** @param {(f: Figures) => number} pick */
  const measured = (pick) => median(pick) ?? Number.NaN;
  return {
    score: median((f) => f.score),
    cls: measured((f) => f.cls),
    tbt: measured((f) => f.tbt),
    lcp: measured((f) => f.lcp),
    jsSentKb: measured((f) => f.jsSentKb),
    jsGzipKb: measured((f) => f.jsGzipKb),
  };
}

/** @param {Row[]} table */
function printReport(table) {
  const header = ['route', 'form factor', 'perf', 'CLS', 'TBT ms', 'LCP ms', 'JS KB sent', 'JS KB gzip'];
  const lines = table.map(({ route, formFactor, figures: f }) => [
    route,
    formFactor,
    f.score === null ? 'n/a' : String(f.score),
    f.cls.toFixed(3),
    f.tbt.toFixed(0),
    f.lcp.toFixed(0),
    f.jsSentKb.toFixed(1),
    f.jsGzipKb.toFixed(1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]?.length ?? 0)));
  const format = (/** @type {string[]} */ cells) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const cpu = benchmarkIndexes.map(Math.round).sort((a, b) => a - b);
  console.log(`\n${about}, median of ${runs} run${runs > 1 ? 's' : ''} per row`);
  if (cpuSlowdown)
    console.log(`mobile CPU slowdown ${cpuSlowdown}x (LIGHTHOUSE_CPU_SLOWDOWN; the default profile's is 4x)`);
  console.log(
    `CPU benchmark index ${cpu[0]}–${cpu.at(-1)} over ${cpu.length} runs (Lighthouse's machine-speed figure)`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));

  const mobile = table.filter((r) => r.formFactor === 'mobile');
  const slow = mobile.filter((r) => r.figures.score === null || r.figures.score < 90);
  const shifting = table.filter((r) => r.figures.cls >= 0.05);
  console.log(
    `\ntarget mobile performance ≥ 90${cpuSlowdown ? ` (set for the default 4x; here ${cpuSlowdown}x)` : ''}: ${slow.length === 0 ? 'holds' : `missed on ${slow.map((r) => `${r.route} (${r.figures.score ?? 'n/a'})`).join(', ')}`}`,
  );
  console.log(
    `target CLS < 0.05: ${shifting.length === 0 ? 'holds' : `missed on ${shifting.map((r) => `${r.route} ${r.formFactor} (${r.figures.cls.toFixed(3)})`).join(', ')}`}`,
  );
}
