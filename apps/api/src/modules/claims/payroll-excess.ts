import { endedPayrollRow, type PayrollRow } from '@leasing/contract';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { claims } from '../../db/schema-claims.js';

/** The excesses one lease's person pays in a payroll month: their sum and the claims' numbers. */
export interface ClaimExcess {
  cents: number;
  numbers: string[];
}

/**
 * The excesses decided for these orders in the month (`YYYY-MM`): each claim's excess falls in the
 * month it was decided in and only there, so the export deducts it once (ADR 0056).
 */
export async function claimExcessesOf(
  db: Database,
  orderIds: readonly number[],
  month: string,
): Promise<Map<number, ClaimExcess>> {
  const out = new Map<number, ClaimExcess>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: claims.orderId, number: claims.number, cents: claims.excessCents })
    .from(claims)
    .where(and(inArray(claims.orderId, [...orderIds]), eq(claims.excessMonth, month), isNotNull(claims.excessCents)))
    .orderBy(asc(claims.number));
  for (const r of rows) {
    const found = out.get(r.orderId) ?? { cents: 0, numbers: [] };
    found.cents += r.cents ?? 0;
    found.numbers.push(r.number);
    out.set(r.orderId, found);
  }
  return out;
}

/**
 * The month's rows with the claims' excesses: a net deduction on the lease's row, or a row of its
 * own when the lease has no line that month (ended, as the settlement's rows of lease-end).
 */
export function withClaimExcesses(
  rows: readonly PayrollRow[],
  excesses: ReadonlyMap<number, ClaimExcess>,
  people: ReadonlyMap<number, { employeeId: string | null; name: string }>,
): PayrollRow[] {
  const out = rows.map((row) => ({ ...row }));
  for (const [orderId, excess] of excesses) {
    if (excess.cents === 0 && excess.numbers.length === 0) continue;
    const row = out.find((r) => r.orderId === orderId);
    if (row) {
      row.claimExcessEur = excess.cents / 100;
      row.claimNumbers = excess.numbers;
      continue;
    }
    out.push({
      ...endedPayrollRow(orderId, people.get(orderId)),
      claimExcessEur: excess.cents / 100,
      claimNumbers: excess.numbers,
    });
  }
  return out;
}
