import crypto from 'node:crypto';

import { and, eq, gt, inArray, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { oneTimeCodes } from '../../db/schema-auth.js';

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)['purpose'];
export type CodeRow = typeof oneTimeCodes.$inferSelect;

/** How long each kind of mailed code stays valid. */
export const CODE_LIFETIME_MS: Record<CodePurpose, number> = {
  EMAIL_CONFIRM: 48 * 3600_000,
  PASSWORD_RESET: 3600_000,
  INVITE: 7 * 24 * 3600_000,
  WELCOME: 7 * 24 * 3600_000,
  EMAIL_CHANGE: 24 * 3600_000,
  // Typed from the mail into the enrolment screen right away (ADR 0025).
  MFA_ENROL: 15 * 60_000,
};

const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** Creates a code and returns its raw value (sent by mail, never stored). */
export async function createCode(
  db: Database,
  input: { userId: string; purpose: CodePurpose; newEmail?: string; now: Date },
): Promise<string> {
  const code = crypto.randomBytes(24).toString('base64url');
  await storeCode(db, input, hashCode(code));
  return code;
}

/**
 * A short code to type (eight digits) instead of a link. Its digest includes the user, so the same
 * digits may be out for two people at once, and a code only ever redeems for its own account
 * (`redeemTypedCode`). Few digits need a budget of attempts: the caller counts them.
 */
export async function createTypedCode(
  db: Database,
  input: { userId: string; purpose: CodePurpose; now: Date },
): Promise<string> {
  const code = String(crypto.randomInt(0, 100_000_000)).padStart(8, '0');
  await storeCode(db, input, hashCode(typedCodeKey(input.userId, code)));
  return code;
}

export async function redeemTypedCode(
  db: Database,
  userId: string,
  code: string,
  purpose: CodePurpose,
  now: Date,
): Promise<boolean> {
  const digits = code.replace(/\s/g, '');
  if (!/^\d{8}$/.test(digits)) return false;
  return (await redeemCode(db, typedCodeKey(userId, digits), [purpose], now)) !== null;
}

const typedCodeKey = (userId: string, code: string) => `${userId}:${code}`;

async function storeCode(
  db: Database,
  input: { userId: string; purpose: CodePurpose; newEmail?: string; now: Date },
  codeHash: string,
): Promise<void> {
  await db.insert(oneTimeCodes).values({
    userId: input.userId,
    purpose: input.purpose,
    codeHash,
    newEmail: input.newEmail ?? null,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + CODE_LIFETIME_MS[input.purpose]),
  });
}

/**
 * Redeems a code exactly once: the conditional update makes a second (or parallel) use fail. Returns
 * the code row, or null when it is unknown, used, expired or of another purpose.
 */
export async function redeemCode(
  db: Database,
  code: string,
  purposes: CodePurpose[],
  now: Date,
): Promise<CodeRow | null> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, hashCode(code)),
        inArray(oneTimeCodes.purpose, purposes),
        isNull(oneTimeCodes.usedAt),
        gt(oneTimeCodes.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
}

/** Earlier open codes of the same purpose die when a new one is sent. */
export async function invalidateOpenCodes(
  db: Database,
  userId: string,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
}
