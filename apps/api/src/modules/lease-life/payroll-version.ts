import { eq, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employeeAbsences } from '../../db/schema-lease-life.js';

/**
 * The employer's absences without pay as a version (the payroll trend, ADR 0063): any absence
 * recorded, changed or removed changes it.
 */
export async function absencesVersion(db: Database, tenantId: string): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      hash: sql<string>`coalesce(sum(hashtext(${employeeAbsences.id}::text || ${employeeAbsences.userId}::text || ${employeeAbsences.type} || ${employeeAbsences.fromDate} || coalesce(${employeeAbsences.toDate}, ''))), 0)::text`,
      latest: sql<string | null>`max(${employeeAbsences.updatedAt})::text`,
    })
    .from(employeeAbsences)
    .where(eq(employeeAbsences.tenantId, tenantId));
  return `${row?.n ?? 0}:${row?.hash ?? '0'}:${row?.latest ?? ''}`;
}
