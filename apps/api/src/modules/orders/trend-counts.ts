import { and, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders, userSteps } from '../../db/schema.js';

/**
 * The counts behind the charts of HR's overview and the provider's dashboard (ADR 0063), counted in
 * the database: one row per bucket and status, never one per order.
 */

const DAY_MS = 24 * 3600_000;

/** A PostgreSQL array literal of instants (`{…}`), one parameter however many (`::timestamptz[]`). */
function instantArray(instants: readonly Date[]): string {
  return `{${instants.map((at) => at.toISOString()).join(',')}}`;
}

export interface CreatedCount {
  /** Index of the period in `starts` the orders were placed in. */
  period: number;
  status: string;
  handedOver: boolean;
  n: number;
}

/**
 * Orders placed from `starts[0]` on, by period (`starts` ascending: period i runs from `starts[i]` to
 * the next start), status and whether the car was handed over. Orders the employee deleted before the
 * signature are gone and not counted.
 */
export async function ordersPlacedByPeriod(db: Database, starts: readonly Date[]): Promise<CreatedCount[]> {
  const first = starts[0];
  if (!first) return [];
  // width_bucket gives 1 for the first period (0 would be before it, which the condition leaves out).
  const period = sql<number>`(width_bucket(${orders.createdAt}, ${instantArray(starts)}::timestamptz[]) - 1)::int`;
  const handedOver = sql<boolean>`${orders.handoverDate} is not null`;
  const rows = await db
    .select({ period, status: orders.status, handedOver, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(gte(orders.createdAt, first))
    // By position: the parameters of the bucket's expression are numbered apart in a GROUP BY of its own.
    .groupBy(sql`1`, sql`2`, sql`3`);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export interface StepAgeCount {
  status: string;
  handedOver: boolean;
  /** 0: under 3 days in the step, 1: 3 to 7, 2: 8 to 14, 3: 15 to 30, 4: more than 30. */
  age: number;
  n: number;
}

/** The days an age bucket starts at (whole days since the step became current). */
export const STEP_AGE_STARTS_DAYS = [0, 3, 8, 15, 31] as const;

/**
 * Orders whose current step waits for someone (a status record without an answer), by status and
 * how long that step has been current; only `statuses`, only the employer's with `tenantId`.
 */
export async function openStepAges(
  db: Database,
  now: Date,
  options: { statuses: readonly string[]; tenantId?: string },
): Promise<StepAgeCount[]> {
  if (options.statuses.length === 0) return [];
  // Ascending thresholds: before the oldest (more than 30 days) width_bucket gives 0.
  const thresholds = [...STEP_AGE_STARTS_DAYS]
    .slice(1)
    .reverse()
    .map((days) => new Date(now.getTime() - days * DAY_MS));
  const bucket = sql<number>`width_bucket(${userSteps.modified}, ${instantArray(thresholds)}::timestamptz[])::int`;
  const handedOver = sql<boolean>`${orders.handoverDate} is not null`;
  const rows = await db
    .select({ status: orders.status, handedOver, bucket, n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(userSteps, eq(userSteps.id, orders.currentUserStepId))
    .where(
      and(
        inArray(orders.status, [...options.statuses]),
        isNotNull(orders.currentUserStepId),
        options.tenantId === undefined ? undefined : eq(orders.tenantId, options.tenantId),
      ),
    )
    .groupBy(sql`1`, sql`2`, sql`3`);
  const last = STEP_AGE_STARTS_DAYS.length - 1;
  // Bucket 0 is the oldest threshold's left: turned round so that age 0 is the youngest.
  return rows.map((r) => ({
    status: r.status,
    handedOver: r.handedOver,
    age: last - Number(r.bucket),
    n: Number(r.n),
  }));
}

export interface WindowCount {
  status: string;
  from: string | null;
  to: string | null;
  n: number;
}

/** Signed orders before the handover (approval, ordering, delivery), by status and delivery window. */
export async function undeliveredByWindow(db: Database): Promise<WindowCount[]> {
  const rows = await db
    .select({
      status: orders.status,
      from: orders.deliveryWindowFrom,
      to: orders.deliveryWindowTo,
      n: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.status, ['TENANT_ADMIN_CLICK_CONFIRM', 'ADMIN_CONFIRM', 'LEASING_ACTIVE']),
        isNull(orders.handoverDate),
      ),
    )
    .groupBy(orders.status, orders.deliveryWindowFrom, orders.deliveryWindowTo);
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}
