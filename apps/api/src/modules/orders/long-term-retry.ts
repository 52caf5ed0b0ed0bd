/**
 * The long-term extension made later: an approval stores the sealed contract (B-T) when the DSS or the
 * document timestamp could not be had at that moment (revocation service or TSA away), marked with
 * `long_term_due_at`. This job extends such contracts in batches, as the platform (system scope), and
 * replaces the stored file by its extension: the sealed file stays inside it byte for byte (incremental
 * revisions), and the audit trail names both versions by their SHA-256, as the approval does. A failed
 * attempt waits longer each time, up to a few hours; the contract stays valid as sealed meanwhile.
 * The order's documents are the workflow's (orders owns them); signing makes the extension.
 */
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';

import { orderDocuments, orders } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';

import { longTermAuditFields, type SigningDeps } from '../signing/index.js';

/** What the retry needs (the order service's dependencies fit it). */
interface LongTermRetryDeps {
  db: Database;
  clock: Clock;
  signing: SigningDeps;
}

export const LONG_TERM_RETRY_JOB = 'signing.long-term-retry';
export const LONG_TERM_RETRY_INTERVAL_MS = 60_000;
/** Documents per query; a run goes on batch after batch up to `MAX_PER_RUN`. */
const BATCH = 10;
const MAX_PER_RUN = 100;
const FIRST_PAUSE_MS = 60_000;
const LONGEST_PAUSE_MS = 6 * 3_600_000;

/** The pause after the `attempts`-th failed retry: one minute, doubling, at most six hours. */
export function retryPause(attempts: number): number {
  return Math.min(FIRST_PAUSE_MS * 2 ** Math.max(0, attempts - 1), LONGEST_PAUSE_MS);
}

export interface RetryOutcome {
  extended: number;
  failed: number;
}

type DueDocument = { id: string; attempts: number };

function dueDocuments(deps: LongTermRetryDeps, now: Date): Promise<DueDocument[]> {
  return deps.db
    .select({ id: orderDocuments.id, attempts: orderDocuments.longTermAttempts })
    .from(orderDocuments)
    .where(lte(orderDocuments.longTermDueAt, now))
    .orderBy(asc(orderDocuments.longTermDueAt))
    .limit(BATCH);
}

/**
 * Claims the document for one attempt by booking it as failed (next time and count) before the work:
 * a parallel run does not claim it twice, and a run that dies leaves it due again after the pause.
 */
async function claim(deps: LongTermRetryDeps, document: DueDocument, now: Date) {
  const attempts = document.attempts + 1;
  const [claimed] = await deps.db
    .update(orderDocuments)
    .set({ longTermAttempts: attempts, longTermDueAt: new Date(now.getTime() + retryPause(attempts)) })
    .where(and(eq(orderDocuments.id, document.id), eq(orderDocuments.longTermAttempts, document.attempts)))
    .returning({ orderId: orderDocuments.orderId, pdf: orderDocuments.pdf });
  return claimed;
}

/** One attempt at one document: true when it is long-term now. */
async function extendDocument(deps: LongTermRetryDeps, document: DueDocument, now: Date): Promise<boolean> {
  const claimed = await claim(deps, document, now);
  if (!claimed) return false;
  const sealed = new Uint8Array(claimed.pdf);
  const extended = await deps.signing.longTermExtension(sealed).catch(() => null);
  if (!extended) return false;
  const [order] = await deps.db
    .select({ tenantId: orders.tenantId })
    .from(orders)
    .where(eq(orders.id, claimed.orderId));
  return deps.db.transaction(async (tx) => {
    const stored = await tx
      .update(orderDocuments)
      .set({ pdf: Buffer.from(extended), longTermDueAt: null })
      .where(
        and(
          eq(orderDocuments.id, document.id),
          eq(orderDocuments.longTermAttempts, document.attempts + 1),
          isNotNull(orderDocuments.longTermDueAt),
        ),
      )
      .returning({ id: orderDocuments.id });
    if (stored.length === 0) return false;
    await recordAudit(tx, {
      actorUserId: null,
      tenantId: order?.tenantId ?? null,
      action: 'order.contract.long-term',
      subjectType: 'order',
      subjectId: String(claimed.orderId),
      fields: longTermAuditFields(sealed, extended),
      at: deps.clock.now(),
    });
    return true;
  });
}

/** Extends every due contract (batch after batch); failures are booked for a later attempt. */
export function retryLongTermExtensions(deps: LongTermRetryDeps): Promise<RetryOutcome> {
  return runAsSystem(async () => {
    const outcome: RetryOutcome = { extended: 0, failed: 0 };
    const now = deps.clock.now();
    while (outcome.extended + outcome.failed < MAX_PER_RUN) {
      const due = await dueDocuments(deps, now);
      if (due.length === 0) break;
      for (const document of due) {
        if (await extendDocument(deps, document, now)) outcome.extended += 1;
        else outcome.failed += 1;
      }
    }
    return outcome;
  });
}

/** Every minute, once per slot across instances (lib/scheduled-jobs.ts). */
export function scheduleLongTermRetry(scheduler: JobScheduler, deps: LongTermRetryDeps): void {
  scheduler.every(LONG_TERM_RETRY_JOB, LONG_TERM_RETRY_INTERVAL_MS, () => retryLongTermExtensions(deps));
}
