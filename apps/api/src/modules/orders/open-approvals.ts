import { and, count, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';

/** How many of an employer's orders wait for its HR's approval (the employer portal's overview). */
export async function openApprovalCount(db: Database, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.status, 'TENANT_ADMIN_CLICK_CONFIRM')));
  return Number(row?.n ?? 0);
}
