import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { identCases, orderDocuments, orders, stepDefinitions, userSteps } from '../../db/schema.js';
import { STEP_DEFINITIONS, stepOfType, type NewRecord } from './steps.js';

export type OrderRow = typeof orders.$inferSelect;
/** The order's columns a transition may write besides its status. */
export type OrderExtra =
  'signedAt' | 'cancellableUntil' | 'cancelledAt' | 'cancellationReason' | 'declineReason' | 'handoverDate';
export type UserStepRow = typeof userSteps.$inferSelect;
export type IdentCaseRow = typeof identCases.$inferSelect;

/** Writes the step definitions of `steps.ts` into their table (idempotent, at start-up). */
export async function syncStepDefinitions(db: Database): Promise<void> {
  for (const def of STEP_DEFINITIONS) {
    const { id: _id, ...rest } = def;
    await db.insert(stepDefinitions).values(def).onConflictDoUpdate({ target: stepDefinitions.id, set: rest });
  }
}

export async function findOrder(db: Database, id: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row;
}

/** The orders of these ids that the asker's scope lets it see (row-level security), in no order. */
export async function findOrders(db: Database, ids: readonly number[]): Promise<OrderRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
}

export async function userStepsOf(db: Database, orderIds: number[]): Promise<UserStepRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(userSteps).where(inArray(userSteps.orderId, orderIds)).orderBy(asc(userSteps.seq));
}

export async function documentsOf(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      id: orderDocuments.id,
      orderId: orderDocuments.orderId,
      name: orderDocuments.name,
      createdAt: orderDocuments.createdAt,
    })
    .from(orderDocuments)
    .where(inArray(orderDocuments.orderId, orderIds))
    .orderBy(desc(orderDocuments.createdAt));
}

/**
 * Applies a transition: one conditional update on the order's current status record (so exactly one
 * of several parallel requests wins), then the new status records. Call inside a transaction.
 * Returns false when the expected record is no longer current.
 */
export async function applyTransition(
  tx: Database,
  input: {
    orderId: number;
    expectedUserStepId: string;
    records: NewRecord[];
    status: string;
    actorUserId: string | null;
    now: Date;
    extra?: Partial<Pick<OrderRow, OrderExtra>>;
  },
): Promise<boolean> {
  const inserted = input.records.map((r) => ({
    id: crypto.randomUUID(),
    orderId: input.orderId,
    stepId: stepOfType(r.stepType).id,
    status: r.status,
    actorUserId: input.actorUserId,
    modified: input.now,
  }));
  const nextCurrent = inserted.find((r) => r.status === null)?.id ?? null;
  const won = await tx
    .update(orders)
    .set({ status: input.status, currentUserStepId: nextCurrent, ...input.extra })
    .where(and(eq(orders.id, input.orderId), eq(orders.currentUserStepId, input.expectedUserStepId)))
    .returning({ id: orders.id });
  if (won.length !== 1) return false;
  await tx.insert(userSteps).values(inserted);
  return true;
}

export async function openCase(db: Database, orderId: number, stepId: number): Promise<IdentCaseRow | undefined> {
  const [row] = await db
    .select()
    .from(identCases)
    .where(
      and(
        eq(identCases.orderId, orderId),
        eq(identCases.stepId, stepId),
        inArray(identCases.status, ['STARTING', 'PENDING']),
      ),
    )
    .limit(1);
  return row;
}

export async function latestCase(db: Database, orderId: number, stepId: number): Promise<IdentCaseRow | undefined> {
  const [row] = await db
    .select()
    .from(identCases)
    .where(and(eq(identCases.orderId, orderId), eq(identCases.stepId, stepId)))
    .orderBy(desc(identCases.createdAt), desc(identCases.updatedAt))
    .limit(1);
  return row;
}

/** The cases of these orders at these steps (for the order view). */
export async function casesAt(
  db: Database,
  at: readonly { orderId: number; stepId: number }[],
): Promise<IdentCaseRow[]> {
  if (at.length === 0) return [];
  return db
    .select()
    .from(identCases)
    .where(or(...at.map(({ orderId, stepId }) => and(eq(identCases.orderId, orderId), eq(identCases.stepId, stepId)))));
}

/**
 * The order's provider cases that ended without success (the provider's timeline), oldest first: only
 * the columns it shows, never the prepared contract a signing case keeps.
 */
export async function unsuccessfulCasesOf(db: Database, orderId: number) {
  return db
    .select({
      kind: identCases.kind,
      status: identCases.status,
      failureMessage: identCases.failureMessage,
      updatedAt: identCases.updatedAt,
    })
    .from(identCases)
    .where(and(eq(identCases.orderId, orderId), inArray(identCases.status, ['FAILED', 'CANCELLED', 'EXPIRED'])))
    .orderBy(asc(identCases.updatedAt));
}

export async function countCases(db: Database, orderId: number, stepId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(identCases)
    .where(and(eq(identCases.orderId, orderId), eq(identCases.stepId, stepId)));
  return Number(row?.n ?? 0);
}

const UNSIGNED_STATUSES = ['CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN'];

/** A batch of the orders still before the signature and created before `cutoff` (expiry job), by id. */
export async function unsignedOrdersCreatedBefore(
  db: Database,
  cutoff: Date,
  page: { after: number | null; limit: number },
): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, UNSIGNED_STATUSES),
        isNull(orders.signedAt),
        lt(orders.createdAt, cutoff),
        page.after === null ? undefined : gt(orders.id, page.after),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(page.limit);
}

/** Orders before the signature: one person's, or a batch of everyone's by id (breaking-change job). */
export async function unsignedOrders(
  db: Database,
  where: { userId: string } | { after: number | null; limit: number },
): Promise<OrderRow[]> {
  const unsigned = inArray(orders.status, UNSIGNED_STATUSES);
  if ('userId' in where)
    return db
      .select()
      .from(orders)
      .where(and(unsigned, eq(orders.userId, where.userId)));
  return db
    .select()
    .from(orders)
    .where(and(unsigned, where.after === null ? undefined : gt(orders.id, where.after)))
    .orderBy(asc(orders.id))
    .limit(where.limit);
}

/** A batch of the provider cases waiting for their outcome (reconciliation), by id. */
export async function pendingCases(
  db: Database,
  page: { after: string | null; limit: number },
): Promise<IdentCaseRow[]> {
  return db
    .select()
    .from(identCases)
    .where(and(eq(identCases.status, 'PENDING'), page.after === null ? undefined : gt(identCases.id, page.after)))
    .orderBy(asc(identCases.id))
    .limit(page.limit);
}
