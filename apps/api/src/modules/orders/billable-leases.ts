import { and, asc, inArray, isNotNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orders } from '../../db/schema.js';

/** The statuses of a lease the provider invoices: handed over, and until its end (a return) settled. */
const INVOICED_STATUSES = ['LEASING_ACTIVE', 'CONVERSION_ENDED', 'LEASE_ENDED'] as const;

/** What the provider's invoice reads of a lease: the frozen terms, not the person's sealed snapshot. */
export interface BillableLeaseRow {
  orderId: number;
  userId: string;
  tenantId: string;
  handoverDate: string;
  brand: string;
  carModel: string;
  trimLevel: string | null;
  durationMonths: number;
  totalMonthlyGrossCostCents: number;
  grossComparisonCostCents: number;
  rateInsuranceIncluded: boolean;
}

const conditions = (tenantIds: readonly string[]) =>
  and(
    inArray(orders.tenantId, [...tenantIds]),
    inArray(orders.status, [...INVOICED_STATUSES]),
    isNotNull(orders.handoverDate),
  );

/** Every invoiced lease of these employers, handed over on or before `lastDay`, in order number order. */
export async function billableLeasesOf(
  db: Database,
  tenantIds: readonly string[],
  lastDay: string,
): Promise<BillableLeaseRow[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .select({
      orderId: orders.id,
      userId: orders.userId,
      tenantId: orders.tenantId,
      handoverDate: orders.handoverDate,
      terms: sql<{
        brand: string;
        carModel: string;
        trimLevel: string | null;
        durationMonths: number;
        total: number;
        comparison: number | null;
        rateInsurance: boolean | null;
      }>`jsonb_build_object(
        'brand', ${orders.terms} -> 'vehicle' -> 'brand',
        'carModel', ${orders.terms} -> 'vehicle' -> 'carModel',
        'trimLevel', ${orders.terms} -> 'vehicle' -> 'trimLevel',
        'durationMonths', ${orders.terms} -> 'leasePackage' -> 'durationMonths',
        'total', ${orders.terms} -> 'totalMonthlyGrossCostCents',
        'comparison', ${orders.terms} -> 'grossComparisonCostCents',
        'rateInsurance', ${orders.terms} -> 'leasePackage' -> 'rateInsuranceIncluded')`,
    })
    .from(orders)
    .where(and(conditions(tenantIds), sql`${orders.handoverDate} <= ${lastDay}`))
    .orderBy(asc(orders.id));
  return rows.map((r) => ({
    orderId: r.orderId,
    userId: r.userId,
    tenantId: r.tenantId,
    handoverDate: r.handoverDate ?? '',
    brand: r.terms.brand,
    carModel: r.terms.carModel,
    trimLevel: r.terms.trimLevel,
    durationMonths: r.terms.durationMonths,
    totalMonthlyGrossCostCents: r.terms.total,
    grossComparisonCostCents: r.terms.comparison ?? r.terms.total,
    rateInsuranceIncluded: r.terms.rateInsurance === true,
  }));
}

/** The employers with at least one invoiced lease handed over on or before `lastDay`. */
export async function tenantsWithBillableLeases(db: Database, lastDay: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ tenantId: orders.tenantId })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...INVOICED_STATUSES]),
        isNotNull(orders.handoverDate),
        sql`${orders.handoverDate} <= ${lastDay}`,
      ),
    );
  return rows.map((r) => r.tenantId);
}

