import { endedPayrollRow, type PayrollRow } from '@leasing/contract';
import type { PayrollLease } from '@leasing/payroll';
import { inArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { leaseLosses, leaseReturns } from '../../db/schema-lease-end.js';
import { addDays } from './settlement.js';

/**
 * How a lease's end reaches the payroll export (ADR 0037), as pure functions over the payroll
 * package's `PayrollLease`:
 *
 * - A return ends the car's use on the return day (like leaving: the conversion runs to that month
 *   inclusive).
 * - A follow-up lease of the same person ends the earlier one on the day before its handover. When
 *   both fall in one month, that month's conversion is the earlier lease's and the follow-up deducts
 *   from the next month: no month is deducted twice, and none is skipped.
 * - The settlement (extra/fewer km, damages) is a net amount in the month of the return: a
 *   `settlementEur` on the lease's row of that month (positive: deducted from the net pay; negative:
 *   paid out), or a row of its own when the lease has no line in that month any more.
 */

export interface LeaseEnd {
  returnedOn: string;
  totalCents: number;
  /** Ended by a total loss or theft (ADR 0056): the use ends that day, with no settlement to deduct. */
  byLoss?: boolean;
}

const earlier = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : a < b ? a : b;

/** Each lease with its end of use from returns and follow-ups. `owners[i]` is the person of `leases[i]`. */
export function withLeaseEnds(
  leases: readonly PayrollLease[],
  owners: readonly string[],
  ends: ReadonlyMap<number, LeaseEnd>,
): PayrollLease[] {
  const adjusted = leases.map((lease) => {
    const end = ends.get(lease.orderId);
    return end ? { ...lease, leavingDate: earlier(lease.leavingDate, end.returnedOn) } : { ...lease };
  });
  const byPerson = new Map<string, number[]>();
  owners.forEach((owner, index) => byPerson.set(owner, [...(byPerson.get(owner) ?? []), index]));
  for (const indices of byPerson.values()) {
    const ordered = [...indices].sort((a, b) =>
      (adjusted[a]?.handoverDate ?? '').localeCompare(adjusted[b]?.handoverDate ?? ''),
    );
    for (let i = 0; i + 1 < ordered.length; i++) {
      const older = adjusted[ordered[i] as number];
      const next = adjusted[ordered[i + 1] as number];
      if (!older || !next) continue;
      const dayBefore = addDays(next.handoverDate, -1);
      const lastDay = earlier(older.leavingDate, dayBefore) ?? dayBefore;
      adjusted[ordered[i] as number] = { ...older, leavingDate: lastDay };
      const nextFirstDeduction =
        next.deductionStart === 'HANDOVER_MONTH'
          ? next.handoverDate.slice(0, 7)
          : addMonth(next.handoverDate.slice(0, 7));
      if (lastDay.slice(0, 7) >= nextFirstDeduction) {
        adjusted[ordered[i + 1] as number] = { ...next, deductionStart: 'NEXT_MONTH' };
      }
    }
  }
  return adjusted;
}

function addMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** The export month's rows with the settlements of returns in that month (`YYYY-MM`). */
export function withSettlements(
  rows: readonly PayrollRow[],
  month: string,
  ends: ReadonlyMap<number, LeaseEnd>,
  people: ReadonlyMap<number, { employeeId: string | null; name: string }>,
): PayrollRow[] {
  const out = rows.map((row) => ({ ...row }));
  for (const [orderId, end] of ends) {
    if (end.byLoss || end.returnedOn.slice(0, 7) !== month) continue;
    const row = out.find((r) => r.orderId === orderId);
    if (row) {
      row.settlementEur = end.totalCents / 100;
      continue;
    }
    out.push({ ...endedPayrollRow(orderId, people.get(orderId)), settlementEur: end.totalCents / 100 });
  }
  return out;
}

/** The recorded returns of these orders, and their ends by a total loss or theft. */
export async function leaseEndsOf(db: Database, orderIds: readonly number[]): Promise<Map<number, LeaseEnd>> {
  if (orderIds.length === 0) return new Map();
  const [rows, losses] = await Promise.all([
    db
      .select({
        orderId: leaseReturns.orderId,
        returnedOn: leaseReturns.returnedOn,
        totalCents: leaseReturns.totalCents,
      })
      .from(leaseReturns)
      .where(inArray(leaseReturns.orderId, [...orderIds])),
    db
      .select({ orderId: leaseLosses.orderId, endedOn: leaseLosses.endedOn })
      .from(leaseLosses)
      .where(inArray(leaseLosses.orderId, [...orderIds])),
  ]);
  const ends = new Map<number, LeaseEnd>(
    losses.map((l) => [l.orderId, { returnedOn: l.endedOn, totalCents: 0, byLoss: true }]),
  );
  for (const r of rows) ends.set(r.orderId, { returnedOn: r.returnedOn, totalCents: r.totalCents });
  return ends;
}
