// Builds the web app: a first build (kept in memory) shows which modules each first view uses after
// tree-shaking; the second, written to dist, groups them by the views that use them
// (scripts/first-view-chunks.mjs, ADR 0022). Beside Vite's manifest it writes which chunk holds each of
// the app's modules (dist/.vite/modules.json), as a grouped module has no manifest entry of its own;
// scripts/prerender.mjs reads both and removes them. The classic scripts in public/ are copied as written,
// comments and all, and minified here: every page loads the head script before it paints (ADR 0010).
// Usage: node apps/web/scripts/build.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build, minifySync } from 'vite';

import { FIRST_VIEW_PLAN_ENV, planFirstViewChunks } from './first-view-chunks.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');

/** @param {Awaited<ReturnType<typeof build>>} result */
const outputOf = (result) =>
  (Array.isArray(result) ? result : [result]).flatMap((one) => ('output' in one ? one.output : []));

const plan = planFirstViewChunks(
  outputOf(await build({ root: webDir, logLevel: 'warn', build: { write: false } })),
  webDir,
);
const planDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-first-view-'));
const planFile = path.join(planDir, 'plan.json');
fs.writeFileSync(planFile, JSON.stringify(plan));
process.env[FIRST_VIEW_PLAN_ENV] = planFile;
try {
  const output = outputOf(await build({ root: webDir }));
  /** @type {Record<string, string>} */
  const modules = {};
  for (const item of output) {
    if (item.type !== 'chunk') continue;
    for (const id of item.moduleIds)
      if (id.startsWith(`${webDir}/`)) modules[path.relative(webDir, id)] = item.fileName;
  }
  fs.writeFileSync(path.join(webDir, 'dist', '.vite', 'modules.json'), JSON.stringify(modules));
  minifyPublicScripts(path.join(webDir, 'dist'));
} finally {
  Reflect.deleteProperty(process.env, FIRST_VIEW_PLAN_ENV);
  fs.rmSync(planDir, { recursive: true, force: true });
}
console.log(
  `first views: ${String(Object.keys(plan).length)} modules in ${String(new Set(Object.values(plan)).size)} chunks`,
);

/**
 * Minifies the classic scripts Vite copied from public/ into the top of `distDir`; a script the minifier
 * cannot read fails the build rather than ship as written.
 * @param {string} distDir
 */
function minifyPublicScripts(distDir) {
  const publicDir = path.join(webDir, 'public');
  for (const name of fs.readdirSync(publicDir).filter((file) => file.endsWith('.js'))) {
    const file = path.join(distDir, name);
    const { code, errors } = minifySync(name, fs.readFileSync(file, 'utf8'), { compress: true, mangle: true });
    if (errors.length > 0) throw new Error(`${name} could not be minified: ${errors.map((e) => e.message).join('; ')}`);
    fs.writeFileSync(file, code);
  }
}
