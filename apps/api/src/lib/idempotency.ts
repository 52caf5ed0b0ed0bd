import crypto from 'node:crypto';

import { and, eq, gte, lt } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema-idempotency.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/** How long a key's answer is replayed (a client retrying over a flaky network, a double click). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
/** How often a request looks again after a parallel one with the same key got in first. */
const ATTEMPTS = 3;

/** Keys as the IETF draft and common APIs use them: printable, at most 255 characters. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw new AppError('VALIDATION_FAILED', 'Der Idempotency-Key ist ungültig.', {
      errors: [{ field: 'Idempotency-Key', message: 'invalid' }],
    });
  }
  return value;
}

/**
 * What a key is bound to besides its answer: the SHA-256 of the request body as JSON with its keys
 * sorted, so the same request is recognised however a client orders or spaces its fields, and a
 * different one is told apart (IETF draft httpapi-idempotency-key-header, "request fingerprint").
 */
export function requestFingerprint(body: unknown): string {
  return crypto.createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The answer to a key used again with another request body (422, like the IETF draft advises). */
function keyReused(): AppError {
  return new AppError(
    'IDEMPOTENCY_KEY_REUSED',
    'Dieser Idempotency-Key wurde schon für eine Anfrage mit anderem Inhalt verwendet. Bitte verwenden Sie für eine neue Anfrage einen neuen Schlüssel.',
    { errors: [{ field: 'Idempotency-Key', message: 'reused with a different request body' }] },
  );
}

/**
 * Writes the key with its answer. The work calls it inside the transaction that makes the answer
 * (for an order: right after inserting the order row), and lets an error from it end that transaction.
 */
export type RecordAnswer<T> = (tx: Database, answer: T) => Promise<void>;

/** A parallel request with the same key committed first; thrown to roll back the work's transaction. */
class KeyTaken extends Error {}

/**
 * Runs `work` once per user and key: a repeat within 24 h gets the first answer, on any instance,
 * also while the first is still running (it waits for it). The same key for another operation is
 * refused (409), and so is the same key with another request body (422): the stored fingerprint
 * differs, and answering the first order to a different request would hide that it was not made.
 *
 * Why it holds: there is no separate claim. The key row is inserted, answer included, by `record`
 * inside the work's own transaction, so the order and its key's answer commit together or not at
 * all. A process that dies, or a work or answer write that fails, rolls both back: no order without
 * an answer, no answer for an order that is not there, and no half-claimed key that blocks retries
 * (so no lease is needed: a claim never outlives its transaction).
 * Parallel repeats meet at the primary key (user_id, key): PostgreSQL makes the second insert wait
 * until the first transaction ends. If it committed, the insert does nothing, `record` throws
 * {@link KeyTaken}, the repeat's own order rolls back and it answers with the first one's answer; if
 * it rolled back, the repeat's insert goes through and its order is the one. (PGlite runs one
 * transaction at a time, so there the repeat simply sees the committed key.) A key older than the
 * window is overwritten as free; the retention job removes such keys hourly.
 */
export async function once<T>(
  deps: { db: Database; clock: Clock },
  scope: { userId: string; key: string; operation: string; fingerprint: string },
  work: (record: RecordAnswer<T>) => Promise<T>,
): Promise<T> {
  const { db, clock } = deps;
  const mine = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));
  const windowStart = () => new Date(clock.now().getTime() - IDEMPOTENCY_WINDOW_MS);
  for (let attempt = 1; ; attempt++) {
    // A repeat after the first finished gets its answer without doing the work again (which might
    // now fail, e.g. after a profile change).
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(mine, gte(idempotencyKeys.createdAt, windowStart())));
    if (earlier) {
      if (earlier.operation !== scope.operation) {
        throw new AppError('CONFLICT', 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.');
      }
      // Keys written before fingerprints were stored (null) answer as before, for their last 24 h.
      if (earlier.requestHash !== null && earlier.requestHash !== scope.fingerprint) throw keyReused();
      return earlier.answer as T;
    }
    let recorded = false;
    try {
      const answer = await work(async (tx, value) => {
        const now = clock.now();
        const row = {
          operation: scope.operation,
          requestHash: scope.fingerprint,
          createdAt: now,
          answer: value as object,
        };
        const [written] = await tx
          .insert(idempotencyKeys)
          .values({ userId: scope.userId, key: scope.key, ...row })
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: row,
            // Only a key past its window is free; a live one belongs to the request that wrote it.
            setWhere: lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS)),
          })
          .returning({ key: idempotencyKeys.key });
        if (!written) throw new KeyTaken();
        recorded = true;
      });
      // A programming error in the caller: its transaction committed without the key.
      if (!recorded) throw new Error(`${scope.operation} committed without recording its idempotency answer`);
      return answer;
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      // Our transaction rolled back; the next round reads the first request's answer.
      if (attempt >= ATTEMPTS) {
        throw new AppError(
          'CONFLICT',
          'Diese Anfrage wird bereits bearbeitet. Bitte versuchen Sie es gleich noch einmal.',
        );
      }
    }
  }
}
