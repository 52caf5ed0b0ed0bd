// `npm run build`: the server's TypeScript projects (`tsc -b`) and the web app's build side by side. The
// web build reads the workspace packages' sources (the `@leasing/source` condition), not their `dist`,
// so neither waits for the other, and a fresh clone's first start takes the longer of the two, not both.
import { spawn } from 'node:child_process';

const STEPS = [
  ['server', 'npx', ['tsc', '-b', 'packages/contract', 'packages/payroll', 'apps/api']],
  ['web', 'npm', ['run', '--silent', 'build', '-w', '@leasing/web']],
];

const started = performance.now();
const results = await Promise.all(STEPS.map(([name, command, args]) => run(name, command, args)));
const failed = results.filter((result) => result.code !== 0);
for (const { name, code, seconds } of results) {
  console.log(`build: ${name} ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds.toFixed(0)} s`);
}
console.log(`build: ${((performance.now() - started) / 1000).toFixed(0)} s in all`);
process.exit(failed.length > 0 ? (failed[0]?.code ?? 1) : 0);

/** One step with this terminal; its exit code (1 when a signal ended it) and how long it took. */
function run(name, command, args) {
  const stepStarted = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    const done = (code) => resolve({ name, code, seconds: (performance.now() - stepStarted) / 1000 });
    child.on('error', () => done(1));
    child.on('exit', (code) => done(code ?? 1));
  });
}
