import { and, arrayContains, asc, inArray, lt, ne } from 'drizzle-orm';

import { webhookDeliveries, webhookEndpoints } from '../../db/schema-webhooks.js';
import { runAsSystem } from '../../db/scope.js';
import { drainInBatches } from '../../lib/batches.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { startOfBerlinDay } from '../../lib/berlin-dates.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import type { WebhookDeps } from './deps.js';
import { enqueueWebhookEvent } from './events.js';

/**
 * The day of the month from which that month's payroll export counts as ready for the payroll run
 * (ADR 0059): nothing in the employer portal closes a month, and payroll offices take their figures
 * in the second half of the month, so the platform announces the month on the 15th (Berlin) and
 * tells later changes by their own events (absences, leavings, lease starts and ends).
 */
export const PAYROLL_READY_DAY = 15;

/** How long the delivery log is kept: a month to look back on, then the rows (with their ids) go. */
export const DELIVERY_LOG_DAYS = 30;

/**
 * `payroll.month_ready` for the current month, once it is ready: for every employer with an endpoint
 * that takes it. Idempotent (once per endpoint and month by the outbox's unique index), so the hourly
 * job may run it as often as it likes; an endpoint made later in the month still gets the month.
 * Answers how many deliveries it queued.
 */
export async function announceReadyPayrollMonth(deps: Pick<WebhookDeps, 'db' | 'clock'>): Promise<number> {
  const today = berlinToday(deps.clock.now());
  if (Number(today.slice(8, 10)) < PAYROLL_READY_DAY) return 0;
  const month = today.slice(0, 7);
  return runAsSystem(async () => {
    const subscribed = await deps.db
      .selectDistinct({ tenantId: webhookEndpoints.tenantId })
      .from(webhookEndpoints)
      .where(
        and(arrayContains(webhookEndpoints.events, ['payroll.month_ready']), ne(webhookEndpoints.status, 'DISABLED')),
      );
    // The same moment for every endpoint and pass: the body, and with it the signature's input, never varies.
    const occurredAt = startOfBerlinDay(`${month}-${String(PAYROLL_READY_DAY).padStart(2, '0')}`);
    let queued = 0;
    for (const { tenantId } of subscribed) {
      queued += await deps.db.transaction((tx) =>
        enqueueWebhookEvent(tx, {
          tenantId,
          type: 'payroll.month_ready',
          data: { month },
          occurredAt,
          dedupeKey: month,
        }),
      );
    }
    return queued;
  });
}

/** Deletes the delivery log older than {@link DELIVERY_LOG_DAYS} (tries go with their deliveries). */
export async function purgeDeliveryLog(
  deps: Pick<WebhookDeps, 'db' | 'clock'>,
  options: { signal?: AbortSignal } = {},
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - DELIVERY_LOG_DAYS * 24 * 3_600_000);
  return runAsSystem(() =>
    drainInBatches(
      {
        next: (limit) =>
          deps.db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(lt(webhookDeliveries.createdAt, before))
            .orderBy(asc(webhookDeliveries.createdAt))
            .limit(limit),
        handle: async (rows) =>
          (
            await deps.db
              .delete(webhookDeliveries)
              .where(
                inArray(
                  webhookDeliveries.id,
                  rows.map((r) => r.id),
                ),
              )
              .returning({ id: webhookDeliveries.id })
          ).length,
      },
      options.signal ? { signal: options.signal } : {},
    ),
  );
}

/** The hourly job: the ready payroll month and the log's tidy-up, once per hour across instances. */
export function scheduleWebhookJobs(scheduler: JobScheduler, deps: Pick<WebhookDeps, 'db' | 'clock'>): void {
  scheduler.every('webhooks.hourly', 3_600_000, async (signal) => {
    await announceReadyPayrollMonth(deps);
    await purgeDeliveryLog(deps, { signal });
  });
}
