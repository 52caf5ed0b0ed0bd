import { formatPayrollMonth, parsePayrollMonth } from '@leasing/payroll';

import { berlinToday } from '../../lib/berlin-day.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import type { BillingDeps } from './deps.js';
import * as repo from './repository.js';
import { runInvoices } from './run.js';
import { pruneRunProgress } from './run-progress.js';

export const INVOICE_RUN_JOB = 'billing.monthly-run';
const HOURLY = 60 * 60 * 1000;

/**
 * The first working day of a month: the first Monday to Friday that is not New Year's Day (the one
 * nationwide holiday that can fall on a month's first working days; regional holidays do not stop
 * the run, and a run a day early or late changes no figure).
 */
export function firstWorkingDay(month: string): string {
  for (let day = 1; day <= 7; day++) {
    const iso = `${month}-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !iso.endsWith('-01-01')) return iso;
  }
  return `${month}-01`;
}

/** On the first working day of a month, the previous month's run; once per slot across instances, idempotent. */
export async function runMonthlyInvoicesIfDue(deps: BillingDeps): Promise<void> {
  await pruneRunProgress(deps.db, deps.clock.now());
  const today = berlinToday(deps.clock.now());
  if (today !== firstWorkingDay(today.slice(0, 7))) return;
  // Nothing to invoice before the provider has entered its own billing data.
  if (!(await repo.readProfile(deps.db))) return;
  const previous = formatPayrollMonth(parsePayrollMonth(today.slice(0, 7)) - 1);
  await runInvoices(deps, previous, { id: null, requestId: null }, { leaveCredited: true });
}

export function scheduleInvoiceRun(scheduler: JobScheduler, deps: BillingDeps): void {
  scheduler.every(INVOICE_RUN_JOB, HOURLY, () => runMonthlyInvoicesIfDue(deps));
}
