import { SalaryInfoSchema } from '@leasing/contract';
import type { Cents, DriveType, LeaseAbsence, PayrollLease } from '@leasing/payroll';

import { runAsSystem } from '../../db/scope.js';
import { commuteHistoriesOf } from '../lease-life/index.js';
import { withLeaseEnds, type LeaseEnd } from '../lease-end/index.js';
import { approvedChangesOf, rateHistoryOf } from '../package-change/index.js';
import { openPrivate } from '../orders/index.js';
import { readSalaryProfiles } from '../profile/index.js';
import type { EmployerDeps } from './deps.js';
import type { SvPerson } from './payroll-totals.js';
import * as repo from './payroll-repository.js';

/** What the payroll export reads with: the database and the cipher of snapshots and salary profiles. */
export type PayrollDeps = Pick<EmployerDeps, 'db' | 'cipher'>;

/** Integer cents read from the database or the frozen order terms. */
const cents = (value: number) => value as Cents;

export interface LeaseWithPay {
  lease: PayrollLease;
  /** Gross monthly salary and SV facts from the profile, for the employer's saving (null: no profile). */
  pay: { grossCents: number; person: SvPerson } | null;
}

type LeaseRow = Awaited<ReturnType<typeof repo.payrollLeasesOfPeople>>[number];

/** The employer's subsidy frozen in the order's sealed snapshot (read with the row where it is needed). */
function subsidyInSnapshot(deps: PayrollDeps, order: LeaseRow['order']): number {
  const { privateCiphertext } = order;
  if (privateCiphertext === null) throw new Error(`order ${order.id}: snapshot not read`);
  return openPrivate(deps.cipher, { ...order, privateCiphertext }).conversion.employerContributionCents;
}

/** The absences of a lease holder with their payers (lease-life's `absenceInputs`). */
export type AbsencesOf = (userId: string, rateInsuranceIncluded: boolean) => LeaseAbsence[];

/**
 * The payroll inputs of every lease of these people: the frozen order terms and policy, the leaving
 * date, the commute from the salary profile and its versions, the absences, and the ends by return or
 * follow-up lease (`ends` must hold the returns of these people's orders).
 */
export async function leasesOfPeople(
  deps: PayrollDeps,
  tenantId: string,
  userIds: readonly string[],
  absencesOf: AbsencesOf,
  endsOf: (orderIds: number[]) => Promise<ReadonlyMap<number, LeaseEnd>>,
): Promise<{ leases: LeaseWithPay[]; ends: ReadonlyMap<number, LeaseEnd> }> {
  const rows = await repo.payrollLeasesOfPeople(deps.db, tenantId, userIds);
  // Salary profiles are the employee's and the platform's alone (row-level security): the admin's
  // right to this employer's payroll was checked by the route, and the query names the employees
  // of this employer's own orders.
  const owners = userIds.map((userId) => ({ userId, tenantId }));
  const profiles = await runAsSystem(() => readSalaryProfiles(deps.db, deps.cipher, owners)).catch(
    () => new Map<string, { salaryInfo: unknown }>(),
  );
  const histories = await commuteHistoriesOf(deps, userIds, tenantId);
  // Approved larger kilometre packages: the new rate from their month on (ADR 0058).
  const packageChanges = await approvedChangesOf(
    deps.db,
    rows.map((r) => r.order.id),
  );
  const result = rows.map((row): LeaseWithPay => {
    const terms = row.order.terms;
    const stored = profiles.get(row.order.userId) ?? null;
    const parsed = stored ? SalaryInfoSchema.safeParse(stored.salaryInfo) : null;
    const info = parsed?.success ? parsed.data : null;
    return {
      lease: {
        orderId: row.order.id,
        employeeId: row.employeeId,
        name: `${row.firstName} ${row.lastName}`.trim(),
        listPrice: cents(terms.listPriceGrossCents),
        driveType: (terms.driveType as DriveType | null) ?? 'BEV',
        handoverDate: row.order.handoverDate ?? '',
        durationMonths: terms.durationMonths,
        leavingDate: row.leavingDate,
        monthlyGrossRate: cents(terms.totalMonthlyGrossCostCents),
        rateHistory: rateHistoryOf(packageChanges.get(row.order.id) ?? []),
        // Orders made before the portal existed carry their subsidy in the snapshot only: opened
        // only for those (decrypting every snapshot was a tenth of a large export's time).
        employerContribution: cents(row.employerContributionCents ?? subsidyInSnapshot(deps, row.order)),
        deductionStart: row.deductionStart ?? 'HANDOVER_MONTH',
        // Entfernungskilometer are full kilometres (§ 9 Abs. 1 Satz 3 Nr. 4 EStG): fractions dropped.
        distanceKm: Math.floor(info?.arrivalKilometers ?? 0),
        commutingDays: info?.arrivalNumber ?? 0,
        // The profile's choice: 0.002 % per km and trip (the office days) or 0.03 % per km and month.
        singleAssessment: info?.commuteSingleAssessment === true,
        absences: absencesOf(row.order.userId, terms.rateInsuranceIncluded === true),
        commuteHistory: histories.get(row.order.userId) ?? [],
      },
      pay: info
        ? {
            grossCents: Math.round(info.grossMonthlySalaryEur * 100),
            person: {
              statutoryHealth: info.healthInsurance === 'STATUTORY',
              kvZusatzPercent: info.additionalAmountHealthInsurance ?? 0,
              pensionInsurance: info.pensionInsurance,
              unemploymentInsurance: info.unemploymentInsurance,
              saxony: info.federalState === 'SN',
            },
          }
        : null,
    };
  });
  // A return or a follow-up lease ends the car's use (modules/lease-end, ADR 0037).
  const ends = await endsOf(rows.map((r) => r.order.id));
  const ended = withLeaseEnds(
    result.map((r) => r.lease),
    rows.map((r) => r.order.userId),
    ends,
  );
  return { leases: result.map((r, i) => ({ ...r, lease: ended[i] ?? r.lease })), ends };
}
