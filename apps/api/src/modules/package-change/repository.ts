import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { packageChanges } from '../../db/schema-package-change.js';
import type { ApprovedPackageChange, StoredPackage } from './terms.js';

export type PackageChangeRecord = typeof packageChanges.$inferSelect;

/** Every request of one lease, newest first. */
export function changesOfOrder(db: Database, orderId: number): Promise<PackageChangeRecord[]> {
  return db
    .select()
    .from(packageChanges)
    .where(eq(packageChanges.orderId, orderId))
    .orderBy(desc(packageChanges.requestedAt));
}

/** Every request of one person, newest first (their data export). */
export function changesOfPerson(db: Database, userId: string): Promise<PackageChangeRecord[]> {
  return db
    .select()
    .from(packageChanges)
    .where(eq(packageChanges.userId, userId))
    .orderBy(desc(packageChanges.requestedAt));
}

export async function insertRequest(
  db: Database,
  row: { orderId: number; tenantId: string; userId: string; from: StoredPackage; to: StoredPackage; at: Date },
): Promise<PackageChangeRecord | undefined> {
  const [inserted] = await db
    .insert(packageChanges)
    .values({
      orderId: row.orderId,
      tenantId: row.tenantId,
      userId: row.userId,
      fromPackage: row.from,
      toPackage: row.to,
      requestedAt: row.at,
    })
    // The partial unique index: one open request per lease, also when two arrive at once.
    .onConflictDoNothing()
    .returning();
  return inserted;
}

export async function findChange(db: Database, id: string): Promise<PackageChangeRecord | undefined> {
  const [row] = await db.select().from(packageChanges).where(eq(packageChanges.id, id));
  return row;
}

/** Decides an open request; undefined when it was decided meanwhile (one decision wins). */
export async function decide(
  db: Database,
  id: string,
  decision: {
    status: 'APPROVED' | 'DECLINED';
    effectiveMonth: string | null;
    note: string | null;
    by: string;
    at: Date;
  },
): Promise<PackageChangeRecord | undefined> {
  const [row] = await db
    .update(packageChanges)
    .set({
      status: decision.status,
      effectiveMonth: decision.effectiveMonth,
      note: decision.note,
      decidedBy: decision.by,
      decidedAt: decision.at,
    })
    .where(and(eq(packageChanges.id, id), eq(packageChanges.status, 'REQUESTED')))
    .returning();
  return row;
}

export async function queuePage(
  db: Database,
  query: { status?: PackageChangeRecord['status']; page: number; pageSize: number },
): Promise<{ rows: PackageChangeRecord[]; total: number }> {
  const where: SQL | undefined = query.status ? eq(packageChanges.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(packageChanges)
      .where(where)
      .orderBy(asc(packageChanges.requestedAt), asc(packageChanges.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(packageChanges).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The approved changes of these leases, oldest effective month first (batched for the payroll and the invoices). */
export async function approvedChangesOf(
  db: Database,
  orderIds: readonly number[],
): Promise<Map<number, ApprovedPackageChange[]>> {
  const result = new Map<number, ApprovedPackageChange[]>();
  const unique = [...new Set(orderIds)];
  for (let i = 0; i < unique.length; i += 5_000) {
    const rows = await db
      .select({
        orderId: packageChanges.orderId,
        effectiveMonth: packageChanges.effectiveMonth,
        to: packageChanges.toPackage,
      })
      .from(packageChanges)
      .where(and(eq(packageChanges.status, 'APPROVED'), inArray(packageChanges.orderId, unique.slice(i, i + 5_000))))
      .orderBy(asc(packageChanges.effectiveMonth), asc(packageChanges.decidedAt));
    for (const row of rows) {
      if (row.effectiveMonth === null) continue;
      const list = result.get(row.orderId) ?? [];
      list.push({ effectiveMonth: row.effectiveMonth, to: row.to as StoredPackage });
      result.set(row.orderId, list);
    }
  }
  return result;
}
