// Reports the gzip size of the JavaScript a browser loads for the first view of given routes and
// fails when one exceeds the budget. Builds into a temporary directory with a manifest, so the regular
// dist output stays untouched. Usage: node apps/web/scripts/bundle-report.mjs [--budget-kb 200]
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

import { build } from 'vite';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const budgetArg = process.argv.indexOf('--budget-kb');
const budgetKb = budgetArg > 0 ? Number(process.argv[budgetArg + 1]) : 200;

// Route -> lazy modules the router loads for its first view (layouts and pages, see src/app/router.tsx).
// Only /login and /search carry the 200 KB budget; the others are reported for information.
const BUDGETED = new Set(['/login', '/search']);
const ROUTES = {
  '/login': ['src/app/layouts/auth-layout.tsx', 'src/app/routes/login.tsx'],
  '/search': ['src/app/layouts/main-layout.tsx', 'src/app/routes/search.tsx'],
  '/faq': ['src/app/layouts/main-layout.tsx', 'src/app/routes/faq.tsx'],
  '/profile/salary': [
    'src/app/layouts/main-layout.tsx',
    'src/app/routes/profile.tsx',
    'src/app/routes/profile-salary.tsx',
  ],
};

const outDir = await mkdtemp(join(tmpdir(), 'web-bundle-'));
try {
  await build({
    root: webRoot,
    logLevel: 'warn',
    build: { outDir, manifest: true, sourcemap: false, emptyOutDir: true },
  });
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

  const gzipKb = async (file) => gzipSync(await readFile(join(outDir, file))).length / 1024;
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) collect(imported, files);
  };

  let failed = false;
  for (const [route, lazyModules] of Object.entries(ROUTES)) {
    const files = new Set();
    collect(entryKey, files);
    for (const module of lazyModules) {
      if (!manifest[module]) throw new Error(`${module} is not a chunk; update ROUTES`);
      collect(module, files);
    }
    const sizes = await Promise.all([...files].map(async (file) => ({ file, kb: await gzipKb(file) })));
    const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
    const over = BUDGETED.has(route) && total > budgetKb;
    failed ||= over;
    console.log(
      `${route}: ${total.toFixed(1)} KB gzip in ${String(files.size)} files${over ? `  OVER BUDGET (${String(budgetKb)} KB)` : ''}`,
    );
    for (const { file, kb } of sizes.sort((a, b) => b.kb - a.kb).slice(0, 6)) {
      console.log(`    ${kb.toFixed(1).padStart(6)} KB  ${file}`);
    }
  }
  process.exitCode = failed ? 1 : 0;
} finally {
  await rm(outDir, { recursive: true, force: true });
}
