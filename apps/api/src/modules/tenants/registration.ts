import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { registerCodes } from '../../db/schema-provider.js';
import { tenants } from '../../db/schema.js';

// The registration's side of the register codes: the provider makes and revokes them
// (register-codes.ts, through modules/provider's routes), a registration finds its employer by one
// and counts its use.

/** SQL for "usable now": the same rule as {@link codeState} ACTIVE, for lookups and conditional updates. */
export function usableNow(now: Date) {
  return and(
    isNull(registerCodes.revokedAt),
    or(isNull(registerCodes.expiresAt), gt(registerCodes.expiresAt, now)),
    or(isNull(registerCodes.maxUses), lt(registerCodes.uses, registerCodes.maxUses)),
  );
}

/**
 * The employer a registration joins: only for a usable code of an enabled employer. Unknown, revoked,
 * expired and used-up codes all give null, so the caller answers all of them alike.
 */
export async function findRegistrationTenant(db: Database, code: string, now: Date): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: tenants.id })
    .from(registerCodes)
    .innerJoin(tenants, eq(tenants.id, registerCodes.tenantId))
    .where(and(eq(registerCodes.code, normaliseRegisterCode(code)), eq(tenants.enabled, true), usableNow(now)))
    .limit(1);
  return row ?? null;
}

/**
 * Counts one use when an account is created with the code, in the account's transaction. The update
 * is conditional, so with `maxUses` parallel registrations cannot overshoot: false means the code
 * was used up (or revoked) meanwhile and the account must not be created.
 */
export async function countRegisterCodeUse(tx: Database, code: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(registerCodes)
    .set({ uses: sql`${registerCodes.uses} + 1` })
    .where(and(eq(registerCodes.code, normaliseRegisterCode(code)), usableNow(now)))
    .returning({ id: registerCodes.id });
  return updated.length === 1;
}

/**
 * Codes are made of capital letters and digits only; people type them from a letter or a slide, so
 * case and surrounding blanks do not matter.
 */
export function normaliseRegisterCode(code: string): string {
  return code.trim().toUpperCase();
}
