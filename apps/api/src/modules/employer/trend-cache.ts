import { PayrollTotalsSchema, type PayrollTotals } from '@leasing/contract';
import { and, eq, inArray } from 'drizzle-orm';

import { payrollMonthTotals } from '../../db/schema-employer.js';
import { runInScope, type DbScope } from '../../db/scope.js';
import { DecryptionError } from '../../lib/field-encryption.js';
import type { EmployerDeps } from './deps.js';
import { payrollTotalsOf } from './payroll.js';
import { payrollInputsVersion } from './payroll-inputs-version.js';

/**
 * The months of the employer's payroll as last computed (ADR 0063). A month's totals are those of
 * `payrollTotalsOf`, the function behind `GET /v1/tenant/payroll/{month}`, kept in
 * `payroll_month_totals` with the version of their inputs (`payrollInputsVersion`): while the version
 * is the current one they are the export's totals, so they are answered from there; otherwise the
 * month is computed again. A large employer's month takes one to two seconds, so a trend's missing
 * months are computed in the background, one after the other, the newest first.
 */

type TrendDeps = Pick<EmployerDeps, 'db' | 'cipher' | 'clock'> & {
  account: Pick<EmployerDeps['account'], 'background'>;
};

/** What a stored month's ciphertext is bound to: a row copied to another employer, month or version fails. */
const aadOf = (tenantId: string, month: string, version: string) =>
  `payroll_month_totals:${tenantId}:${month}:${version}`;

/** The stored months of this version (a month stored under another version, or unreadable, is missing). */
export async function storedMonths(
  deps: Pick<TrendDeps, 'db' | 'cipher'>,
  tenantId: string,
  months: readonly string[],
  version: string,
): Promise<Map<string, PayrollTotals>> {
  if (months.length === 0) return new Map();
  const rows = await deps.db
    .select({
      month: payrollMonthTotals.month,
      version: payrollMonthTotals.inputsVersion,
      keyId: payrollMonthTotals.keyId,
      iv: payrollMonthTotals.iv,
      ciphertext: payrollMonthTotals.ciphertext,
    })
    .from(payrollMonthTotals)
    .where(and(eq(payrollMonthTotals.tenantId, tenantId), inArray(payrollMonthTotals.month, [...months])));
  const found = new Map<string, PayrollTotals>();
  for (const row of rows) {
    if (row.version !== version) continue;
    const totals = openTotals(deps, row, aadOf(tenantId, row.month, version));
    if (totals) found.set(row.month, totals);
  }
  return found;
}

/**
 * A stored month's totals, or null when they cannot be read: a key no longer configured, or an older
 * shape (written by this module from the contract's shape; parsed again). Then the month is computed anew.
 */
function openTotals(
  deps: Pick<TrendDeps, 'cipher'>,
  row: { keyId: string; iv: Buffer; ciphertext: Buffer },
  aad: string,
): PayrollTotals | null {
  let plaintext: string;
  try {
    plaintext = deps.cipher.decrypt(row, aad);
  } catch (error) {
    if (error instanceof DecryptionError) return null;
    throw error;
  }
  const parsed = PayrollTotalsSchema.safeParse(JSON.parse(plaintext));
  return parsed.success ? parsed.data : null;
}

async function storeMonth(
  deps: Pick<TrendDeps, 'db' | 'cipher'>,
  tenantId: string,
  month: string,
  version: string,
  totals: PayrollTotals,
  at: Date,
) {
  const sealed = deps.cipher.encrypt(JSON.stringify(totals), aadOf(tenantId, month, version));
  const values = {
    inputsVersion: version,
    keyId: sealed.keyId,
    iv: sealed.iv,
    ciphertext: sealed.ciphertext,
    computedAt: at,
  };
  await deps.db
    .insert(payrollMonthTotals)
    .values({ tenantId, month, ...values })
    .onConflictDoUpdate({ target: [payrollMonthTotals.tenantId, payrollMonthTotals.month], set: values });
}

/** Months being computed in this process, by employer, month and version: each is computed once. */
const computing = new WeakMap<object, Map<string, Promise<PayrollTotals>>>();

/**
 * A month's totals under `version`, computed now and stored (unless this process is computing it
 * already: then that computation's). The version was read before: should the inputs change while the
 * month is computed, the next request reads another version and computes the month again.
 */
export function computeMonth(
  deps: TrendDeps,
  tenantId: string,
  month: string,
  version: string,
): Promise<PayrollTotals> {
  let flights = computing.get(deps.db);
  if (!flights) computing.set(deps.db, (flights = new Map()));
  const key = `${tenantId}|${month}|${version}`;
  const running = flights.get(key);
  if (running) return running;
  const started = (async () => {
    const totals = await payrollTotalsOf(deps, tenantId, month);
    await storeMonth(deps, tenantId, month, version, totals, deps.clock.now());
    return totals;
  })().finally(() => flights.delete(key));
  flights.set(key, started);
  return started;
}

/**
 * One month's totals as the export has them now: stored under the current version, or computed (the
 * overview's current month).
 */
export async function monthTotals(deps: TrendDeps, tenantId: string, month: string): Promise<PayrollTotals> {
  const version = await payrollInputsVersion(deps.db, tenantId);
  const stored = (await storedMonths(deps, tenantId, [month], version)).get(month);
  return stored ?? computeMonth(deps, tenantId, month, version);
}

/** A background computation of an employer's missing months under one version. */
interface MonthsJob {
  version: string;
  /** Months still to compute, the next first. */
  queue: string[];
  done: Map<string, PayrollTotals>;
  /** Settles when the queue is empty (rejects when a month failed). */
  finished: Promise<void>;
  /** A newer version was asked for: the job stops after its current month. */
  superseded: boolean;
  /** When the job last finished a month (or started): one that stopped moving is replaced. */
  movedAt: number;
}

/** A job without a finished month for this long is thought gone (a shutdown's task never started). */
const STALLED_MS = 5 * 60_000;

const jobs = new WeakMap<object, Map<string, MonthsJob>>();

/**
 * Starts computing `months` (the order given) in the background under `version`, or adds them to the
 * employer's job of that version already running; an employer's job of an older version stops after
 * the month it is in. The work runs in the admin's scope as a background task (shutdown waits for it
 * a bounded time; a month cut short is computed by the next request).
 */
export function computeInBackground(
  deps: TrendDeps,
  scope: DbScope,
  tenantId: string,
  months: readonly string[],
  version: string,
): MonthsJob {
  let byTenant = jobs.get(deps.db);
  if (!byTenant) jobs.set(deps.db, (byTenant = new Map()));
  const running = byTenant.get(tenantId);
  if (running && running.version === version && !running.superseded && Date.now() - running.movedAt < STALLED_MS) {
    for (const month of months)
      if (!running.queue.includes(month) && !running.done.has(month)) running.queue.push(month);
    return running;
  }
  if (running) running.superseded = true;
  let settle: { resolve: () => void; reject: (error: unknown) => void } = {
    resolve: () => undefined,
    reject: () => undefined,
  };
  const finished = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  // Awaited by the requests that wait for it; one that gave up waiting must not leave it unhandled.
  finished.catch(() => undefined);
  const job: MonthsJob = {
    version,
    queue: [...months],
    done: new Map(),
    finished,
    superseded: false,
    movedAt: Date.now(),
  };
  byTenant.set(tenantId, job);
  deps.account.background.run('employer.payroll-trend', async (signal) => {
    try {
      await runInScope(scope, async () => {
        for (let month = job.queue.shift(); month !== undefined; month = job.queue.shift()) {
          if (signal.aborted || job.superseded) break;
          job.done.set(month, await computeMonth(deps, tenantId, month, version));
          job.movedAt = Date.now();
        }
      });
      settle.resolve();
    } catch (error) {
      settle.reject(error);
      throw error;
    } finally {
      if (byTenant.get(tenantId) === job) byTenant.delete(tenantId);
    }
  });
  return job;
}
