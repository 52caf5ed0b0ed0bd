import { and, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds } from '../../db/schema-employer.js';
import { recordAudit } from '../../lib/audit.js';
import type { Admin } from './deps.js';

/**
 * Takes back a leaving recorded on `date`, for the employer's directory (SCIM, ADR 0060) when the
 * person it deactivated by mistake is active again the same day. Only the caller knows that the
 * leaving told no one (no open order or lease: no provider notice, no quote), which is the condition;
 * here the row goes only if it still says `date`, so a date HR has changed since stays. True when a
 * leaving was taken back.
 */
export async function withdrawLeaving(
  deps: { db: Database; clock: { now(): Date } },
  admin: Admin,
  userId: string,
  date: string,
  ctx: { requestId: string },
): Promise<boolean> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const removed = await tx
      .delete(employmentEnds)
      .where(
        and(
          eq(employmentEnds.userId, userId),
          eq(employmentEnds.tenantId, admin.tenantId),
          eq(employmentEnds.leavingDate, date),
        ),
      )
      .returning({ userId: employmentEnds.userId });
    if (removed.length === 0) return false;
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'employee.leaving_withdrawn',
      subjectType: 'user',
      subjectId: userId,
      fields: ['leavingDate'],
      requestId: ctx.requestId,
      at: now,
    });
    return true;
  });
}
