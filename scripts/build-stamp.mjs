// The build stamp `npm start` decides by (scripts/start.mjs): a content hash of everything that goes into
// `npm run build`, and one of everything the build wrote. Contents, not modification times: a
// `git checkout` or a fresh clone gives every file a new time, and switching back and forth restores
// old contents under new times. The stamp is written only after a build has finished, so a build that
// failed or was cut short leaves none, and the next start builds again.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the stamp lives: beside the server the start runs, outside the web app's served folder. */
export const STAMP_FILE = 'apps/api/dist/.build-stamp.json';

/**
 * The build's inputs, from the repository root; a folder counts with every file in it, tests excepted.
 * A path that does not exist counts as missing, so creating it changes the stamp.
 */
export const BUILD_INPUTS = [
  // What tsc -b compiles (the tsconfigs include src only) and Vite bundles: the contract, the payroll
  // engine, the server, the browser app.
  'packages/contract/src',
  'packages/payroll/src',
  'apps/api/src',
  'apps/web/src',
  // Copied into the web build as written (the locales, the classic head scripts, icons), the page shell
  // every page starts from, and the scripts that build, prerender and precompress it.
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/scripts',
  'apps/web/vite.config.ts',
  // The root build script that runs the server's and the web app's builds side by side.
  'scripts/build.mjs',
  // The env files Vite reads; their VITE_ values end up in the bundle.
  'apps/web/.env',
  'apps/web/.env.local',
  'apps/web/.env.production',
  'apps/web/.env.production.local',
  // Compiler settings (the web app's too: Vite's transformer reads its JSX settings).
  'tsconfig.base.json',
  'packages/contract/tsconfig.json',
  'packages/payroll/tsconfig.json',
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  // The build scripts themselves, and the exports and conditions by which the packages import each other.
  'package.json',
  'packages/contract/package.json',
  'packages/payroll/package.json',
  'apps/api/package.json',
  'apps/web/package.json',
  // The exact versions of TypeScript, Vite and of every library that lands in the bundle.
  'package-lock.json',
];

/** What the build writes; a file in them changed or gone since the stamp means build again. */
export const BUILD_OUTPUTS = ['packages/contract/dist', 'packages/payroll/dist', 'apps/api/dist', 'apps/web/dist'];

// Tests are neither compiled (the tsconfigs exclude them) nor bundled: editing one needs no build.
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The stamp of the build's inputs. Beside the files: the Node version and platform the build tools run
 * on (npm installs native bindings per platform, and a new Node earns a fresh build), and the variables
 * that change what Vite writes: VITE_* go into the bundle (VITE_API_BASE_URL also into the prerendered
 * pages), NODE_ENV picks React's development or production build.
 * @param {string} root
 * @param {{ env?: NodeJS.ProcessEnv, node?: string }} [runtime]
 */
export function sourceStamp(
  root,
  { env = process.env, node = `${process.version} ${process.platform}-${process.arch}` } = {},
) {
  const hash = createHash('sha256').update(`node ${node}\n`);
  const variables = Object.keys(env)
    .filter((name) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort();
  for (const name of variables) hash.update(`env ${name}=${env[name] ?? ''}\n`);
  for (const input of BUILD_INPUTS) hashTree(hash, root, input, (file) => !TEST_FILE.test(file));
  return hash.digest('hex');
}

/**
 * The stamp of what the build wrote, so a build of other sources since (`npm run build` before the
 * end-to-end tests, then a `git checkout` back) is noticed although the sources match the stamp again.
 * @param {string} root
 */
export function outputStamp(root) {
  const hash = createHash('sha256');
  for (const output of BUILD_OUTPUTS) hashTree(hash, root, output, (file) => file !== STAMP_FILE);
  return hash.digest('hex');
}

/**
 * Why `npm start` must build first, or null when the outputs are those of a finished build of `sources`.
 * @param {string} root
 * @param {string} sources the current sourceStamp
 * @returns {string | null}
 */
export function buildReason(root, sources) {
  const stamp = readStamp(root);
  if (!stamp) return 'no finished build recorded';
  if (stamp.sources !== sources) return 'the sources changed since the last build';
  if (stamp.outputs !== outputStamp(root)) return 'the build output changed or is missing';
  return null;
}

/**
 * Records a finished build of `sources` (stamped before the build began, so a file edited while it ran
 * leads to another build at the next start).
 * @param {string} root
 * @param {string} sources
 */
export function recordBuild(root, sources) {
  const file = path.join(root, STAMP_FILE);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ sources, outputs: outputStamp(root) }, null, 2)}\n`);
}

/**
 * @param {string} root
 * @returns {{ sources: string, outputs: string } | null}
 */
function readStamp(root) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * Feeds `hash` every file under `entry` (a file or a folder, from `root`) that `include` accepts, by path
 * and content in a fixed order.
 * @param {import('node:crypto').Hash} hash
 * @param {string} root
 * @param {string} entry
 * @param {(file: string) => boolean} include called with the path from `root`, in / form
 */
function hashTree(hash, root, entry, include) {
  const files = filesUnder(root, entry);
  if (!files) {
    hash.update(`missing ${entry}\n`);
    return;
  }
  for (const file of files.filter(include).sort()) {
    const content = createHash('sha256')
      .update(fs.readFileSync(path.join(root, file)))
      .digest('hex');
    hash.update(`file ${file} ${content}\n`);
  }
}

/**
 * @param {string} root
 * @param {string} entry
 * @returns {string[] | null} the files, from `root` in / form; null when `entry` does not exist
 */
function filesUnder(root, entry) {
  const absolute = path.join(root, entry);
  const stat = fs.statSync(absolute, { throwIfNoEntry: false });
  if (!stat) return null;
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((dirent) => dirent.isFile())
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)).split(path.sep).join('/'));
}
