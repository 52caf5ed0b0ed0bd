import { and, eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { packageChanges } from '../../db/schema-package-change.js';

/**
 * The employer's approved package changes as a version (the payroll trend, ADR 0063): the rate each
 * lease pays from its effective month on. Requests and declines change no payroll figure.
 */
export async function approvedChangesVersion(db: Database, tenantId: string): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(sum(hashtext(${packageChanges.id}::text || ${packageChanges.orderId}::text || coalesce(${packageChanges.effectiveMonth}, '') || ${packageChanges.toPackage}::text)), 0)::text`,
    })
    .from(packageChanges)
    .where(and(eq(packageChanges.tenantId, tenantId), eq(packageChanges.status, 'APPROVED')));
  return `${row?.n ?? 0}:${row?.hash ?? '0'}`;
}
