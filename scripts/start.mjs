// `npm start`: runs the full build (`npm run build`) only when its inputs or outputs differ from those of
// the last build this script finished (scripts/build-stamp.mjs), then starts the server. The server runs
// in this process rather than a child of it: Ctrl-C and a container's SIGTERM reach its own graceful
// shutdown directly, and its exit code and output are the start's. package.json runs it with `exec`, so no
// shell stands between npm and this process: npm passes a container's SIGTERM on to its child, and a
// shell in between would die of it and leave the server running.
// Usage: node scripts/start.mjs
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { buildReason, recordBuild, sourceStamp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER = path.join(root, 'apps/api/dist/server.js');
const FORWARDED_SIGNALS = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP']);

const sources = sourceStamp(root);
const reason = buildReason(root, sources);
if (reason) {
  // On stderr: stdout is the server's, and its log may be read by a machine.
  console.error(`start: building, ${reason}`);
  const exitCode = await runBuild();
  if (exitCode !== 0) process.exit(exitCode);
  recordBuild(root, sources);
} else {
  console.error('start: build is up to date');
}
await import(pathToFileURL(SERVER).href);

/**
 * Runs `npm run build` with this terminal, in a process group of its own: a signal to this process (Ctrl-C,
 * a container stop) is passed on to the whole group, as the shells between the build's steps would die of
 * it without passing it on to the step running.
 * @returns {Promise<number>} the build's exit code; 128 + the signal's number when a signal ended it or
 *   asked this process to stop
 */
function runBuild() {
  const build = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', detached: true });
  /** @type {NodeJS.Signals | undefined} */
  let stoppedBy;
  const forward = (/** @type {NodeJS.Signals} */ signal) => {
    stoppedBy = signal;
    try {
      if (build.pid) process.kill(-build.pid, signal);
    } catch {
      // The group has ended already; its exit is on its way.
    }
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  return new Promise((resolve, reject) => {
    build.on('error', reject);
    build.on('exit', (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward);
      // Asked to stop: no server, even when the build got to its end first.
      const endedBy = stoppedBy ?? signal;
      resolve(endedBy ? 128 + constants.signals[endedBy] : (code ?? 1));
    });
  });
}
