import type { StepType } from '@leasing/contract';
import { and, eq } from 'drizzle-orm';

import { identCases, processedCallbacks } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { eachRow, inBatches, type BatchOptions } from '../../lib/batches.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { ProviderCaseNotFoundError, ProviderUnavailableError, type CallbackEvent } from '../ident/index.js';
import { MAX_CASES_PER_STEP, type Actor, type OrderDeps } from './deps.js';
import { visibleOrder } from './read-orders.js';
import * as repo from './repository.js';
import { completeSignedCase } from './signature-completion.js';
import { stepById } from './steps.js';
import { detectBreakingChange } from './system-transitions.js';

// ---------------------------------------------------------------------------------------------
// Identity check and signature

export type CaseKind = 'IDENT' | 'SIGN';
const STEP_FOR: Record<CaseKind, StepType> = { IDENT: 'NECT_DRIVERS_LICENCE', SIGN: 'NECT_SIGN' };

/** How a provider case names the order it belongs to (opaque to the provider, checked on every read). */
const caseReference = (orderId: number) => `order-${orderId}`;

/**
 * `PUT .../nect-ident` and `.../nect-sign`: the link to the provider. While a case is open the same
 * link comes back (a partial unique index allows one open case per order and step), so double clicks
 * and parallel calls create exactly one paid case.
 */
export async function startCase(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  stepId: number,
  kind: CaseKind,
  /** Where the employee's browser comes back to from the provider's page (`OrderDeps.originOf`). */
  origin: string,
): Promise<string> {
  const order = await visibleOrder(deps, actor, orderId);
  if (actor.role !== 'EMPLOYEE') throw forbidden();
  const step = stepById(stepId);
  if (!step) throw notFound('Schritt nicht gefunden');
  const notCurrent = () => conflict('Dieser Schritt ist nicht der aktuelle Schritt der Bestellung.');
  // Refused before the system's check runs: a refused request changes nothing.
  if (step.stepType !== STEP_FOR[kind] || order.status !== step.stepType) throw notCurrent();
  const current = await detectBreakingChange(deps, order);
  if (current.status !== step.stepType) throw notCurrent();
  for (let attempt = 0; attempt < 50; attempt++) {
    const open = await repo.openCase(deps.db, orderId, stepId);
    if (open?.status === 'PENDING' && open.link && open.expiresAt && open.expiresAt > deps.clock.now())
      return open.link;
    if (open?.status === 'PENDING') {
      // Expired at the provider: close it so a new case may start.
      await deps.db
        .update(identCases)
        .set({ status: 'EXPIRED', updatedAt: deps.clock.now() })
        .where(eq(identCases.id, open.id));
      continue;
    }
    if (open?.status === 'STARTING') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    if ((await repo.countCases(deps.db, orderId, stepId)) >= MAX_CASES_PER_STEP) {
      throw conflict('Zu viele Versuche für diesen Schritt. Bitte wenden Sie sich an den Support.');
    }
    const claimed = await deps.db
      .insert(identCases)
      .values({ orderId, stepId, kind, status: 'STARTING', createdAt: deps.clock.now(), updatedAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ id: identCases.id });
    const claim = claimed[0];
    if (!claim) continue;
    return createProviderCase(deps, current, claim.id, kind, origin);
  }
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    'Der Identifikationsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
  );
}

async function createProviderCase(
  deps: OrderDeps,
  order: repo.OrderRow,
  caseRowId: string,
  kind: CaseKind,
  origin: string,
): Promise<string> {
  const returnUrl = `${origin}/order/${order.id}/workflow`;
  const callbackUrl = `${deps.callbackBaseUrl()}/v1/provider/callback`;
  try {
    if (kind === 'SIGN') {
      // The signature goes through the remote-signing service (CSC): it keeps the prepared contract.
      return (await deps.flows.startSignature(order, caseRowId, origin)).link;
    }
    const provider = deps.provider();
    const started = await provider.startIdent({ reference: caseReference(order.id), callbackUrl, returnUrl });
    await deps.db
      .update(identCases)
      .set({
        status: 'PENDING',
        providerCaseId: started.caseId,
        link: started.link,
        expiresAt: started.expiresAt,
        updatedAt: deps.clock.now(),
      })
      .where(eq(identCases.id, caseRowId));
    return started.link;
  } catch (error) {
    // The step stays as it is; the claim goes so a later attempt can start again.
    await deps.db.delete(identCases).where(eq(identCases.id, caseRowId));
    if (error instanceof ProviderUnavailableError) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        kind === 'SIGN'
          ? 'Der Vertrauensdienst für die Signatur antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.'
          : 'Der Identifikationsdienst antwortet gerade nicht. Bitte versuchen Sie es gleich noch einmal.',
      );
    }
    throw error;
  }
}

/** `GET ...-check`: our database only (the UI polls it every 3 s). */
export async function checkCase(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  stepId: number,
  kind: CaseKind,
): Promise<boolean> {
  const order = await visibleOrder(deps, actor, orderId);
  const step = stepById(stepId);
  if (!step || step.stepType !== STEP_FOR[kind]) throw notFound('Schritt nicht gefunden');
  // Signed means the order has moved on (case and step change commit together).
  if (kind === 'SIGN') return order.signedAt !== null;
  const latest = await repo.latestCase(deps.db, orderId, stepId);
  return latest?.status === 'SUCCEEDED';
}

/**
 * A provider callback is only a hint: we verify its signature, ignore replays, and re-read the case
 * from the provider before anything changes.
 */
export async function handleCallback(
  deps: OrderDeps,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  otherCases: readonly CaseSync[] = [],
): Promise<'ok' | 'replay'> {
  const provider = deps.provider();
  const event = provider.verifyCallback(headers, rawBody);
  if (!event) throw new AppError('UNAUTHENTICATED', 'Ungültige Signatur');
  // Signed by the provider: from here the platform acts on the case, whoever's order it is.
  return runAsSystem(() => applyCallback(deps, event, otherCases));
}

/**
 * Applies a callback to cases kept outside the order steps (e.g. lease-end's licence checks): each
 * looks the case id up among its own cases and re-reads the case itself; an unknown id does nothing.
 */
export type CaseSync = (deps: OrderDeps, providerCaseId: string) => Promise<void>;

async function applyCallback(
  deps: OrderDeps,
  event: CallbackEvent,
  otherCases: readonly CaseSync[],
): Promise<'ok' | 'replay'> {
  const fresh = await deps.db
    .insert(processedCallbacks)
    .values({ eventId: event.eventId })
    .onConflictDoNothing()
    .returning();
  if (fresh.length === 0) return 'replay';
  try {
    await syncCase(deps, event.caseId);
    for (const sync of otherCases) await sync(deps, event.caseId);
  } catch (error) {
    // Let the provider retry later: forget the event.
    await deps.db.delete(processedCallbacks).where(eq(processedCallbacks.eventId, event.eventId));
    if (error instanceof ProviderUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Der Identifikationsdienst antwortet gerade nicht.');
    }
    throw error;
  }
  return 'ok';
}

/** Reads a case from the provider and applies it: status, and for a signature the signed contract. */
export async function syncCase(deps: OrderDeps, providerCaseId: string): Promise<void> {
  const [row] = await deps.db.select().from(identCases).where(eq(identCases.providerCaseId, providerCaseId));
  if (!row || row.status !== 'PENDING') return;
  let remote;
  try {
    remote = await deps.provider().getCase(providerCaseId);
  } catch (error) {
    // The provider no longer knows the case (e.g. the simulator restarted): it can never complete,
    // so close it and let the employee start a new one.
    if (error instanceof ProviderCaseNotFoundError) {
      await deps.db
        .update(identCases)
        .set({ status: 'FAILED', updatedAt: deps.clock.now() })
        .where(eq(identCases.id, row.id));
      return;
    }
    throw error;
  }
  if (remote.status === 'PENDING') return;
  // The provider's case must be the one we opened for this order and step: a case id that names
  // another order's case, or a case of another kind, changes nothing here.
  if (remote.reference !== caseReference(row.orderId) || remote.kind !== row.kind) {
    deps.events.emit('authz.denied', { actor: null, target: `ident-case:${row.id}`, severity: 'high' });
    return;
  }
  const now = deps.clock.now();
  const order = await repo.findOrder(deps.db, row.orderId);
  const signs =
    row.kind === 'SIGN' && remote.status === 'SUCCEEDED' && order?.status === 'NECT_SIGN' && order.currentUserStepId;
  // Signatures are made through the remote-signing service now (flows/sign-contract.ts); a case
  // the identity provider signed itself counts only with the provider's signed document.
  const signed = signs && order ? remote.signedDocument : null;
  if (order && signed) {
    await completeSignedCase(deps, { order, caseRowId: row.id, signed, auditFields: [], now });
    return;
  }
  await deps.db
    .update(identCases)
    .set({ status: remote.status, updatedAt: now })
    .where(and(eq(identCases.id, row.id), eq(identCases.status, 'PENDING')));
}

/**
 * Catches up on cases whose callback got lost (scheduled), in batches by case id (decision 0043).
 * A case the provider cannot answer for now stays PENDING for the next run; one it answered leaves
 * the candidates. Returns how many cases were asked.
 */
export function reconcileCases(deps: OrderDeps, options: BatchOptions = {}): Promise<number> {
  const pass = () =>
    inBatches(
      {
        next: (after: string | null, limit: number) => repo.pendingCases(deps.db, { after, limit }),
        keyOf: (row) => row.id,
        handle: (batch) =>
          eachRow(batch, async (row) => {
            if (!row.providerCaseId) return false;
            return syncCase(deps, row.providerCaseId).then(
              () => true,
              () => false,
            );
          }),
      },
      options,
    );
  return runAsSystem(pass);
}
