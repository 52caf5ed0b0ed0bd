import { and, asc, eq, gt, or } from 'drizzle-orm';

import { licenceChecks } from '../../db/schema-lease-end.js';
import { runAsSystem } from '../../db/scope.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import { ProviderUnavailableError } from '../ident/index.js';
import type { OrderDeps } from '../orders/index.js';
import { syncLicenceCheck, type CheckRow } from './licence-check-cases.js';

/** Every minute, once per slot across instances (lib/scheduled-jobs.ts). */
export const LICENCE_CHECKS_JOB = 'lease-end.licence-checks';
export const LICENCE_CHECKS_INTERVAL_MS = 60_000;

export interface RefreshOptions {
  /** Checks read per database round (default 50). */
  batchSize?: number;
  /** Upper bound of checks asked about in one run (default 1000); the next run goes on. */
  maxChecks?: number;
}

export interface RefreshResult {
  /** Open checks asked about. */
  asked: number;
  /** Of those, now finished (succeeded or failed). */
  finished: number;
  /** The provider could not answer (the check stays open for the next run). */
  unavailable: number;
  /** Unexpected errors (the run goes on, then fails so the scheduler logs it). */
  errors: number;
}

/**
 * Asks the provider about every open driving-licence check, so a check completes (or, expired or
 * abandoned, fails with its reason) even if nobody opens the page and the callback got lost. The
 * platform's work, across tenants: runs as the system, in batches in the order the checks started.
 * One check the provider cannot answer does not stop the others.
 */
export async function refreshPendingLicenceChecks(
  deps: OrderDeps,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const batchSize = options.batchSize ?? 50;
  const maxChecks = options.maxChecks ?? 1000;
  return runAsSystem(async () => {
    const result: RefreshResult = { asked: 0, finished: 0, unavailable: 0, errors: 0 };
    let firstError: unknown = null;
    let after: Pick<CheckRow, 'createdAt' | 'id'> | null = null;
    while (result.asked < maxChecks) {
      const batch = await pendingBatch(deps, after, Math.min(batchSize, maxChecks - result.asked));
      for (const row of batch) {
        result.asked += 1;
        try {
          const outcome = await refreshOne(deps, row);
          if (outcome === 'finished') result.finished += 1;
          if (outcome === 'unavailable') result.unavailable += 1;
        } catch (error) {
          result.errors += 1;
          firstError ??= error;
        }
      }
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) break;
      after = { createdAt: last.createdAt, id: last.id };
    }
    if (firstError !== null) throw firstError;
    return result;
  });
}

/** The next open checks after `after` (keyset: a check finished meanwhile does not shift the pages). */
async function pendingBatch(
  deps: OrderDeps,
  after: Pick<CheckRow, 'createdAt' | 'id'> | null,
  limit: number,
): Promise<CheckRow[]> {
  const pending = eq(licenceChecks.status, 'PENDING');
  const where = after
    ? and(
        pending,
        or(
          gt(licenceChecks.createdAt, after.createdAt),
          and(eq(licenceChecks.createdAt, after.createdAt), gt(licenceChecks.id, after.id)),
        ),
      )
    : pending;
  return deps.db
    .select()
    .from(licenceChecks)
    .where(where)
    .orderBy(asc(licenceChecks.createdAt), asc(licenceChecks.id))
    .limit(limit);
}

async function refreshOne(deps: OrderDeps, row: CheckRow): Promise<'finished' | 'open' | 'unavailable'> {
  try {
    const now = await syncLicenceCheck(deps, row);
    return now.status === 'PENDING' ? 'open' : 'finished';
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return 'unavailable';
    throw error;
  }
}

export function scheduleLicenceCheckRefresh(scheduler: JobScheduler, deps: OrderDeps): void {
  scheduler.every(LICENCE_CHECKS_JOB, LICENCE_CHECKS_INTERVAL_MS, () => refreshPendingLicenceChecks(deps));
}
