import type { LicenceCheckCase } from '@leasing/contract';
import { and, desc, eq } from 'drizzle-orm';

import { licenceChecks } from '../../db/schema-lease-end.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { ProviderCaseNotFoundError, ProviderUnavailableError } from '../ident/index.js';
import type { Actor, OrderDeps } from '../orders/index.js';
import { visibleOrder } from '../orders/index.js';
import { decideLicenceCheck, licenceCheckReference, type ProviderAnswer } from './licence-check-outcome.js';
import { licenceRows } from './licence-checks.js';
import { berlinToday } from './returns.js';

export type CheckRow = typeof licenceChecks.$inferSelect;

const unavailable = () =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'Der Identifikationsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  );

const answer = (row: CheckRow): LicenceCheckCase => ({
  status: row.status,
  link: row.status === 'PENDING' ? row.link : null,
  checkedOn: row.checkedOn,
  reason: row.reason,
});

/** The employee's own running lease; anyone else gets 404 (others' orders) or 403 (HR, provider). */
async function ownLease(deps: OrderDeps, actor: Actor, orderId: number) {
  const order = await visibleOrder(deps, actor, orderId);
  if (order.userId !== actor.id) throw forbidden();
  if (order.status !== 'LEASING_ACTIVE' || !order.handoverDate)
    throw conflict('Eine Führerscheinprüfung gibt es nur für ein laufendes Leasing.');
  return order;
}

async function latest(deps: OrderDeps, orderId: number): Promise<CheckRow | undefined> {
  const [row] = await deps.db
    .select()
    .from(licenceChecks)
    .where(eq(licenceChecks.orderId, orderId))
    .orderBy(desc(licenceChecks.createdAt))
    .limit(1);
  return row;
}

/**
 * `POST /v1/order/{id}/licence-check`: starts the driving-licence check at the identity provider
 * (a case of kind LICENCE_CHECK) once it is due (14 days before the due date or later); an open check
 * is answered again, so a repeated click opens no second paid case. An open check whose link ran out
 * is read again first: once the provider reports it ended, a new case starts.
 */
export async function startLicenceCheck(deps: OrderDeps, actor: Actor, orderId: number): Promise<LicenceCheckCase> {
  const order = await ownLease(deps, actor, orderId);
  let open = await latest(deps, orderId);
  if (open?.status === 'PENDING' && open.expiresAt && open.expiresAt <= deps.clock.now()) {
    open = await syncLicenceCheck(deps, open).catch(() => open);
  }
  if (open?.status === 'PENDING') return answer(open);
  const [due] = await licenceRows(deps.db, [order], berlinToday(deps.clock.now()));
  if (due?.status === 'OK') throw conflict('Die nächste Führerscheinprüfung ist noch nicht fällig.');
  const id = crypto.randomUUID();
  let started;
  try {
    started = await deps.provider().startLicenceCheck({
      reference: licenceCheckReference(id),
      callbackUrl: `${deps.callbackBaseUrl()}/v1/provider/callback`,
      returnUrl: `${deps.publicUrl}/order/${orderId}/workflow`,
    });
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw unavailable();
    throw error;
  }
  const [row] = await deps.db
    .insert(licenceChecks)
    .values({
      id,
      orderId,
      userId: order.userId,
      providerCaseId: started.caseId,
      link: started.link,
      status: 'PENDING',
      createdAt: deps.clock.now(),
      expiresAt: started.expiresAt,
    })
    .returning();
  if (!row) throw new Error('licence check not stored');
  return answer(row);
}

/**
 * `GET /v1/order/{id}/licence-check`: the newest check, an open one read again at the provider. Of a
 * failed or refused check only the provider's reason is kept (HR sees that and nothing more).
 */
export async function readLicenceCheck(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
): Promise<LicenceCheckCase | null> {
  await ownLease(deps, actor, orderId);
  const row = await latest(deps, orderId);
  if (!row) return null;
  if (row.status !== 'PENDING') return answer(row);
  try {
    return answer(await syncLicenceCheck(deps, row));
  } catch (error) {
    // The provider is down: the check stays open; the refresh job asks again.
    if (error instanceof ProviderUnavailableError) return answer(row);
    throw error;
  }
}

/**
 * Asks the provider about an open check and records the outcome: the day of a successful check, or
 * for a failed, refused, expired or abandoned one the reason alone. Throws ProviderUnavailableError
 * while the provider cannot answer and the check is not yet given up. Returns the check as it is now.
 */
export async function syncLicenceCheck(deps: OrderDeps, row: CheckRow): Promise<CheckRow> {
  if (row.status !== 'PENDING') return row;
  const now = deps.clock.now();
  let answered: ProviderAnswer;
  let outage: ProviderUnavailableError | null = null;
  if (!row.providerCaseId) {
    answered = { notFound: true };
  } else {
    try {
      answered = { case: await deps.provider().getCase(row.providerCaseId) };
    } catch (error) {
      if (error instanceof ProviderCaseNotFoundError) answered = { notFound: true };
      else if (error instanceof ProviderUnavailableError) {
        answered = { unavailable: true };
        outage = error;
      } else throw error;
    }
  }
  const decision = decideLicenceCheck(row, answered, now);
  if (decision.kind === 'mismatch') {
    deps.events.emit('authz.denied', { actor: null, target: `licence-check:${row.id}`, severity: 'high' });
    return row;
  }
  if (decision.kind === 'keep') {
    if (outage) throw outage;
    return row;
  }
  const [updated] = await deps.db
    .update(licenceChecks)
    .set(
      decision.kind === 'succeed'
        ? { status: 'SUCCEEDED', checkedOn: berlinToday(decision.completedAt ?? now), reason: null, link: null }
        : { status: 'FAILED', checkedOn: null, reason: decision.reason, link: null },
    )
    .where(and(eq(licenceChecks.id, row.id), eq(licenceChecks.status, 'PENDING')))
    .returning();
  // Someone else (callback, job, page) recorded it first: theirs stands.
  return updated ?? (await findCheck(deps, row.id)) ?? row;
}

/** The provider's callback for a case: applies it when it is one of our licence checks. */
export async function syncLicenceCheckCase(deps: OrderDeps, providerCaseId: string): Promise<void> {
  const [row] = await deps.db.select().from(licenceChecks).where(eq(licenceChecks.providerCaseId, providerCaseId));
  if (row?.status === 'PENDING') await syncLicenceCheck(deps, row);
}

async function findCheck(deps: OrderDeps, id: string): Promise<CheckRow | undefined> {
  const [row] = await deps.db.select().from(licenceChecks).where(eq(licenceChecks.id, id));
  return row;
}
