import crypto from 'node:crypto';

import type { CreateRegisterCodeRequest, RegisterCode, RegisterCodeState } from '@leasing/contract';
import { and, asc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { registerCodes } from '../../db/schema-provider.js';
import { tenants } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import { normaliseRegisterCode } from '../account/index.js';
import { startOfBerlinDay } from '../../lib/berlin-dates.js';
import { requireProvider, type ProviderActor, type ProviderCtx, type ProviderDeps } from './deps.js';

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

/** `POST /v1/provider/tenants/{id}/register-codes`. */
export async function createRegisterCode(
  deps: ProviderDeps,
  actor: ProviderActor,
  tenantId: string,
  input: CreateRegisterCodeRequest,
  ctx: ProviderCtx,
): Promise<RegisterCode> {
  requireProvider(actor);
  const now = deps.clock.now();
  const expiresAt = input.expiresAt ? expiryInstant(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError('VALIDATION_FAILED', 'Das Ablaufdatum liegt in der Vergangenheit.', {
      errors: [{ field: 'expiresAt', message: 'dateInFuture' }],
    });
  }
  const row = await deps.db.transaction(async (tx) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId));
    if (!tenant) throw notFound('Arbeitgeber nicht gefunden');
    const created = await insertRegisterCode(tx, {
      tenantId,
      maxUses: input.maxUses ?? null,
      expiresAt,
      createdBy: actor.id,
      now,
    });
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId,
      action: 'provider.register_code.created',
      subjectType: 'register_code',
      subjectId: created.id,
      fields: ['maxUses', 'expiresAt'],
      requestId: ctx.requestId,
      at: now,
    });
    return created;
  });
  return toRegisterCode(row, now);
}

/**
 * `DELETE /v1/provider/tenants/{id}/register-codes/{code}`: the code stops working at once; it stays
 * listed (how often it was used) as revoked. Revoking the last usable code is allowed (an employer may
 * want to stop all registrations for a while); the back office shows an employer without one.
 */
export async function revokeRegisterCode(
  deps: ProviderDeps,
  actor: ProviderActor,
  tenantId: string,
  code: string,
  ctx: ProviderCtx,
): Promise<void> {
  requireProvider(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [target] = await tx
      .select()
      .from(registerCodes)
      .where(and(eq(registerCodes.tenantId, tenantId), eq(registerCodes.code, normaliseRegisterCode(code))));
    if (!target) throw notFound('Code nicht gefunden');
    if (target.revokedAt) return;
    await tx.update(registerCodes).set({ revokedAt: now }).where(eq(registerCodes.id, target.id));
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId,
      action: 'provider.register_code.revoked',
      subjectType: 'register_code',
      subjectId: target.id,
      fields: ['revokedAt'],
      requestId: ctx.requestId,
      at: now,
    });
  });
}
