import type { StepType } from '@leasing/contract';
import { and, eq, inArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';

/**
 * The statuses after the signature until the lease has ended: the employer's or the provider's
 * approval, the car ordered or with the person, or a replaced lease whose car is still to come back.
 * Before them nothing is signed; after them (declined, cancelled, the lease ended) nothing is running.
 */
const UNDER_WAY: readonly StepType[] = [
  'TENANT_ADMIN_CLICK_CONFIRM',
  'ADMIN_CONFIRM',
  'LEASING_ACTIVE',
  'CONVERSION_ENDED',
];

/**
 * The person's orders still under way, which an erasure for the employer must wait for (ADR 0060):
 * the lease's end (the return, the settlement, the final statement, the payroll's last month) still
 * needs the person's name, address and personnel number. The person's own erasure does not wait
 * (Art. 17 is theirs); it keeps a signed contract in restricted form either way (`eraseAccount`).
 * Unsigned orders never hold anything up: the erasure removes them.
 */
export async function erasureHolds(db: Database, userId: string): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...UNDER_WAY])));
  return rows.map((row) => row.id);
}
