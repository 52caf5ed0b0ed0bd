import { and, arrayOverlaps, eq } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import { auditLog } from '../db/schema.js';

/** One append-only audit row: who did what to whom, with field names but never values. */
export interface AuditEntry {
  actorUserId: string | null;
  tenantId: string | null;
  action: string;
  subjectType: string;
  subjectId: string | null;
  fields?: string[];
  requestId?: string | null;
  at: Date;
}

export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    tenantId: entry.tenantId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    fields: entry.fields ?? [],
    requestId: entry.requestId ?? null,
    at: entry.at,
  });
}

/**
 * The subjects of a type whose audit rows carry any of `tags` in their fields (e.g. a document's
 * `sha256:…`), at most `limit`. Read in the caller's scope: the audit trail is the system's.
 */
export async function subjectsTagged(
  db: Database,
  subjectType: string,
  tags: string[],
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ subjectId: auditLog.subjectId })
    .from(auditLog)
    .where(and(eq(auditLog.subjectType, subjectType), arrayOverlaps(auditLog.fields, tags)))
    .limit(limit);
  return rows.flatMap((row) => (row.subjectId === null ? [] : [row.subjectId]));
}
