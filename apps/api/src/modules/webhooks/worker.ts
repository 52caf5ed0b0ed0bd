import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema-webhooks.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinToday } from '../../lib/berlin-day.js';
import { loggableError } from '../../lib/loggable-error.js';
import { settleWithin } from '../../lib/settle-within.js';
import { activeAdmins } from '../account/index.js';
import { enqueueMail } from '../mail/index.js';
import type { WebhookDeps } from './deps.js';
import { openSecret } from './secrets.js';
import { DELIVERY_TIMEOUT_MS, sendSigned, systemResolver, type SendOutcome } from './send.js';

/** Retries of a series stop this long after its first try; then the delivery FAILED, the endpoint FAILING. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/** The pauses after each failed try: 5 s, 30 s, 2 min, 10 min, 1 h, 2 h, 4 h, then every 8 h. */
const PAUSES_MS = [5_000, 30_000, 120_000, 600_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000];

/**
 * When the tries of a series are due, as offsets from its first: the pauses added up while inside the
 * 24 hours, and a last try at the 24 hours themselves (0, 5 s, 35 s, 2 min 35 s, … 23 h 12 min, 24 h).
 */
export const ATTEMPT_OFFSETS_MS: readonly number[] = (() => {
  const offsets = [0];
  for (let i = 0; ; i++) {
    const next = (offsets.at(-1) ?? 0) + (PAUSES_MS[i] ?? PAUSES_MS[PAUSES_MS.length - 1] ?? 0);
    if (next >= RETRY_WINDOW_MS) break;
    offsets.push(next);
  }
  offsets.push(RETRY_WINDOW_MS);
  return offsets;
})();

/**
 * After a failed try at `at` of a series begun at `seriesStart`: when the next is due, or null when
 * the 24 hours are over. Worked out from the two moments alone (no counter to keep in step): a worker
 * that was away for a while goes on with the next offset, without making up the missed ones.
 */
export function nextAttemptAfter(seriesStart: Date, at: Date): Date | null {
  const elapsed = at.getTime() - seriesStart.getTime();
  if (elapsed >= RETRY_WINDOW_MS) return null;
  const offset = ATTEMPT_OFFSETS_MS.find((o) => o > elapsed) ?? RETRY_WINDOW_MS;
  return new Date(seriesStart.getTime() + offset);
}

/** A claimed delivery waits this long for its worker before another may take it: far beyond a try's timeout. */
const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries claimed at a time and sent side by side: one slow receiver does not hold up the others. */
const BATCH_SIZE = 10;
/** A pass stops after this many deliveries, so that one pass never runs for long; the next goes on. */
const PASS_LIMIT = 200;

type Claimed = typeof webhookDeliveries.$inferSelect;

/**
 * Claims due deliveries of endpoints in service: `FOR UPDATE SKIP LOCKED`, so instances side by side
 * take different rows, and a claim lease in `next_attempt_at` (an instance that dies mid-try leaves the
 * row to the others once it expires, with the same `webhook-id`). The try is counted at the claim.
 */
async function claimDue(db: Database, now: Date): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(
          eq(webhookDeliveries.status, 'PENDING'),
          lte(webhookDeliveries.nextAttemptAt, now),
          eq(webhookEndpoints.status, 'ACTIVE'),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(BATCH_SIZE)
      .for('update', { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
        seriesStartedAt: sql`coalesce(${webhookDeliveries.seriesStartedAt}, ${now.toISOString()}::timestamptz)`,
        lastAttemptAt: now,
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
}

export interface PassOutcome {
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * One pass of the delivery worker: every due delivery of an endpoint in service is tried once (at
 * most {@link PASS_LIMIT}), in the platform's scope. Tests call it to run a pass at the moment they
 * choose; the worker's timer calls it every few seconds.
 */
export async function deliverDueWebhooks(deps: WebhookDeps, signal?: AbortSignal): Promise<PassOutcome> {
  return runAsSystem(async () => {
    const outcome: PassOutcome = { delivered: 0, retrying: 0, failed: 0 };
    let handled = 0;
    while (handled < PASS_LIMIT && !signal?.aborted) {
      const now = deps.clock.now();
      const batch = await claimDue(deps.db, now);
      if (batch.length === 0) break;
      handled += batch.length;
      const endpoints = await deps.db
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(batch.map((d) => d.endpointId))]));
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      const results = await Promise.all(
        batch.map(async (delivery) => {
          const endpoint = byId.get(delivery.endpointId);
          // Deleted since the claim: its deliveries went with it.
          if (!endpoint) return null;
          let secret: string;
          try {
            secret = openSecret(deps.cipher, endpoint);
          } catch {
            // A key no longer configured: nothing can be signed; the try is recorded, HR sets a new secret.
            const error = 'Das Signiergeheimnis lässt sich nicht lesen. Bitte ein neues erzeugen.';
            return record(deps, delivery, now, { statusCode: null, responseExcerpt: null, error, durationMs: 0 });
          }
          const sent = await sendSigned(
            { url: endpoint.url, secret, messageId: delivery.messageId, body: delivery.body, at: now },
            {
              policy: deps.targets,
              resolve: deps.resolve ?? systemResolver,
              timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
            },
          );
          return record(deps, delivery, now, sent);
        }),
      );
      for (const result of results) if (result) outcome[result]++;
    }
    return outcome;
  });
}

/** Writes a try's outcome: the log line, and the delivery DELIVERED, due again, or FAILED. */
async function record(
  deps: WebhookDeps,
  delivery: Claimed,
  at: Date,
  sent: SendOutcome,
): Promise<keyof PassOutcome | null> {
  const ok = sent.statusCode !== null && sent.statusCode >= 200 && sent.statusCode < 300;
  const next = ok ? null : nextAttemptAfter(delivery.seriesStartedAt ?? at, at);
  const result: keyof PassOutcome = ok ? 'delivered' : next ? 'retrying' : 'failed';
  let mailed = false;
  await deps.db.transaction(async (tx) => {
    // Only while the claim is this worker's: a later claim (this one took too long) records its own.
    const [updated] = await tx
      .update(webhookDeliveries)
      .set({
        status: ok ? 'DELIVERED' : next ? 'PENDING' : 'FAILED',
        lastStatusCode: sent.statusCode,
        ...(ok ? { deliveredAt: deps.clock.now(), nextAttemptAt: at } : { nextAttemptAt: next ?? at }),
      })
      .where(
        and(
          eq(webhookDeliveries.id, delivery.id),
          eq(webhookDeliveries.attempts, delivery.attempts),
          eq(webhookDeliveries.status, 'PENDING'),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    await tx.insert(webhookAttempts).values({
      deliveryId: delivery.id,
      tenantId: delivery.tenantId,
      attempt: delivery.attempts,
      attemptedAt: at,
      statusCode: sent.statusCode,
      durationMs: sent.durationMs,
      responseExcerpt: sent.responseExcerpt,
      error: sent.error,
    });
    if (updated && result === 'failed') mailed = await markFailing(deps, tx, delivery, at);
  });
  if (!ok) deps.log.warn({ deliveryId: delivery.id, attempt: delivery.attempts, result }, 'webhook delivery failed');
  if (mailed) deps.mailSent();
  return result;
}

/**
 * A delivery failed for 24 hours: its endpoint is marked FAILING (by one conditional update, so of
 * several failing deliveries and instances exactly one does it) and its employer's HR admins are
 * mailed, once, in their language. True when the mails were queued.
 */
async function markFailing(deps: WebhookDeps, tx: Database, delivery: Claimed, at: Date): Promise<boolean> {
  const [endpoint] = await tx
    .update(webhookEndpoints)
    .set({ status: 'FAILING', failingSince: at, updatedAt: at })
    .where(and(eq(webhookEndpoints.id, delivery.endpointId), eq(webhookEndpoints.status, 'ACTIVE')))
    .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
  if (!endpoint) return false;
  await recordAudit(tx, {
    actorUserId: null,
    tenantId: delivery.tenantId,
    action: 'tenant.webhook.failing',
    subjectType: 'webhook_endpoint',
    subjectId: endpoint.id,
    fields: [delivery.messageId],
    at,
  });
  const since = berlinToday(delivery.seriesStartedAt ?? at);
  const host = new URL(endpoint.url).host;
  for (const admin of await activeAdmins(tx, 'TENANT_ADMIN', delivery.tenantId)) {
    await enqueueMail(
      tx,
      admin,
      {
        kind: 'WEBHOOK_FAILING',
        firstName: admin.firstName,
        host,
        since,
        link: `${deps.publicUrl}/employer/integrations`,
      },
      at,
    );
  }
  return true;
}

/**
 * Delivers the outbox in the background: a pass every `pollIntervalMs` on every instance (the claims
 * keep them apart), and `kick()` for one right away (a re-send). Holds nothing but its timer: what is
 * due, claimed and done lives in the database.
 */
export class WebhookWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private started = false;
  private readonly stopping = new AbortController();

  constructor(
    readonly deps: WebhookDeps,
    private readonly pollIntervalMs = 2_000,
  ) {}

  start(): void {
    this.started = true;
    this.timer = setInterval(() => this.kick(), this.pollIntervalMs);
    this.timer.unref();
  }

  /** A pass now, unless one runs or the worker was never started (tests run passes themselves). */
  kick(): void {
    if (!this.started || this.stopping.signal.aborted || this.running) return;
    this.running = deliverDueWebhooks(this.deps, this.stopping.signal)
      .then(() => undefined)
      .catch((error: unknown) => this.deps.log.error({ err: loggableError(error) }, 'webhook worker failed'))
      .finally(() => {
        this.running = null;
      });
  }

  /** No further passes; the tries under way finish (waited for at most `graceMs`), the rest stays due. */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.stopping.abort();
    if (this.timer) clearInterval(this.timer);
    return this.running ? settleWithin(this.running, graceMs) : true;
  }
}
