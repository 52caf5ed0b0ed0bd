import { DEFAULT_LICENCE_CHECK_MONTHS, type LicenceCheckRow } from '@leasing/contract';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { licenceChecks } from '../../db/schema-lease-end.js';
import { identCases, orders, users } from '../../db/schema.js';
import { policyInForce } from '../policy/index.js';
import { berlinToday } from './returns.js';
import { licenceDue } from './settlement.js';

/** An order whose lease runs: handed over, not yet returned. */
export type ActiveLease = Pick<
  typeof orders.$inferSelect,
  'id' | 'userId' | 'tenantId' | 'handoverDate' | 'signedAt' | 'terms'
>;

export async function activeLeases(
  db: Database,
  where: { tenantId?: string; userId?: string } = {},
): Promise<ActiveLease[]> {
  const conditions = [eq(orders.status, 'LEASING_ACTIVE'), isNotNull(orders.handoverDate)];
  if (where.tenantId) conditions.push(eq(orders.tenantId, where.tenantId));
  if (where.userId) conditions.push(eq(orders.userId, where.userId));
  return db
    .select({
      id: orders.id,
      userId: orders.userId,
      tenantId: orders.tenantId,
      handoverDate: orders.handoverDate,
      signedAt: orders.signedAt,
      terms: orders.terms,
    })
    .from(orders)
    .where(and(...conditions))
    .orderBy(desc(orders.handoverDate));
}

/**
 * The last successful check of each order: the newest successful licence check, else the order's
 * identification (the driving-licence step at the order), else its signature.
 */
async function lastChecks(db: Database, leases: readonly ActiveLease[]): Promise<Map<number, string>> {
  const ids = leases.map((l) => l.id);
  const last = new Map<number, string>();
  if (ids.length === 0) return last;
  const idents = await db
    .select({ orderId: identCases.orderId, at: identCases.updatedAt })
    .from(identCases)
    .where(and(inArray(identCases.orderId, ids), eq(identCases.kind, 'IDENT'), eq(identCases.status, 'SUCCEEDED')));
  for (const i of idents) {
    const day = berlinToday(i.at);
    if ((last.get(i.orderId) ?? '') < day) last.set(i.orderId, day);
  }
  const checks = await db
    .select({ orderId: licenceChecks.orderId, checkedOn: licenceChecks.checkedOn })
    .from(licenceChecks)
    .where(and(inArray(licenceChecks.orderId, ids), eq(licenceChecks.status, 'SUCCEEDED')));
  for (const c of checks) {
    if (c.checkedOn && (last.get(c.orderId) ?? '') < c.checkedOn) last.set(c.orderId, c.checkedOn);
  }
  for (const l of leases) {
    if (!last.has(l.id)) last.set(l.id, l.signedAt ? berlinToday(l.signedAt) : (l.handoverDate ?? ''));
  }
  return last;
}

/** The reason the provider gave for the newest failed check of each order (nothing else is kept). */
async function lastFailures(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ orderId: licenceChecks.orderId, reason: licenceChecks.reason, status: licenceChecks.status })
    .from(licenceChecks)
    .where(inArray(licenceChecks.orderId, [...ids]))
    .orderBy(desc(licenceChecks.createdAt));
  for (const r of rows) {
    if (out.has(r.orderId)) continue;
    out.set(r.orderId, r.status === 'FAILED' ? (r.reason ?? '') : '');
  }
  return out;
}

export async function licenceCheckMonths(db: Database, tenantId: string): Promise<number> {
  const { policy } = await policyInForce(db, tenantId);
  return policy.licenceCheckMonths ?? DEFAULT_LICENCE_CHECK_MONTHS;
}

/** The due checks of these leases (one per person: the newest lease counts), as of `today`. */
export async function licenceRows(
  db: Database,
  leases: readonly ActiveLease[],
  today: string,
): Promise<LicenceCheckRow[]> {
  const perPerson = new Map<string, ActiveLease>();
  for (const l of leases) if (!perPerson.has(l.userId)) perPerson.set(l.userId, l);
  const chosen = [...perPerson.values()];
  const last = await lastChecks(db, chosen);
  const failures = await lastFailures(
    db,
    chosen.map((l) => l.id),
  );
  const names = new Map(
    chosen.length === 0
      ? []
      : (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(
              inArray(
                users.id,
                chosen.map((l) => l.userId),
              ),
            )
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`] as const),
  );
  const months = new Map<string, number>();
  const rows: LicenceCheckRow[] = [];
  for (const l of chosen) {
    let interval = months.get(l.tenantId);
    if (interval === undefined) {
      interval = await licenceCheckMonths(db, l.tenantId);
      months.set(l.tenantId, interval);
    }
    const lastCheckedOn = last.get(l.id) ?? '';
    const { dueOn, status } = licenceDue(lastCheckedOn, interval, today);
    const failure = failures.get(l.id);
    rows.push({
      userId: l.userId,
      name: names.get(l.userId) ?? '',
      orderId: l.id,
      lastCheckedOn,
      dueOn,
      status,
      lastFailureReason: failure ? failure : null,
    });
  }
  return rows.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.name.localeCompare(b.name));
}
