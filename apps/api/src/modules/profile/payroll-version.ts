import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { salaryProfiles } from '../../db/schema.js';

/**
 * The salary profiles of these people as a version (the employer's payroll trend, ADR 0063): a
 * profile's version grows with every save, and every save also writes the version its history keeps
 * (the commute per period). Profiles are the person's and the platform's alone: the caller reads them
 * in the system's scope for the employer's own people.
 */
export async function salaryProfilesVersion(db: Database, userIds: readonly string[]): Promise<string> {
  if (userIds.length === 0) return '0';
  for (const id of userIds) if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not a uuid: ${id}`);
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      versions: sql<string>`coalesce(sum(${salaryProfiles.version}), 0)::text`,
      latest: sql<string | null>`max(${salaryProfiles.updatedAt})::text`,
    })
    .from(salaryProfiles)
    .where(sql`${salaryProfiles.userId} = any(${`{${userIds.join(',')}}`}::uuid[])`);
  return `${row?.n ?? 0}:${row?.versions ?? '0'}:${row?.latest ?? ''}`;
}
