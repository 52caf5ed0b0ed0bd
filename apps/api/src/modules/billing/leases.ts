import {
  formatPayrollMonth,
  lastDayOfUse,
  monthBounds,
  type Cents,
  type MonthIndex,
  type PayrollLease,
} from '@leasing/payroll';

import type { Database } from '../../db/client.js';
import { peopleByIds } from '../account/index.js';
import { terminationFigures } from '../contract/index.js';
import { leavingDatesOf } from '../employer/index.js';
import { leaseEndsOf, withLeaseEnds } from '../lease-end/index.js';
import { billableLeasesOf, type BillableLeaseRow } from '../orders/index.js';
import { approvedChangesOf, rateInMonth, type ApprovedPackageChange } from '../package-change/index.js';
import { termEndOf, type BillableLease } from './lines.js';

/**
 * The leases of these employers as the month's invoice needs them: the car, the person and the
 * end of use the payroll computes (leaving, return, follow-up lease: `withLeaseEnds`), the return's
 * settlement and the fee of an early end. Read through the owners' faces, a few statements for all.
 */
export async function billableLeases(
  db: Database,
  tenantIds: readonly string[],
  month: MonthIndex,
): Promise<Map<string, BillableLease[]>> {
  const { first, last } = monthBounds(month);
  const rows = await billableLeasesOf(db, tenantIds, last);
  const userIds = rows.map((r) => r.userId);
  const orderIds = rows.map((r) => r.orderId);
  const [people, leaving, ends, packageChanges] = await Promise.all([
    peopleByIds(db, userIds),
    leavingDatesOf(db, userIds),
    leaseEndsOf(db, orderIds),
    // An approved larger kilometre package: its rate from its month on (ADR 0058).
    approvedChangesOf(db, orderIds),
  ]);
  const asPayroll = rows.map((row): PayrollLease => {
    const person = people.get(row.userId);
    return {
      orderId: row.orderId,
      employeeId: person?.employeeId ?? null,
      name: person ? `${person.firstName} ${person.lastName}`.trim() : '',
      listPrice: 0 as Cents,
      driveType: 'BEV',
      handoverDate: row.handoverDate,
      durationMonths: row.durationMonths,
      leavingDate: leaving.get(row.userId) ?? null,
      monthlyGrossRate: row.totalMonthlyGrossCostCents as Cents,
      employerContribution: 0 as Cents,
      deductionStart: 'HANDOVER_MONTH',
      distanceKm: 0,
      commutingDays: 0,
      singleAssessment: false,
    };
  });
  const ended = withLeaseEnds(
    asPayroll,
    rows.map((r) => r.userId),
    ends,
  );
  const changesOf = (row: BillableLeaseRow) => packageChanges.get(row.orderId) ?? [];
  const byTenant = new Map<string, BillableLease[]>();
  rows.forEach((row, i) => {
    const lease = ended[i] as PayrollLease;
    const lastDay = lastDayOfUse(lease);
    if (lastDay < first) return;
    const end = ends.get(row.orderId) ?? null;
    const leavingDate = leaving.get(row.userId) ?? null;
    const billable: BillableLease = {
      orderId: row.orderId,
      car: carOf(row),
      personName: lease.name,
      employeeId: lease.employeeId,
      handoverDate: row.handoverDate,
      durationMonths: row.durationMonths,
      lastDayOfUse: lastDay,
      monthlyGrossCents: rateInMonth(row.totalMonthlyGrossCostCents, changesOf(row), formatPayrollMonth(month)),
      settlement: end ? { returnedOn: end.returnedOn, totalGrossCents: end.totalCents } : null,
      terminationFeeGrossCents: earlyEndFee(row, changesOf(row), lastDay, leavingDate, end?.returnedOn ?? null),
    };
    byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), billable]);
  });
  return byTenant;
}

function carOf(row: BillableLeaseRow): string {
  return [row.brand, row.carModel, row.trimLevel].filter((part) => part && part !== '').join(' ');
}

/**
 * The fee of the contract's section "Vorzeitige Beendigung" when the use ended before the term by
 * leaving or by an early return; a follow-up lease replacing the car is the programme's own change
 * and costs none (ADR 0040).
 */
function earlyEndFee(
  row: BillableLeaseRow,
  changes: readonly ApprovedPackageChange[],
  lastDay: string,
  leavingDate: string | null,
  returnedOn: string | null,
): number | null {
  const termEnd = termEndOf(row);
  if (lastDay >= termEnd) return null;
  const reason = leavingDate === lastDay ? 'LEAVING' : returnedOn === lastDay ? 'EARLY_RETURN' : null;
  if (reason === null) return null;
  return terminationFigures({
    handoverDate: row.handoverDate,
    durationMonths: row.durationMonths,
    // The rate in force when the use ends: the fee counts the remaining rates at it.
    monthlyGrossRateCents: rateInMonth(row.totalMonthlyGrossCostCents, changes, lastDay.slice(0, 7)),
    privateRateCents: row.grossComparisonCostCents,
    rateInsuranceIncluded: row.rateInsuranceIncluded,
    date: lastDay,
    reason,
  }).feeCents;
}
