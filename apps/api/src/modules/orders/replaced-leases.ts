import { RUNNING_LEASE_STATUSES } from '@leasing/contract';
import { and, eq, gt, isNotNull, isNull, lt, min, ne } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders, userSteps } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { stepOfType } from './steps.js';

/**
 * A follow-up car replaces a running lease (ADR 0040). Its handover ends the salary conversion of
 * the person's earlier, still running lease on the day before (the payroll does the same in
 * `withLeaseEnds`); that order moves from "Leasing aktiv" to "Gehaltsumwandlung beendet – Rückgabe
 * offen" (`CONVERSION_ENDED`) so the employee, HR and the provider see it is no longer converted
 * but the old car still has to come back. The return then closes it with the settlement as usual.
 */

const dayBefore = (isoDate: string): string =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** The statuses of a handed-over lease whose car is still out: the return accepts both. */
export const RETURNABLE_STATUSES = RUNNING_LEASE_STATUSES;

export const isReturnable = (status: string): boolean => (RETURNABLE_STATUSES as readonly string[]).includes(status);

/**
 * Runs in the handover's transaction: the person's other running leases handed over before
 * `handoverDate` end their conversion. Answers the orders it moved.
 */
export async function endReplacedLeases(
  tx: Database,
  input: {
    followUp: { id: number; userId: string; tenantId: string };
    handoverDate: string;
    actorUserId: string;
    now: Date;
    requestId: string;
  },
): Promise<number[]> {
  const { followUp, now } = input;
  const moved = await tx
    .update(orders)
    .set({ status: 'CONVERSION_ENDED' })
    .where(
      and(
        eq(orders.userId, followUp.userId),
        ne(orders.id, followUp.id),
        eq(orders.status, 'LEASING_ACTIVE'),
        isNull(orders.currentUserStepId),
        isNotNull(orders.handoverDate),
        lt(orders.handoverDate, input.handoverDate),
      ),
    )
    .returning({ id: orders.id, tenantId: orders.tenantId });
  for (const order of moved) {
    await tx.insert(userSteps).values({
      orderId: order.id,
      stepId: stepOfType('CONVERSION_ENDED').id,
      status: 'ACCEPTED',
      actorUserId: input.actorUserId,
      modified: now,
    });
    await recordAudit(tx, {
      actorUserId: input.actorUserId,
      tenantId: order.tenantId,
      action: 'order.conversion.ended',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: ['status'],
      requestId: input.requestId,
      at: now,
    });
  }
  return moved.map((o) => o.id);
}

/**
 * The last day of a replaced lease's conversion: the day before the person's next handover after
 * this lease's own. Null while no later lease was handed over.
 */
export async function conversionEndedOn(
  db: Database,
  order: { id: number; userId: string; handoverDate: string | null },
): Promise<string | null> {
  if (!order.handoverDate) return null;
  const [row] = await db
    .select({ next: min(orders.handoverDate) })
    .from(orders)
    .where(and(eq(orders.userId, order.userId), ne(orders.id, order.id), gt(orders.handoverDate, order.handoverDate)));
  return row?.next ? dayBefore(row.next) : null;
}
