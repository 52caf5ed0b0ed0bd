import crypto from 'node:crypto';

import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { mfaChallenges } from '../../db/schema-auth.js';

/**
 * The second half of a login: opened by the password step (`service.ts#login`), attempted and
 * finished by the second factor (modules/mfa). Only the token's digest is kept.
 */
const digest = (token: string): string => crypto.createHash('sha256').update(token.trim().toLowerCase()).digest('hex');

/** How long the second half of a login may take, and how many codes one challenge may try. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

/** Starts the second half of a login; the token goes to the client once, only its digest is kept. */
export async function openChallenge(db: Database, userId: string, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(mfaChallenges).values({
    userId,
    tokenHash: digest(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return token;
}

/**
 * Counts one attempt on a live challenge and returns its user; undefined when the token is unknown,
 * used, expired or out of attempts. The count is one conditional update, so parallel guesses share
 * the budget.
 */
export async function attemptChallenge(db: Database, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(mfaChallenges)
    .set({ attempts: sql`${mfaChallenges.attempts} + 1` })
    .where(
      and(
        eq(mfaChallenges.tokenHash, digest(token)),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
        lt(mfaChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning({ userId: mfaChallenges.userId });
  return row?.userId;
}

/** Single use: false when another request finished this challenge first. */
export async function finishChallenge(db: Database, token: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.tokenHash, digest(token)), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length > 0;
}
