import {
  OPEN_PIPELINE_STATUSES,
  STEP_DECLARATIONS,
  stepOutcome,
  TREND_WEEKS,
  WAITING_BUCKETS,
  type OpenPipelineStatus,
  type OrderOutcome,
  type ProviderTrend,
  type StepType,
} from '@leasing/contract';
import { formatPayrollMonth, parsePayrollMonth } from '@leasing/payroll';

import { berlinDate, berlinMonth, startOfBerlinDay } from '../../lib/berlin-dates.js';
import type { OrderDeps } from '../orders/index.js';
import { openStepAges, ordersPlacedByPeriod, undeliveredByWindow } from '../orders/index.js';
import { requireProvider, type ProviderActor } from './deps.js';
import { pipelineStatusOf, STEPS_OF_STATUS } from './pipeline.js';

const DAY_MS = 24 * 3600_000;

/** Where an order of this status ended up (ADR 0063). */
export function outcomeOf(status: string, handedOver: boolean): OrderOutcome {
  return Object.hasOwn(STEP_DECLARATIONS, status) ? stepOutcome(status as StepType, handedOver) : 'OPEN';
}

const zeroOutcomes = (): Record<OrderOutcome, number> => ({ LEASE: 0, OPEN: 0, DECLINED: 0, CANCELLED: 0 });
const zeroOpen = (): Record<OpenPipelineStatus, number> => ({
  EMPLOYEE_STEPS: 0,
  EMPLOYER_APPROVAL: 0,
  ORDERING: 0,
  DELIVERY: 0,
});

/** An ISO date `days` later (calendar arithmetic in UTC, no zone involved). */
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the ISO week of `date`. */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return plusDays(date, -weekday);
}

/** The ISO 8601 week number of a date: the week of its Thursday. */
export function isoWeekOf(date: string): number {
  const thursday = plusDays(mondayOf(date), 3);
  const firstOfYear = Date.parse(`${thursday.slice(0, 4)}-01-01T00:00:00Z`);
  return Math.floor((Date.parse(`${thursday}T00:00:00Z`) - firstOfYear) / DAY_MS / 7) + 1;
}

/**
 * `GET /v1/provider/dashboard/trend?months=`: orders per month by where they ended up, deliveries due
 * per week, and open orders by the days in their current step.
 */
export async function dashboardTrend(
  deps: OrderDeps,
  actor: ProviderActor,
  query: { months: number },
): Promise<ProviderTrend> {
  requireProvider(actor);
  const now = deps.clock.now();
  const last = parsePayrollMonth(berlinMonth(now));
  const months = Array.from({ length: query.months }, (_, i) => formatPayrollMonth(last - query.months + 1 + i));
  const openStatuses = OPEN_PIPELINE_STATUSES.flatMap((status) => STEPS_OF_STATUS[status]);
  const [placed, ages, windows] = await Promise.all([
    ordersPlacedByPeriod(
      deps.db,
      months.map((month) => startOfBerlinDay(`${month}-01`)),
    ),
    openStepAges(deps.db, now, { statuses: [...new Set(openStatuses)] }),
    undeliveredByWindow(deps.db),
  ]);

  const ordersByMonth = months.map((month) => ({ month, counts: zeroOutcomes() }));
  for (const row of placed) {
    const entry = ordersByMonth[row.period];
    if (entry) entry.counts[outcomeOf(row.status, row.handedOver)] += row.n;
  }

  const openByDaysInStep = WAITING_BUCKETS.map((bucket) => ({ bucket, counts: zeroOpen() }));
  for (const row of ages) {
    const status = pipelineStatusOf(row.status, row.handedOver ? 'handed over' : null);
    const entry = openByDaysInStep[row.age];
    if (entry && (OPEN_PIPELINE_STATUSES as readonly string[]).includes(status)) {
      entry.counts[status as OpenPipelineStatus] += row.n;
    }
  }

  return { ordersByMonth, deliveries: deliveriesDue(windows, berlinDate(now)), openByDaysInStep };
}

/**
 * The week each undelivered order's window begins in (a window begun before this week counts in
 * this week); windows already over are overdue, orders being ordered or delivered without a window
 * have none yet.
 */
export function deliveriesDue(
  windows: readonly { status: string; from: string | null; to: string | null; n: number }[],
  today: string,
): ProviderTrend['deliveries'] {
  const thisMonday = mondayOf(today);
  const weeks = Array.from({ length: TREND_WEEKS }, (_, i) => {
    const weekStart = plusDays(thisMonday, 7 * i);
    return { weekStart, isoWeek: isoWeekOf(weekStart), count: 0 };
  });
  const end = plusDays(thisMonday, 7 * TREND_WEEKS);
  let overdue = 0;
  let later = 0;
  let withoutWindow = 0;
  for (const row of windows) {
    if (!row.from || !row.to) {
      if (row.status !== 'TENANT_ADMIN_CLICK_CONFIRM') withoutWindow += row.n;
      continue;
    }
    if (row.to < today) {
      overdue += row.n;
      continue;
    }
    const start = row.from < thisMonday ? thisMonday : mondayOf(row.from);
    if (start >= end) {
      later += row.n;
      continue;
    }
    const index = Math.round((Date.parse(`${start}T00:00:00Z`) - Date.parse(`${thisMonday}T00:00:00Z`)) / DAY_MS / 7);
    const week = weeks[index];
    if (week) week.count += row.n;
  }
  return { overdue, weeks, later, withoutWindow };
}
