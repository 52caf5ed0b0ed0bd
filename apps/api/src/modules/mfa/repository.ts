import crypto from 'node:crypto';

import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { mfaChallenges, mfaRecoveryCodes, users } from '../../db/schema.js';
import type { EncryptedValue } from '../../lib/field-encryption.js';
import { digest } from './totp.js';

/** The AAD of a TOTP secret: the ciphertext only opens for its own user. */
export const mfaSecretAad = (userId: string) => `users:mfa_secret:${userId}`;

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

/** Accepts a TOTP step once: the update succeeds only for a step newer than the last one used. */
export async function claimTimeStep(db: Database, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mfaLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastStep), lt(users.mfaLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function useRecoveryCode(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, digest(code)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function storePendingSecret(db: Database, userId: string, secret: EncryptedValue): Promise<void> {
  await db
    .update(users)
    .set({
      mfaSecretKeyId: secret.keyId,
      mfaSecretIv: secret.iv,
      mfaSecretCiphertext: secret.ciphertext,
      mfaEnabledAt: null,
      mfaLastStep: null,
    })
    .where(eq(users.id, userId));
}

/** Turns the pending secret on and replaces the recovery codes; call it inside a transaction. */
export async function enable(
  tx: Database,
  userId: string,
  step: number,
  recoveryCodes: string[],
  now: Date,
): Promise<void> {
  await tx.update(users).set({ mfaEnabledAt: now, mfaLastStep: step }).where(eq(users.id, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx
    .insert(mfaRecoveryCodes)
    .values(recoveryCodes.map((code) => ({ userId, codeHash: digest(code), createdAt: now })));
}

/** Removes the factor, a pending secret and the recovery codes; call it inside a transaction. */
export async function disable(tx: Database, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({
      mfaSecretKeyId: null,
      mfaSecretIv: null,
      mfaSecretCiphertext: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
    })
    .where(eq(users.id, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
}

/** How many recovery codes the user has left (told in the mail after one was used). */
export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

/** No grace period for this admin from now on (see `graceAlreadyOver`). */
export async function endGracePeriod(db: Database, userId: string, roleGrantedAt: Date): Promise<void> {
  await db.update(users).set({ roleGrantedAt }).where(eq(users.id, userId));
}
