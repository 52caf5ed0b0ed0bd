import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The version of the code that computes a payroll month (ADR 0063): a hash of the server's code and
 * of the payroll and contract packages as this process runs them (their sources in development and
 * tests, their build in production; tests excepted). Every instance of one release gets the same, and
 * a release that changes any of it computes the stored months of the trend again. Read once per process
 * (a few megabytes).
 */

/** `apps/api/src` or `apps/api/dist`: the folder the running server's code is in. */
const CODE_ROOT = path.resolve(import.meta.dirname, '../..');
const REPOSITORY = path.resolve(CODE_ROOT, '../../..');
const KIND = path.basename(CODE_ROOT);
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const CODE_FILE = /\.([cm]?[jt]sx?|json)$/;

let version: string | null = null;

export function payrollCodeVersion(): string {
  version ??= hashOf([CODE_ROOT, ...['payroll', 'contract'].map((p) => path.join(REPOSITORY, 'packages', p, KIND))]);
  return version;
}

function hashOf(roots: readonly string[]): string {
  const hash = crypto.createHash('sha256');
  for (const root of roots) {
    const files = fs.existsSync(root)
      ? fs
          .readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && CODE_FILE.test(entry.name) && !TEST_FILE.test(entry.name))
          .map((entry) => path.join(entry.parentPath, entry.name))
          .sort()
      : [];
    hash.update(`root ${path.relative(REPOSITORY, root)} ${files.length}\n`);
    for (const file of files) {
      hash.update(`${path.relative(root, file)}\n`);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 16);
}
