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
