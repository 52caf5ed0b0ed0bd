import {
  CLAIM_TRANSITIONS,
  CLOSED_CLAIM_STATUSES,
  type Claim,
  type ClaimKind,
  type ClaimStatus,
  type ClaimUpdateRequest,
  type ProviderClaimPage,
  type ProviderClaimsQuery,
} from '@leasing/contract';
import { eq } from 'drizzle-orm';

import { claimEvents, claims } from '../../db/schema-claims.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinDate, berlinMonth } from '../../lib/berlin-dates.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { mailOrderEmployee, visibleOrder, type Actor, type OrderDeps } from '../orders/index.js';
import { requireProvider } from '../provider/index.js';
import { claimById, claimPhoto, claimQueue, claimsWithDetails, type ClaimRow } from './repository.js';

/** `GET /v1/provider/claims`: every employer's claims, newest first, by state and search. */
export async function providerClaims(
  deps: OrderDeps,
  actor: Actor,
  query: ProviderClaimsQuery,
): Promise<ProviderClaimPage> {
  requireProvider(actor);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const { items, total } = await claimQueue(deps.db, { ...query, page, pageSize });
  return { items, total, page, pageSize };
}

const STATUS_LABEL: Record<ClaimStatus, string> = {
  REPORTED: 'gemeldet',
  IN_REVIEW: 'in Prüfung',
  REPAIR_SCHEDULED: 'Reparatur geplant',
  REPAIRED: 'repariert',
  TOTAL_LOSS: 'Totalschaden',
  REJECTED: 'abgelehnt',
};

/**
 * What the update asks of the claim as it stands, or why it cannot be: the next state one of the
 * current one's transitions (or the same state with a note or the excess: an update without either is
 * refused); the excess decided once and never on a rejected claim.
 */
export function updateRefusal(
  row: Pick<ClaimRow, 'status' | 'excessCents'>,
  update: ClaimUpdateRequest,
): string | null {
  const from = row.status as ClaimStatus;
  const moves = update.status !== from;
  if (moves && !CLAIM_TRANSITIONS[from].includes(update.status))
    return `Eine Meldung im Stand „${STATUS_LABEL[from]}“ kann nicht auf „${STATUS_LABEL[update.status]}“ wechseln.`;
  // The same state with neither note nor excess would write an empty event and mail the employee.
  if (!moves && update.excessEur === undefined && !update.note?.trim())
    return CLOSED_CLAIM_STATUSES.includes(from)
      ? 'Die Meldung ist abgeschlossen.'
      : 'Die Änderung enthält nichts Neues: weder einen anderen Stand noch eine Nachricht oder eine Selbstbeteiligung.';
  if (update.excessEur !== undefined) {
    if (row.excessCents !== null) return 'Die Selbstbeteiligung dieser Meldung ist bereits festgesetzt.';
    if (update.status === 'REJECTED') return 'Eine abgelehnte Meldung hat keine Selbstbeteiligung.';
  }
  return null;
}

/**
 * `PATCH /v1/provider/claims/{claimId}`: the provider moves the claim on, writes the employee a note
 * and decides the excess. The excess is deducted in the payroll month it was decided in (Berlin), a
 * month that is fixed with it: the export deducts it once. Each change is mailed to the employee.
 */
export async function updateClaim(
  deps: OrderDeps,
  actor: Actor,
  claimId: string,
  update: ClaimUpdateRequest,
  ctx: { requestId: string },
): Promise<Claim> {
  requireProvider(actor);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await claimById(tx, claimId, true);
    if (!current) throw notFound('Meldung nicht gefunden');
    const refusal = updateRefusal(current, update);
    if (refusal) throw conflict(refusal);
    const excessCents = update.excessEur === undefined ? current.excessCents : Math.round(update.excessEur * 100);
    const excessMonth = update.excessEur === undefined ? current.excessMonth : berlinMonth(now);
    const [updated] = await tx
      .update(claims)
      .set({ status: update.status, excessCents, excessMonth, updatedAt: now })
      .where(eq(claims.id, current.id))
      .returning();
    if (!updated) throw notFound('Meldung nicht gefunden');
    // A total loss or a theft ends the lease, in this transaction (lease-end, through the flows).
    if (update.status === 'TOTAL_LOSS' && current.status !== 'TOTAL_LOSS')
      await deps.flows.endLeaseByLoss(tx, {
        orderId: current.orderId,
        endedOn: berlinDate(now),
        claimNumber: current.number,
        theft: current.kind === 'THEFT',
        ...(excessCents !== null && excessMonth !== null ? { excess: { cents: excessCents, month: excessMonth } } : {}),
        actorUserId: actor.id,
        at: now,
        requestId: ctx.requestId,
      });
    await tx.insert(claimEvents).values({
      claimId: current.id,
      tenantId: current.tenantId,
      userId: current.userId,
      status: update.status,
      note: update.note ?? null,
      actorUserId: actor.id,
      at: now,
    });
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: current.tenantId,
      action: 'claim.updated',
      subjectType: 'claim',
      subjectId: current.id,
      fields: Object.keys(update),
      requestId: ctx.requestId,
      at: now,
    });
    await mailOrderEmployee(
      tx,
      deps,
      { id: current.orderId, userId: current.userId },
      {
        type: 'CLAIM_UPDATE',
        car: current.car,
        claimNumber: current.number,
        kind: current.kind as ClaimKind,
        status: update.status,
        note: update.note ?? null,
        // Told once: in the mail of the change that decided it.
        excessCents: update.excessEur === undefined ? null : excessCents,
        excessMonth: update.excessEur === undefined ? null : excessMonth,
      },
      now,
    );
    return updated;
  });
  deps.mailSent();
  const [claim] = await claimsWithDetails(deps.db, [row], 'FULL');
  if (!claim) throw new Error('claim not read back');
  return claim;
}

/**
 * `GET /v1/order/{orderId}/claims/{claimId}/photos/{photoId}`: a claim's photo (WebP) for the
 * employee and the provider; HR sees no photos (403), others' orders are 404s.
 */
export async function readClaimPhoto(
  deps: OrderDeps,
  actor: Actor,
  ids: { orderId: number; claimId: string; photoId: string },
): Promise<Buffer> {
  const order = await visibleOrder(deps, actor, ids.orderId);
  if (actor.role === 'TENANT_ADMIN') throw forbidden();
  const claim = await claimById(deps.db, ids.claimId);
  if (!claim || claim.orderId !== order.id) throw notFound('Foto nicht gefunden');
  const photo = await claimPhoto(deps.db, claim.id, ids.photoId);
  if (!photo) throw notFound('Foto nicht gefunden');
  return photo;
}
