import { and, eq, isNull, lt } from 'drizzle-orm';

import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema-idempotency.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/** How long a key's answer is replayed (a client retrying over a flaky network, a double click). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 3600_000;
/** How long a repeat waits for the first request of the same key to finish before giving up (409). */
const WAIT_FOR_FIRST_MS = 10_000;

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
 * Runs `work` once per user and key: a repeat within 24 h gets the first answer, on any instance,
 * also while the first is still running (it waits for it). A failed first attempt leaves no trace,
 * so the client may retry with the same key. The same key for another operation is refused.
 */
export async function once<T>(
  deps: { db: Database; clock: Clock },
  scope: { userId: string; key: string; operation: string },
  work: () => Promise<T>,
): Promise<T> {
  const { db, clock } = deps;
  const mine = and(eq(idempotencyKeys.userId, scope.userId), eq(idempotencyKeys.key, scope.key));
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const now = clock.now();
    // A key older than the window is free again.
    await db
      .delete(idempotencyKeys)
      .where(and(mine, lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS))));
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId: scope.userId, key: scope.key, operation: scope.operation, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) return runFirst(db, mine, work);
    const [row] = await db.select().from(idempotencyKeys).where(mine);
    if (row && row.operation !== scope.operation) {
      throw new AppError('CONFLICT', 'Dieser Idempotency-Key wurde schon für eine andere Anfrage verwendet.');
    }
    if (row && row.answer !== null) return row.answer as T;
    if (Date.now() > deadline) {
      throw new AppError(
        'CONFLICT',
        'Diese Anfrage wird bereits bearbeitet. Bitte versuchen Sie es gleich noch einmal.',
      );
    }
    // The first request is still working (wait for its answer) or just failed (then claim it anew).
    await new Promise((resolve) => setTimeout(resolve, row ? 100 : 0));
  }
}

async function runFirst<T>(db: Database, mine: ReturnType<typeof and>, work: () => Promise<T>): Promise<T> {
  try {
    const answer = await work();
    await db
      .update(idempotencyKeys)
      .set({ answer: answer as object })
      .where(mine);
    return answer;
  } catch (error) {
    // A failed attempt leaves no trace: the client may retry with the same key.
    await db.delete(idempotencyKeys).where(and(mine, isNull(idempotencyKeys.answer)));
    throw error;
  }
}
