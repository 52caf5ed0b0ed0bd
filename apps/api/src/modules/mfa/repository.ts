import { and, count, eq, isNull, lt, or } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { mfaRecoveryCodes } from '../../db/schema-auth.js';
import type { EncryptedValue } from '../../lib/field-encryption.js';
import { digest } from './totp.js';

/** The AAD of a TOTP secret: the ciphertext only opens for its own user. */
export const mfaSecretAad = (userId: string) => `users:mfa_secret:${userId}`;

/** The login's challenges are opened by auth's password step; the second factor counts and ends them. */
export { attemptChallenge, CHALLENGE_MAX_ATTEMPTS, CHALLENGE_TTL_MS, finishChallenge } from '../auth/index.js';

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
