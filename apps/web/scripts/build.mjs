// Builds the web app: a first build (kept in memory) shows which modules each first view uses after
// tree-shaking; the second, written to dist, groups them by the views that use them
// (scripts/first-view-chunks.mjs, ADR 0022). Beside Vite's manifest it writes which chunk holds each of
// the app's modules (dist/.vite/modules.json), as a grouped module has no manifest entry of its own;
// scripts/prerender.mjs reads both and removes them.
// Usage: node apps/web/scripts/build.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';

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
} finally {
  Reflect.deleteProperty(process.env, FIRST_VIEW_PLAN_ENV);
  fs.rmSync(planDir, { recursive: true, force: true });
}
console.log(
  `first views: ${String(Object.keys(plan).length)} modules in ${String(new Set(Object.values(plan)).size)} chunks`,
);
