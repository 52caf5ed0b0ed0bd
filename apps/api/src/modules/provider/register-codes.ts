import type { CreateRegisterCodeRequest, RegisterCode } from '@leasing/contract';

import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound } from '../../lib/errors.js';
import {
  expiryInstant,
  findCodeOfTenant,
  insertRegisterCode,
  markCodeRevoked,
  tenantFactsOf,
  toRegisterCode,
} from '../tenants/index.js';
import { requireProvider, type ProviderActor, type ProviderCtx, type ProviderDeps } from './deps.js';

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
    if (!(await tenantFactsOf(tx, [tenantId])).has(tenantId)) throw notFound('Arbeitgeber nicht gefunden');
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
    const target = await findCodeOfTenant(tx, tenantId, code);
    if (!target) throw notFound('Code nicht gefunden');
    if (target.revokedAt) return;
    await markCodeRevoked(tx, target.id, now);
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
