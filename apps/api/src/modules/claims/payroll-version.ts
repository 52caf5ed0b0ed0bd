import { and, eq, isNotNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { claims } from '../../db/schema-claims.js';

/**
 * The employer's decided claim excesses as a version (the payroll trend, ADR 0063): each is deducted
 * in its month, so deciding or changing one changes that month's payroll.
 */
export async function claimExcessesVersion(db: Database, tenantId: string): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(sum(hashtext(${claims.id}::text || ${claims.orderId}::text || coalesce(${claims.excessMonth}, '') || ${claims.excessCents}::text)), 0)::text`,
    })
    .from(claims)
    .where(and(eq(claims.tenantId, tenantId), isNotNull(claims.excessCents)));
  return `${row?.n ?? 0}:${row?.hash ?? '0'}`;
}
