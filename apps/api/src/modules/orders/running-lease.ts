import { RUNNING_LEASE_STATUSES } from '@leasing/contract';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';

/**
 * The person's car (ADR 0063, "Mein Auto"): their running lease, handed over and not yet returned.
 * With two (a follow-up car handed over before the earlier one came back), the one whose salary
 * conversion runs, then the newest handover. Null without one.
 */
export async function runningLeaseOf(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, [...RUNNING_LEASE_STATUSES]),
        isNotNull(orders.handoverDate),
      ),
    )
    .orderBy(desc(sql`${orders.status} = 'LEASING_ACTIVE'`), desc(orders.handoverDate), desc(orders.id))
    .limit(1);
  return row?.id ?? null;
}
