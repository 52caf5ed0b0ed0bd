import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { scimIdentities } from '../../db/schema-scim.js';

export type IdentityRow = typeof scimIdentities.$inferSelect;

/** SCIM's rows of these people of the employer (read in the request's scope: the token's employer). */
export async function identitiesOf(
  db: Database,
  tenantId: string,
  userIds: readonly string[],
): Promise<Map<string, IdentityRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(scimIdentities)
    .where(and(eq(scimIdentities.tenantId, tenantId), inArray(scimIdentities.userId, [...new Set(userIds)])));
  return new Map(rows.map((row) => [row.userId, row]));
}

export async function identityOf(db: Database, tenantId: string, userId: string): Promise<IdentityRow | undefined> {
  return (await identitiesOf(db, tenantId, [userId])).get(userId);
}

/** Who of the employer carries this externalId (case-exact, as RFC 7643 defines it). */
export async function userIdsByExternalId(db: Database, tenantId: string, externalId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: scimIdentities.userId })
    .from(scimIdentities)
    .where(and(eq(scimIdentities.tenantId, tenantId), eq(scimIdentities.externalId, externalId)));
  return rows.map((row) => row.userId);
}

/** The people the directory deleted whose erasure waits for a lease: gone for SCIM already. */
export async function pendingErasureIds(db: Database, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: scimIdentities.userId })
    .from(scimIdentities)
    .where(and(eq(scimIdentities.tenantId, tenantId), isNotNull(scimIdentities.erasureRequestedAt)));
  return rows.map((row) => row.userId);
}

/** Every waiting erasure of every employer, oldest first (the job, in the platform's scope). */
export async function pendingErasures(db: Database): Promise<{ userId: string; tenantId: string }[]> {
  return db
    .select({ userId: scimIdentities.userId, tenantId: scimIdentities.tenantId })
    .from(scimIdentities)
    .where(isNotNull(scimIdentities.erasureRequestedAt))
    .orderBy(asc(scimIdentities.erasureRequestedAt));
}

type IdentityChanges = Partial<Omit<IdentityRow, 'userId' | 'tenantId' | 'createdAt' | 'updatedAt'>>;

/** Writes SCIM's row of a person (made on the first change), stamping `updatedAt` (meta.lastModified). */
export async function saveIdentity(
  db: Database,
  key: { userId: string; tenantId: string },
  changes: IdentityChanges,
  now: Date,
): Promise<void> {
  await db
    .insert(scimIdentities)
    .values({ ...key, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: scimIdentities.userId, set: { ...changes, updatedAt: now } });
}

export async function deleteIdentity(db: Database, userId: string): Promise<void> {
  await db.delete(scimIdentities).where(eq(scimIdentities.userId, userId));
}
