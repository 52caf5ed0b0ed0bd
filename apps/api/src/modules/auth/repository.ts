import type { Role } from '@leasing/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { tenantPolicies } from '../../db/schema-employer.js';
import { salaryProfiles, users } from '../../db/schema.js';
import { refreshTokens } from '../../db/schema-auth.js';
import { catalogState } from '../../db/schema-catalog.js';
import { ConfirmedReadCache, embeddedClientOf, freshnessOf, requestUserKey } from './request-user-cache.js';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface RequestUserRow {
  id: string;
  role: Role;
  tenantId: string | null;
  email: string;
  disabledAt: Date | null;
  tokensValidAfter: Date | null;
  roleGrantedAt: Date;
  mfaEnabledAt: Date | null;
  profileVersion: number | null;
  catalogVersion: number;
  /**
   * The employer programme's version in force (0: the defaults, also without an employer), as far as
   * the scope of the read shows the employer's policies (the caller's own employer only).
   */
  programmeVersion: number;
  /** The token's session (refresh family) is neither revoked nor past its absolute end. */
  sessionOpen: boolean;
}

function requestUserQuery(db: Database) {
  return db
    .select({
      id: users.id,
      role: users.role,
      tenantId: users.tenantId,
      email: users.email,
      disabledAt: users.disabledAt,
      tokensValidAfter: users.tokensValidAfter,
      roleGrantedAt: users.roleGrantedAt,
      mfaEnabledAt: users.mfaEnabledAt,
      profileVersion: sql<
        number | null
      >`(select ${salaryProfiles.version} from ${salaryProfiles} where ${salaryProfiles.userId} = ${users.id})`,
      catalogVersion: sql<
        string | number
      >`(select ${catalogState.version} from ${catalogState} where ${catalogState.id} = 1)`,
      // Policy versions are only ever added (primary key tenant and version): the newest is in force.
      // The user's column is qualified by hand: unqualified it would name the policies' own column.
      programmeVersion: sql<string | number | null>`(select max(${tenantPolicies.version}) from ${tenantPolicies}
        where ${tenantPolicies.tenantId} = ${sql.identifier('users')}.${sql.identifier('tenant_id')})`,
      // Logout, reuse detection and the session's end refuse its access tokens at once, on every
      // instance: one index probe (refresh_tokens_family_idx) in the query every request makes anyway.
      // The end, not "open now": a family's tokens share it and are revoked together, so the first
      // unrevoked one says it, and the comparison with the clock is made per request (also when kept).
      // (drizzle writes the columns here unqualified: the user is named by the parameter, not `users.id`.)
      sessionEndsAt: sql<string | Date | null>`(select ${refreshTokens.familyExpiresAt} from ${refreshTokens}
        where ${refreshTokens.familyId} = ${sql.placeholder('sessionId')}::uuid
          and ${refreshTokens.userId} = ${sql.placeholder('id')}::uuid
          and ${refreshTokens.revokedAt} is null
        limit 1)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1);
}

type RequestUserAnswer = Omit<RequestUserRow, 'sessionOpen'> & { sessionEndsAt: Date | null };

/**
 * Prepared once per database: this query runs on every authenticated request. Its answer is kept while
 * no change to what it reads has been made since, on any instance (request-user-cache.ts).
 */
function prepareRequestUser(db: Database): (id: string, sessionId: string) => Promise<RequestUserAnswer | undefined> {
  const query = requestUserQuery(db);
  const prepared = query.prepare('find_request_user');
  const run = async (id: string, sessionId: string) => {
    const [row] = await prepared.execute({ id, sessionId });
    return row && toAnswer(row);
  };
  const embedded = embeddedClientOf(db);
  embedded?.markReadOnly(query.toSQL().sql);
  const freshness = freshnessOf(db);
  if (!freshness) return run;
  const cache = new ConfirmedReadCache<RequestUserAnswer | undefined>(freshness, REQUEST_USERS_KEPT);
  return (id, sessionId) => cache.read(requestUserKey(id, sessionId), () => run(id, sessionId));
}

/** Signed-in people whose answer is kept at most (about 300 bytes each). */
const REQUEST_USERS_KEPT = 20_000;

function toAnswer(row: Awaited<ReturnType<ReturnType<typeof requestUserQuery>['execute']>>[number]): RequestUserAnswer {
  return {
    ...row,
    catalogVersion: Number(row.catalogVersion ?? 0),
    programmeVersion: Number(row.programmeVersion ?? 0),
    profileVersion: row.profileVersion === null ? null : Number(row.profileVersion),
    sessionEndsAt: row.sessionEndsAt === null ? null : new Date(row.sessionEndsAt),
  };
}

const preparedRequestUser = new WeakMap<Database, ReturnType<typeof prepareRequestUser>>();

/**
 * The signed-in user, whether the token's session is still open, and the versions that key the
 * caches, in one round trip.
 */
export async function findRequestUser(
  db: Database,
  id: string,
  sessionId: string,
  now: Date,
): Promise<RequestUserRow | undefined> {
  let read = preparedRequestUser.get(db);
  if (!read) {
    read = prepareRequestUser(db);
    preparedRequestUser.set(db, read);
  }
  const answer = await read(id, sessionId);
  if (!answer) return undefined;
  const { sessionEndsAt, ...row } = answer;
  return { ...row, sessionOpen: sessionEndsAt !== null && sessionEndsAt > now };
}

export async function findRefreshToken(db: Database, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function findRefreshTokenById(db: Database, id: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
  return row;
}

export async function insertRefreshToken(
  db: Database,
  values: { id?: string; familyId: string; userId: string; tokenHash: string; familyExpiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/**
 * Marks a token used and links its successor, only if nobody used it before: the conditional
 * update is what makes two parallel refreshes produce exactly one rotation.
 */
export async function markRefreshTokenUsed(db: Database, id: string, successorId: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt: now, replacedById: successorId })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

export async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllForUser(db: Database, userId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(users)
    .set({ tokensValidAfter: sql`${now.toISOString()}::timestamptz` })
    .where(eq(users.id, userId));
}
