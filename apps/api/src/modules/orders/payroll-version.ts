import crypto from 'node:crypto';

import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderPolicies } from '../../db/schema-employer.js';
import { orders } from '../../db/schema.js';

/** The statuses payroll counts (employer's payroll-repository.ts: handed over, and until the car is back). */
const PAYROLL_LEASE_STATUSES = ['LEASING_ACTIVE', 'CONVERSION_ENDED', 'LEASE_ENDED'] as const;

export interface PayrollLeasesVersion {
  /** Changes whenever a lease of the employer's payroll starts, changes step or handover, or its frozen terms of deduction. */
  version: string;
  orderIds: number[];
  userIds: string[];
}

/**
 * What the employer's payroll reads of its orders, as a version (ADR 0063): every handed-over lease
 * of the employer with its person, status, handover day and the frozen deduction start and subsidy.
 * The vehicle terms are frozen with the order and never change. The leases' orders and people come
 * with it, for the versions of what other modules keep about them.
 */
export async function payrollLeasesVersion(db: Database, tenantId: string): Promise<PayrollLeasesVersion> {
  const rows = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      handoverDate: orders.handoverDate,
      deductionStart: orderPolicies.deductionStart,
      subsidy: orderPolicies.employerContributionCents,
    })
    .from(orders)
    .leftJoin(orderPolicies, eq(orderPolicies.orderId, orders.id))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        inArray(orders.status, [...PAYROLL_LEASE_STATUSES]),
        isNotNull(orders.handoverDate),
      ),
    )
    .orderBy(asc(orders.id));
  const hash = crypto.createHash('sha256');
  for (const r of rows) {
    hash.update(
      `${r.id}|${r.userId}|${r.status}|${r.handoverDate ?? ''}|${r.deductionStart ?? ''}|${r.subsidy ?? ''}\n`,
    );
  }
  return {
    version: `${rows.length}:${hash.digest('hex')}`,
    orderIds: rows.map((r) => r.id),
    userIds: [...new Set(rows.map((r) => r.userId))],
  };
}
