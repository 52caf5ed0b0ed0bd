import {
  and,
  asc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  notExists,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema-idempotency.js';
import { leaseReturns } from '../../db/schema-lease-end.js';
import { orders, outbox, userSteps, users } from '../../db/schema.js';
import { mfaChallenges, oneTimeCodes, refreshTokens } from '../../db/schema-auth.js';
import { drainInBatches, type BatchOptions } from '../../lib/batches.js';

// Retention (run in the platform's scope), in batches (decision 0043). Each rule's rows are read a
// batch at a time in the order of an index on the rule, then deleted by their keys with the rule
// checked again in the DELETE (a row that stopped being due in between stays). One statement per
// batch is one short transaction; deleted rows leave the candidates, so the next batch, and the next
// run after a crash, start where the last one ended.

/** A timestamp bound as text: both drivers read it the same way (see auth/repository.ts). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

interface DueRows {
  table: PgTable;
  id: AnyPgColumn;
  /** The rule: which rows are due. */
  due: SQL | undefined;
  /** The order of an index on the rule, so a batch reads only its own rows. */
  order: AnyPgColumn | SQL;
}

/** Deletes every due row of one rule, a batch at a time; returns how many went. */
function deleteDue(db: Database, rows: DueRows, options: BatchOptions): Promise<number> {
  return drainInBatches<{ id: unknown }>(
    {
      next: (limit) => db.select({ id: rows.id }).from(rows.table).where(rows.due).orderBy(rows.order).limit(limit),
      handle: async (batch) => {
        const ids = batch.map((row) => row.id);
        const deleted = await db
          .delete(rows.table)
          .where(and(rows.due, inArray(rows.id, ids)))
          .returning({ id: rows.id });
        return deleted.length;
      },
    },
    options,
  );
}

/** Codes used or expired before the cutoff. */
export function deleteSpentCodes(db: Database, cutoff: Date, options: BatchOptions = {}): Promise<number> {
  const due = or(lte(oneTimeCodes.usedAt, cutoff), lte(oneTimeCodes.expiresAt, cutoff));
  return deleteDue(db, { table: oneTimeCodes, id: oneTimeCodes.id, due, order: oneTimeCodes.id }, options);
}

export function deleteSpentChallenges(db: Database, cutoff: Date, options: BatchOptions = {}): Promise<number> {
  const due = or(lte(mfaChallenges.usedAt, cutoff), lte(mfaChallenges.expiresAt, cutoff));
  return deleteDue(db, { table: mfaChallenges, id: mfaChallenges.id, due, order: mfaChallenges.id }, options);
}

/** A family past its absolute end can never be used again; used tokens of live families stay (reuse detection). */
export function deleteEndedSessions(db: Database, cutoff: Date, options: BatchOptions = {}): Promise<number> {
  const due = lte(refreshTokens.familyExpiresAt, cutoff);
  return deleteDue(
    db,
    { table: refreshTokens, id: refreshTokens.id, due, order: refreshTokens.familyExpiresAt },
    options,
  );
}

/** Mails the worker is done with (sent, kept for the development mailbox, given up) before the cutoff. */
export function deleteHandledMails(db: Database, cutoff: Date, options: BatchOptions = {}): Promise<number> {
  const handledAt = sql`coalesce(${outbox.sentAt}, ${outbox.createdAt})`;
  const due = and(ne(outbox.status, 'PENDING'), lt(handledAt, at(cutoff)));
  return deleteDue(db, { table: outbox, id: outbox.id, due, order: handledAt }, options);
}

/** Keys past their window (lib/idempotency.ts treats them as free already); keyed by user and key. */
export function deleteIdempotencyKeysCreatedBefore(
  db: Database,
  before: Date,
  options: BatchOptions = {},
): Promise<number> {
  const due = lt(idempotencyKeys.createdAt, before);
  return drainInBatches<{ userId: string; key: string }>(
    {
      next: (limit) =>
        db
          .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(due)
          .orderBy(asc(idempotencyKeys.createdAt))
          .limit(limit),
      handle: async (batch) => {
        const pairs = sql.join(
          batch.map((row) => sql`(${row.userId}::uuid, ${row.key})`),
          sql`, `,
        );
        const deleted = await db
          .delete(idempotencyKeys)
          .where(and(due, sql`(${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (${pairs})`))
          .returning({ key: idempotencyKeys.key });
        return deleted.length;
      },
    },
    options,
  );
}

/**
 * Registrations and invitations never completed before the cutoff. An account with a live link (a
 * fresh invitation to an old claim) or with orders is not touched.
 */
export function deleteUnconfirmedAccounts(
  db: Database,
  cutoff: Date,
  now: Date,
  options: BatchOptions = {},
): Promise<number> {
  const liveCode = db
    .select({ one: sql`1` })
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, users.id), isNull(oneTimeCodes.usedAt), gt(oneTimeCodes.expiresAt, now)));
  const anyOrder = db
    .select({ one: sql`1` })
    .from(orders)
    .where(eq(orders.userId, users.id));
  const due = and(
    isNull(users.emailConfirmedAt),
    isNull(users.deletedAt),
    lt(users.createdAt, cutoff),
    notExists(liveCode),
    notExists(anyOrder),
  );
  return deleteDue(db, { table: users, id: users.id, due, order: users.createdAt }, options);
}

/** Orders in one of `statuses` whose last status record is older than the cutoff. */
export function deleteOrdersEndedBefore(
  db: Database,
  rule: { statuses: readonly string[]; cutoff: Date; signed: boolean },
  options: BatchOptions = {},
): Promise<number> {
  const ended = sql`(select max(${userSteps.modified}) from ${userSteps} where ${userSteps.orderId} = ${orders.id})`;
  const due = and(
    inArray(orders.status, [...rule.statuses]),
    rule.signed ? isNotNull(orders.signedAt) : isNull(orders.signedAt),
    lt(ended, at(rule.cutoff)),
  );
  return deleteDue(db, { table: orders, id: orders.id, due, order: orders.id }, options);
}

/**
 * A batch of the leases handed over before `handedOverBefore` (none that ends later can have
 * ended before it), by id: their end follows from the handover date and the package's term.
 */
export function handedOverLeases(
  db: Database,
  handedOverBefore: string,
  page: { after: number | null; limit: number },
) {
  return db
    .select({
      id: orders.id,
      handoverDate: orders.handoverDate,
      durationMonths: sql<number | string | null>`${orders.terms} -> 'leasePackage' ->> 'durationMonths'`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'LEASING_ACTIVE'),
        lt(orders.handoverDate, handedOverBefore),
        page.after === null ? undefined : gt(orders.id, page.after),
      ),
    )
    .orderBy(asc(orders.id))
    .limit(page.limit);
}

/** Deletes leases found due, if they are still running leases (the status is checked again). */
export async function deleteLeases(db: Database, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  // Status records, provider cases and documents go with the order (ON DELETE CASCADE).
  const deleted = await db
    .delete(orders)
    .where(and(eq(orders.status, 'LEASING_ACTIVE'), inArray(orders.id, orderIds)))
    .returning({ id: orders.id });
  return deleted.length;
}

/**
 * Leases whose car came back (`LEASE_ENDED`) before `returnedBefore` (a date): the return ended the
 * contract, early or late, so its year is the one the period runs from. A replaced lease whose car is
 * still out (`CONVERSION_ENDED`) has not ended and stays.
 */
export function deleteReturnedLeases(
  db: Database,
  returnedBefore: string,
  options: BatchOptions = {},
): Promise<number> {
  const returned = db
    .select({ one: sql`1` })
    .from(leaseReturns)
    .where(and(eq(leaseReturns.orderId, orders.id), lt(leaseReturns.returnedOn, returnedBefore)));
  const due = and(eq(orders.status, 'LEASE_ENDED'), exists(returned));
  return deleteDue(db, { table: orders, id: orders.id, due, order: orders.id }, options);
}

/** What remains of an erased account once no kept order refers to it any more. */
export function deleteErasedAccountsWithoutOrders(db: Database, options: BatchOptions = {}): Promise<number> {
  const anyOrder = db
    .select({ one: sql`1` })
    .from(orders)
    .where(eq(orders.userId, users.id));
  const due = and(isNotNull(users.deletedAt), notExists(anyOrder));
  return deleteDue(db, { table: users, id: users.id, due, order: users.id }, options);
}
