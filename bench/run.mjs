// `npm run bench`: runs every bench/*.bench.mjs in its own process (one core each, one at a time) and
// prints their figures. Benchmarks report numbers and ratios; they never fail the test suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const benchDir = path.dirname(new URL(import.meta.url).pathname);
// Names pick benches; options (`--quick`) go to each bench that is run.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const options = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const files = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();

// The jobs and invoices benches run the app from its sources and need no build; the scale bench
// measures the built server (apps/api/dist) from a client process.
const fromSources = ['jobs', 'invoices'];
const needsBuild = files.some((f) => !fromSources.some((name) => f.startsWith(name)));
const built = ['packages/payroll/dist/index.js', 'apps/web/dist/index.html', 'apps/api/dist/server.js'];
if (needsBuild && built.some((file) => !fs.existsSync(file))) {
  console.log('== building first (npm run build)');
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const result = spawnSync(
    process.execPath,
    // --expose-gc: a bench that measures memory starts each measurement from a settled heap.
    ['--expose-gc', '--conditions=@leasing/source', '--import', 'tsx', path.join(benchDir, file), ...options],
    {
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
