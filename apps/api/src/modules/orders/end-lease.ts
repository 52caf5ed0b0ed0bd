import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders, userSteps } from '../../db/schema.js';
import { RETURNABLE_STATUSES, isReturnable } from './replaced-leases.js';
import type { OrderRow } from './repository.js';
import { stepOfType } from './steps.js';

/**
 * Ends a running lease in the caller's transaction: the order locked, moved to LEASE_ENDED by one
 * conditional update (of two parallel ends exactly one wins) and its status record written. Null when
 * the order is no running lease (not handed over, already ended, a step open).
 */
export async function endRunningLease(
  tx: Database,
  orderId: number,
  by: { actorUserId: string | null; at: Date },
): Promise<(OrderRow & { handoverDate: string }) | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order?.handoverDate || !isReturnable(order.status) || order.currentUserStepId !== null) return null;
  const ended = await tx
    .update(orders)
    .set({ status: 'LEASE_ENDED' })
    .where(
      and(
        eq(orders.id, orderId),
        inArray(orders.status, [...RETURNABLE_STATUSES]),
        isNotNull(orders.handoverDate),
        isNull(orders.currentUserStepId),
      ),
    )
    .returning({ id: orders.id });
  if (ended.length !== 1) return null;
  await tx.insert(userSteps).values({
    orderId,
    stepId: stepOfType('LEASE_ENDED').id,
    status: 'ACCEPTED',
    actorUserId: by.actorUserId,
    modified: by.at,
  });
  return { ...order, handoverDate: order.handoverDate, status: 'LEASE_ENDED' };
}
