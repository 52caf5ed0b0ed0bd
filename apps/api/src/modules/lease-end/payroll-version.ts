import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { leaseLosses, leaseReturns } from '../../db/schema-lease-end.js';

/**
 * The returns and the ends by a total loss or theft of these orders as a version (the payroll trend,
 * ADR 0063): each ends a lease's months and a return settles in its month.
 */
export async function leaseEndsVersion(db: Database, orderIds: readonly number[]): Promise<string> {
  if (orderIds.length === 0) return '0';
  const ids = `{${orderIds.map((id) => String(Math.trunc(id))).join(',')}}`;
  const [returns, losses] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)::int`,
        hash: sql<string>`coalesce(sum(hashtext(${leaseReturns.orderId}::text || ${leaseReturns.returnedOn} || ${leaseReturns.totalCents}::text)), 0)::text`,
      })
      .from(leaseReturns)
      .where(sql`${leaseReturns.orderId} = any(${ids}::int[])`),
    db
      .select({
        n: sql<number>`count(*)::int`,
        hash: sql<string>`coalesce(sum(hashtext(${leaseLosses.orderId}::text || ${leaseLosses.endedOn})), 0)::text`,
      })
      .from(leaseLosses)
      .where(sql`${leaseLosses.orderId} = any(${ids}::int[])`),
  ]);
  return `${returns[0]?.n ?? 0}:${returns[0]?.hash ?? '0'}:${losses[0]?.n ?? 0}:${losses[0]?.hash ?? '0'}`;
}
