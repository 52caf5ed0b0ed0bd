import { inArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { salaryProfiles } from '../../db/schema.js';

/**
 * The version of each person's salary profile (people without one are missing from the map). It grows
 * with every save, so a figure computed from the profile can name the version it was computed from:
 * the catalogue's personal rates are cached under it, an order's snapshot is checked against it.
 */
export async function profileVersionsOf(db: Database, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: salaryProfiles.userId, version: salaryProfiles.version })
    .from(salaryProfiles)
    .where(inArray(salaryProfiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row.version]));
}

/** One person's profile version, or null without a profile. */
export async function profileVersionOf(db: Database, userId: string): Promise<number | null> {
  return (await profileVersionsOf(db, [userId])).get(userId) ?? null;
}
