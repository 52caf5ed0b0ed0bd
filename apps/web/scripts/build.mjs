// Builds the web app: a first build (kept in memory) shows which modules each first view uses after
// tree-shaking; the second, written to dist, groups them by the views that use them
// (scripts/first-view-chunks.mjs, ADR 0022).
// Usage: node apps/web/scripts/build.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { build } from 'vite';

import { FIRST_VIEW_PLAN_ENV, planFirstViewChunks } from './first-view-chunks.mjs';

const webDir = fileURLToPath(new URL('..', import.meta.url)).replace(/[\\/]$/, '');

const first = await build({ root: webDir, logLevel: 'warn', build: { write: false } });
const output = (Array.isArray(first) ? first : [first]).flatMap((result) => ('output' in result ? result.output : []));
const plan = planFirstViewChunks(output, webDir);
const planDir = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-first-view-'));
const planFile = path.join(planDir, 'plan.json');
fs.writeFileSync(planFile, JSON.stringify(plan));
process.env[FIRST_VIEW_PLAN_ENV] = planFile;
try {
  await build({ root: webDir });
} finally {
  Reflect.deleteProperty(process.env, FIRST_VIEW_PLAN_ENV);
  fs.rmSync(planDir, { recursive: true, force: true });
}
console.log(
  `first views: ${String(Object.keys(plan).length)} modules in ${String(new Set(Object.values(plan)).size)} chunks`,
);
