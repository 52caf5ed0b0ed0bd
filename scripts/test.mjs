// `npm test`: every stage of the project's checks in order, each timed, the first failure ending the
// run. The closing table says what each stage cost (README "What a run costs"), so a stage that grows
// slow is seen in every run, CI's included.
import { spawnSync } from 'node:child_process';

/** The stages, by the package.json script each one runs. */
const STAGES = [
  ['environment', 'check:env'],
  ['lint', 'lint'],
  ['architecture', 'check:architecture'],
  ['typecheck', 'typecheck'],
  ['unit + integration (PGlite, PostgreSQL, Redis)', 'test:unit'],
  ['build', 'build'],
  ['browser journeys', 'test:e2e'],
  ['sqlmap', 'test:sqlmap'],
  ['cluster', 'test:cluster'],
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const timings = [];
let failed = null;
const runStarted = performance.now();
for (const [name, script] of STAGES) {
  console.log(`\n== ${name} (npm run ${script})`);
  const started = performance.now();
  const result = spawnSync(npm, ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  console.log(`-- ${name}: ${seconds.toFixed(0)} s`);
  if (result.status !== 0) {
    failed = { name, status: result.status ?? 1 };
    break;
  }
}

const total = (performance.now() - runStarted) / 1000;
console.log('\nStage timings:');
for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${name}`);
console.log(`  ${total.toFixed(0).padStart(5)} s  in all${failed ? ` (stopped: ${failed.name} failed)` : ''}`);
process.exit(failed ? failed.status : 0);
