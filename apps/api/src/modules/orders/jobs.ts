import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import { reconcileCases, runOrderChecks, type OrderDeps } from './service.js';

/**
 * Scheduled order work: expiry and breaking changes every minute, catching up on provider cases
 * whose callback got lost every 10 s. All state is in the database, so a restart loses nothing: the
 * next run after start-up picks up whatever fell due meanwhile. The scheduler runs each slot on one
 * instance only. Both walk their candidates in batches (decision 0043) and stop between two at shutdown.
 */
export function scheduleOrderJobs(scheduler: JobScheduler, deps: OrderDeps): void {
  scheduler.every('orders.checks', 60_000, (signal) => runOrderChecks(deps, { signal }));
  scheduler.every('orders.reconcile-cases', 10_000, (signal) => reconcileCases(deps, { signal }));
}
