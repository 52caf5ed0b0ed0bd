import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * What the run's tests showed, checked and scanned, in the run's data folder: each worker is a process of
 * its own and a retry starts a new one, so the memory is a file all of them append to (one line per
 * write, which the system appends whole) and the guard reads after the run.
 * See docs/decisions/0019-accessibility-checks.md.
 */

const dataDir = process.env['E2E_DATA_DIR'] ?? os.tmpdir();
const checkedFile = path.join(dataDir, 'screens-checked.jsonl');
const shownFile = path.join(dataDir, 'screens-shown.jsonl');
const scansFile = path.join(dataDir, 'axe-scans.jsonl');

/** One screen state in one colour scheme at one width, checked without findings. */
export interface CheckRecord {
  name: string;
  scheme: string;
  viewport: string;
  route: string;
}

interface ShownRecord {
  route: string;
  test: string;
}

function readLines<T>(file: string): T[] {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as T);
  } catch {
    return [];
  }
}

function appendLine(file: string, record: object): void {
  fs.appendFileSync(file, `${JSON.stringify(record)}\n`);
}

/** The key of a screen state as checked: its name, colour scheme and width. */
export const stateKey = (record: Omit<CheckRecord, 'route'>): string =>
  `${record.name} (${record.scheme}, ${record.viewport})`;

/** The keys of the states some test of the run has checked so far. */
export function checkedStates(): Set<string> {
  return new Set(readLines<CheckRecord>(checkedFile).map(stateKey));
}

/** Notes a state as checked; also when it was checked before, so that `route` counts as covered. */
export function recordChecked(record: CheckRecord): void {
  appendLine(checkedFile, record);
}

/** Notes that `test` showed a screen of `route`. */
export function recordShown(record: ShownRecord): void {
  appendLine(shownFile, record);
}

/** Notes one axe scan, so the run can say how many it made. */
export function recordAxeScan(where: string): void {
  appendLine(scansFile, { where });
}

/** The axe scans of the run and the screen states they covered. */
export function scanFigures(): { scans: number; states: number } {
  return { scans: readLines(scansFile).length, states: checkedStates().size };
}

/** Screens that only show a loader while they work and then hand on (sign-out → sign-in). */
const HANDING_ON = new Set(['/logout']);

/** Screens shown in this run whose route no check covered, with the test that showed them. */
export function uncheckedScreens(): ShownRecord[] {
  const checked = new Set(readLines<CheckRecord>(checkedFile).map((record) => record.route));
  const seen = new Set<string>();
  return readLines<ShownRecord>(shownFile).filter((record) => {
    if (checked.has(record.route) || HANDING_ON.has(record.route) || seen.has(record.route)) return false;
    seen.add(record.route);
    return true;
  });
}

/** The app's routes with a parameter (apps/web/src/app/router.tsx); every other path is its own route. */
const PARAMETER_ROUTES = [
  '/register/set-password/:code',
  '/register/:registerCode',
  '/invite/:code',
  '/user/passwordReset/:code',
  '/user/emailConfirm/:code',
  '/vehicle/:vehicleId',
  '/order/:orderId',
  '/order/:orderId/preview',
  '/order/:orderId/workflow',
  '/provider/tenants/:tenantId',
  '/employer/payroll/:month',
].map((route) => route.split('/'));

/** A path's route pattern: `/order/12/workflow` → `/order/:orderId/workflow`. */
export function routePattern(pathname: string): string {
  const segments = pathname.replace(/\/+$/, '').split('/');
  const route = PARAMETER_ROUTES.find(
    (parts) =>
      parts.length === segments.length &&
      parts.every((part, index) => part.startsWith(':') || part === segments[index]),
  );
  return (route ?? segments).join('/') || '/';
}
