import { inArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { employmentEnds } from '../../db/schema-employer.js';

/** The last working day of those of these people who are leaving (HR set it), batched. */
export async function leavingDatesOf(db: Database, userIds: readonly string[]): Promise<Map<string, string>> {
  const dates = new Map<string, string>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += 5_000) {
    const rows = await db
      .select({ userId: employmentEnds.userId, leavingDate: employmentEnds.leavingDate })
      .from(employmentEnds)
      .where(inArray(employmentEnds.userId, unique.slice(i, i + 5_000)));
    for (const row of rows) dates.set(row.userId, row.leavingDate);
  }
  return dates;
}
