import type { LicenceCheckCase } from '@leasing/contract';
import { and, desc, eq } from 'drizzle-orm';

import { licenceChecks } from '../../db/schema-lease-end.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { ProviderUnavailableError } from '../ident/provider.js';
import type { Actor, OrderDeps } from '../orders/deps.js';
import { visibleOrder } from '../orders/read-orders.js';
import { licenceRows } from './licence-checks.js';
import { berlinToday } from './returns.js';

type CheckRow = typeof licenceChecks.$inferSelect;

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
 * once it is due (14 days before the due date or later); an open check is answered again, so a
 * repeated click opens no second paid case.
 */
export async function startLicenceCheck(deps: OrderDeps, actor: Actor, orderId: number): Promise<LicenceCheckCase> {
  const order = await ownLease(deps, actor, orderId);
  const open = await latest(deps, orderId);
  if (open?.status === 'PENDING') return answer(open);
  const [due] = await licenceRows(deps.db, [order], berlinToday(deps.clock.now()));
  if (due?.status === 'OK') throw conflict('Die nächste Führerscheinprüfung ist noch nicht fällig.');
  const id = crypto.randomUUID();
  let started;
  try {
    started = await deps.provider().startIdent({
      reference: `licence-${id}`,
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
  if (row.status !== 'PENDING' || !row.providerCaseId) return answer(row);
  let remote;
  try {
    remote = await deps.provider().getCase(row.providerCaseId);
  } catch (error) {
    if (error instanceof ProviderUnavailableError) return answer(row);
    throw error;
  }
  if (remote.status === 'PENDING') return answer(row);
  const succeeded = remote.status === 'SUCCEEDED';
  const [updated] = await deps.db
    .update(licenceChecks)
    .set({
      status: succeeded ? 'SUCCEEDED' : 'FAILED',
      checkedOn: succeeded ? berlinToday(remote.completedAt ?? deps.clock.now()) : null,
      reason: succeeded ? null : (remote.failureReason ?? remote.status),
      link: null,
    })
    .where(and(eq(licenceChecks.id, row.id), eq(licenceChecks.status, 'PENDING')))
    .returning();
  return answer(updated ?? row);
}
