import type { LicenceCheckRow } from '@leasing/contract';
import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { returnAppointments } from '../../db/schema-lease-end.js';
import { orders } from '../../db/schema.js';
import { recipientsByIds, type AccountRecipient } from '../account/index.js';
import { licenceRows, type ActiveLease } from './licence-checks.js';

const leaseColumns = {
  id: orders.id,
  userId: orders.userId,
  tenantId: orders.tenantId,
  handoverDate: orders.handoverDate,
  signedAt: orders.signedAt,
  terms: orders.terms,
};

const running = and(eq(orders.status, 'LEASING_ACTIVE'), isNotNull(orders.handoverDate));
/** Replaced by a follow-up car whose handover ended the conversion; the old car is still out (ADR 0040). */
const replaced = and(eq(orders.status, 'CONVERSION_ENDED'), isNotNull(orders.handoverDate));

/** Where the reminders' walk stands: leases go by employer, then by id. */
export interface LeaseKey {
  tenantId: string;
  id: number;
}

/**
 * A batch of the running leases (handed over, not yet returned), by employer and order id: a batch
 * then spans few employers, whose programme policy (the licence-check interval) it reads once each.
 */
export function runningLeases(db: Database, page: { after: LeaseKey | null; limit: number }): Promise<ActiveLease[]> {
  return leasesWhere(db, running, page);
}

/** A batch of the replaced leases whose car has not come back yet, in the same order. */
export function replacedLeases(db: Database, page: { after: LeaseKey | null; limit: number }): Promise<ActiveLease[]> {
  return leasesWhere(db, replaced, page);
}

function leasesWhere(
  db: Database,
  condition: SQL | undefined,
  page: { after: LeaseKey | null; limit: number },
): Promise<ActiveLease[]> {
  const after = page.after;
  return db
    .select(leaseColumns)
    .from(orders)
    .where(
      and(
        condition,
        after === null ? undefined : sql`(${orders.tenantId}, ${orders.id}) > (${after.tenantId}::uuid, ${after.id})`,
      ),
    )
    .orderBy(asc(orders.tenantId), asc(orders.id))
    .limit(page.limit);
}

export interface BatchContext {
  employees: Map<string, AccountRecipient>;
  /** Leases whose return appointment is set. */
  appointments: Set<number>;
  /** The licence check of each lease of the batch that carries its person's check. */
  checks: Map<number, LicenceCheckRow>;
}

/** What the reminders of a batch need, in four queries instead of a few per lease. */
export async function batchContext(db: Database, batch: readonly ActiveLease[], today: string): Promise<BatchContext> {
  const orderIds = batch.map((lease) => lease.id);
  const userIds = [...new Set(batch.map((lease) => lease.userId))];
  const employees = await recipientsByIds(db, userIds);
  const appointments = await db
    .select({ orderId: returnAppointments.orderId })
    .from(returnAppointments)
    .where(inArray(returnAppointments.orderId, orderIds));
  // One check per person, carried by their newest lease, which may sit in another batch: so all the
  // running leases of the batch's people are asked, and only this batch's leases keep their rows.
  const leasesOfPeople = await db
    .select(leaseColumns)
    .from(orders)
    .where(and(running, inArray(orders.userId, userIds)))
    .orderBy(desc(orders.handoverDate), desc(orders.id));
  const inBatch = new Set(orderIds);
  const checks = (await licenceRows(db, leasesOfPeople, today)).filter((row) => inBatch.has(row.orderId));
  return {
    employees,
    appointments: new Set(appointments.map((row) => row.orderId)),
    checks: new Map(checks.map((row) => [row.orderId, row])),
  };
}
