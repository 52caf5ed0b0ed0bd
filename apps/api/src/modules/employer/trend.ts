import { WAITING_BUCKETS, type PayrollTotals, type TenantTrend } from '@leasing/contract';
import { formatPayrollMonth, parsePayrollMonth } from '@leasing/payroll';

import { openStepAges } from '../orders/index.js';
import type { Admin, EmployerDeps } from './deps.js';
import { payrollInputsVersion } from './payroll-inputs-version.js';
import { CLOSED } from './people.js';
import * as repo from './repository.js';
import { currentMonth } from './settings.js';
import { computeInBackground, storedMonths } from './trend-cache.js';

/**
 * How long a request waits for months still being computed before it answers with those it has
 * (the rest `null`, `complete: false`; the page asks again). A small employer's twelve months fit in
 * it; a large employer's first visit after a change gets the newest months first.
 */
export const TREND_WAIT_MS = 1_500;

/** The `count` months up to and including `last` (`YYYY-MM`), oldest first. */
export function monthsUpTo(last: string, count: number): string[] {
  const index = parsePayrollMonth(last);
  return Array.from({ length: count }, (_, i) => formatPayrollMonth(index - count + 1 + i));
}

/**
 * `GET /v1/tenant/overview/trend?months=`: the payroll totals of the last months (each equal to that
 * month's export, ADR 0063), the uptake and the approvals waiting for HR, by days waiting.
 */
export async function tenantTrend(
  deps: EmployerDeps,
  admin: Admin,
  query: { months: number },
  waitMs = TREND_WAIT_MS,
): Promise<TenantTrend> {
  const now = deps.clock.now();
  const months = monthsUpTo(currentMonth(now), query.months);
  const [totals, people, waiting] = await Promise.all([
    trendMonths(deps, admin, months, waitMs),
    repo.peopleCounts(deps.db, admin.tenantId, [...CLOSED]),
    openStepAges(deps.db, now, { statuses: ['TENANT_ADMIN_CLICK_CONFIRM'], tenantId: admin.tenantId }),
  ]);
  const byDaysWaiting = WAITING_BUCKETS.map((bucket, age) => ({
    bucket,
    count: waiting.filter((w) => w.age === age).reduce((sum, w) => sum + w.n, 0),
  }));
  return {
    months: months.map((month) => ({ month, totals: totals.get(month) ?? null })),
    complete: months.every((month) => totals.has(month)),
    uptake: { participants: people.participants, people: people.people },
    openApprovals: { total: byDaysWaiting.reduce((sum, b) => sum + b.count, 0), byDaysWaiting },
  };
}

/** The months stored under the current version, and those computed within the wait. */
async function trendMonths(
  deps: EmployerDeps,
  admin: Admin,
  months: readonly string[],
  waitMs: number,
): Promise<Map<string, PayrollTotals>> {
  const version = await payrollInputsVersion(deps.db, admin.tenantId);
  const found = await storedMonths(deps, admin.tenantId, months, version);
  // The newest first: the current month is the one the overview shows beside the chart.
  const missing = months.filter((month) => !found.has(month)).reverse();
  if (missing.length === 0) return found;
  const scope = { role: 'TENANT_ADMIN' as const, userId: admin.id, tenantId: admin.tenantId };
  const job = computeInBackground(deps, scope, admin.tenantId, missing, version);
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    job.finished,
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  for (const month of missing) {
    const totals = job.done.get(month);
    if (totals) found.set(month, totals);
  }
  return found;
}
