import crypto from 'node:crypto';

import type { RegisterCode, RegisterCodeState } from '@leasing/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { registerCodes } from '../../db/schema-provider.js';
import { startOfBerlinDay } from '../../lib/berlin-dates.js';
import { normaliseRegisterCode } from './registration.js';

// The register codes' store: the provider makes and revokes them (its routes and audit in
// modules/provider/register-codes.ts), a registration finds its employer by one (registration.ts).

export type RegisterCodeRow = typeof registerCodes.$inferSelect;

/**
 * Register codes: people who can type (no 0/O, 1/I/L), long enough that guessing one is hopeless
 * (10 of 31 characters: about 50 bits), grouped for reading aloud.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateRegisterCode(): string {
  const bytes = crypto.randomBytes(10);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

export function codeState(row: RegisterCodeRow, now: Date): RegisterCodeState {
  if (row.revokedAt) return 'REVOKED';
  if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'USED_UP';
  return 'ACTIVE';
}

export function toRegisterCode(row: RegisterCodeRow, now: Date): RegisterCode {
  return {
    code: row.code,
    state: codeState(row, now),
    uses: row.uses,
    maxUses: row.maxUses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Expiry given as a date means "valid through that day" in Germany: until the next midnight in Berlin. */
export function expiryInstant(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? startOfBerlinDay(value, 1) : new Date(value);
}

/** Inserts a fresh code (a new random one on the unlikely collision). */
export async function insertRegisterCode(
  tx: Database,
  input: { tenantId: string; maxUses: number | null; expiresAt: Date | null; createdBy: string | null; now: Date },
): Promise<RegisterCodeRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(registerCodes)
      .values({
        tenantId: input.tenantId,
        code: generateRegisterCode(),
        maxUses: input.maxUses,
        expiresAt: input.expiresAt,
        createdBy: input.createdBy,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return row;
  }
  throw new Error('could not generate a unique register code');
}

export async function codesOfTenant(db: Database, tenantId: string): Promise<RegisterCodeRow[]> {
  return db
    .select()
    .from(registerCodes)
    .where(eq(registerCodes.tenantId, tenantId))
    .orderBy(asc(registerCodes.createdAt), asc(registerCodes.code));
}

/** The codes of some employers (the back office's list counts the usable ones). */
export async function codesOfTenants(db: Database, tenantIds: readonly string[]): Promise<RegisterCodeRow[]> {
  if (tenantIds.length === 0) return [];
  return db
    .select()
    .from(registerCodes)
    .where(inArray(registerCodes.tenantId, [...tenantIds]));
}

/** One of an employer's codes as typed (case and blanks aside), or null. */
export async function findCodeOfTenant(db: Database, tenantId: string, code: string): Promise<RegisterCodeRow | null> {
  const [row] = await db
    .select()
    .from(registerCodes)
    .where(and(eq(registerCodes.tenantId, tenantId), eq(registerCodes.code, normaliseRegisterCode(code))));
  return row ?? null;
}

/** Stops a code at once; it stays listed (how often it was used) as revoked. */
export async function markCodeRevoked(tx: Database, codeId: string, now: Date): Promise<void> {
  await tx.update(registerCodes).set({ revokedAt: now }).where(eq(registerCodes.id, codeId));
}
