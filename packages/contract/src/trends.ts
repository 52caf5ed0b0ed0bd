import { z } from 'zod/mini';

import { PayrollMonthSchema, PayrollTotalsSchema } from './employer.js';
import { IsoDateSchema } from './provider.js';

/**
 * The charts of HR's overview and the provider's dashboard (ADR 0063): each page reads its figures
 * from one answer, `GET /v1/tenant/overview/trend` and `GET /v1/provider/dashboard/trend`.
 */

export const TREND_MONTHS_DEFAULT = 12;
export const TREND_MONTHS_MAX = 24;
/** Weeks of deliveries due the provider's dashboard shows, this week first. */
export const TREND_WEEKS = 12;

/** `?months=`: how many months back, the current month included (1 to 24, default 12). */
export const TrendQuerySchema = z.strictObject({
  months: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(TREND_MONTHS_MAX)), TREND_MONTHS_DEFAULT),
});
/** The query as a client builds it (the months default on the server). */
export type TrendQuery = Partial<z.output<typeof TrendQuerySchema>>;

/**
 * How long an open order has waited in its current step, in whole days since the step became current:
 * under 3, 3 to 7, 8 to 14, 15 to 30, more than 30.
 */
export const WAITING_BUCKETS = ['0-2', '3-7', '8-14', '15-30', '31+'] as const;
export const WaitingBucketSchema = z.enum(WAITING_BUCKETS);
export type WaitingBucket = z.infer<typeof WaitingBucketSchema>;

const count = () => z.number().check(z.int(), z.gte(0));

// HR's overview

export const TenantTrendMonthSchema = z.object({
  month: PayrollMonthSchema,
  /** The month's totals, equal to those of `GET /v1/tenant/payroll/{month}`; null while still computed. */
  totals: z.nullable(PayrollTotalsSchema),
});
export type TenantTrendMonth = z.infer<typeof TenantTrendMonthSchema>;

export const TenantTrendSchema = z.object({
  /** Oldest first; the last is the current month (Europe/Berlin). */
  months: z.array(TenantTrendMonthSchema),
  /** False while some months are still computed in the background: ask again in a few seconds. */
  complete: z.boolean(),
  /**
   * People with an order under way or a lease (the overview's participants) of all the employer's
   * people in the programme (invited, registered or leaving; not erased, not its admins).
   */
  uptake: z.object({ participants: count(), people: count() }),
  /** Orders waiting for HR's approval, by how long they have waited. */
  openApprovals: z.object({
    total: count(),
    byDaysWaiting: z.array(z.object({ bucket: WaitingBucketSchema, count: count() })),
  }),
});
export type TenantTrend = z.infer<typeof TenantTrendSchema>;

// The provider's dashboard

/**
 * Where an order ended up: a lease (handed over, running or ended), still under way, declined (by the
 * employer or the provider), or cancelled (by the employee, expired, broken off by changed data).
 */
export const ORDER_OUTCOMES = ['LEASE', 'OPEN', 'DECLINED', 'CANCELLED'] as const;
export type OrderOutcome = (typeof ORDER_OUTCOMES)[number];

/** The pipeline statuses of an open order (its step waits for someone). */
export const OPEN_PIPELINE_STATUSES = ['EMPLOYEE_STEPS', 'EMPLOYER_APPROVAL', 'ORDERING', 'DELIVERY'] as const;
export type OpenPipelineStatus = (typeof OPEN_PIPELINE_STATUSES)[number];

export const ProviderTrendSchema = z.object({
  /** Orders by the month they were placed (Europe/Berlin), oldest first, by where they ended up. */
  ordersByMonth: z.array(
    z.object({
      month: PayrollMonthSchema,
      counts: z.object({ LEASE: count(), OPEN: count(), DECLINED: count(), CANCELLED: count() }),
    }),
  ),
  /**
   * Signed orders not yet handed over, by the week their delivery window begins (a window already
   * begun counts in this week); `overdue`: the window ended before today.
   */
  deliveries: z.object({
    overdue: count(),
    weeks: z.array(
      z.object({
        /** The Monday of the week. */
        weekStart: IsoDateSchema,
        /** ISO 8601 week number. */
        isoWeek: z.number().check(z.int(), z.gte(1), z.lte(53)),
        count: count(),
      }),
    ),
    /** Windows beginning after the last week shown. */
    later: count(),
    /** Ordered from the manufacturer or awaiting delivery without a window yet. */
    withoutWindow: count(),
  }),
  /** Open orders by the days in their current step, per pipeline status. */
  openByDaysInStep: z.array(
    z.object({
      bucket: WaitingBucketSchema,
      counts: z.object({ EMPLOYEE_STEPS: count(), EMPLOYER_APPROVAL: count(), ORDERING: count(), DELIVERY: count() }),
    }),
  ),
});
export type ProviderTrend = z.infer<typeof ProviderTrendSchema>;
