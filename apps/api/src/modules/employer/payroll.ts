import type { PayrollExport, PayrollRow, PayrollTotals } from '@leasing/contract';
import {
  comparePayrollLines,
  formatPayrollMonth,
  parsePayrollMonth,
  payrollLine,
  type PayrollLine,
} from '@leasing/payroll';

import { AppError } from '../../lib/errors.js';
import { absenceInputs, pauseOfLine } from '../lease-life/index.js';
import { claimExcessesOf, withClaimExcesses, type ClaimExcess } from '../claims/index.js';
import { leaseEndsOf, withSettlements } from '../lease-end/index.js';
import { leasesOfPeople, type AbsencesOf, type PayrollDeps } from './payroll-leases.js';
import * as repo from './payroll-repository.js';
import { addLease, emptySums, totalsOf, type PayrollSums } from './payroll-totals.js';

/**
 * The payroll export of one month for the admin's own employer, computed a batch of people at a time
 * (ADR 0041). The figures come from the payroll package; this module gathers its inputs (the frozen
 * order terms and policy, the leaving date, the commute from the salary profile) and keeps the
 * month's order: personnel number, name, order, as `payrollMonth` sorts.
 */

/** People per batch: a batch's reads are a few statements, its rows a few hundred kilobytes. */
export const PAYROLL_BATCH_SIZE = 500;

export interface PayrollRun {
  /** `YYYY-MM`. */
  readonly month: string;
  /**
   * The month's rows, a batch at a time, in the export's order; the settlement rows of returned
   * leases without a line this month come last (ADR 0037).
   */
  batches(): AsyncGenerator<PayrollRow[]>;
  /** The month's totals: complete once `batches()` has run to its end. */
  totals(): PayrollTotals;
}

interface LeaseKey {
  orderId: number;
  userId: string;
  employeeId: string | null;
  name: string;
}

/** Checks the month and reads the order of the rows; the rows themselves are read as `batches()` runs. */
export async function startPayrollRun(
  deps: PayrollDeps,
  tenantId: string,
  month: string,
  batchSize = PAYROLL_BATCH_SIZE,
): Promise<PayrollRun> {
  const index = parseMonth(month);
  const keys = (await repo.payrollLeaseKeys(deps.db, tenantId))
    .map((k): LeaseKey => ({ ...k, name: `${k.firstName} ${k.lastName}`.trim() }))
    .sort(comparePayrollLines);
  const absencesOf = await absenceInputs(deps.db, tenantId);
  const sums = emptySums();
  return {
    month: formatPayrollMonth(index),
    totals: () => totalsOf(sums, index),
    async *batches() {
      const late: PayrollRow[] = [];
      const batches = [...batchesOf(keys, batchSize)];
      const read = (batch: readonly LeaseKey[] | undefined) =>
        batch ? readBatch(deps, tenantId, formatPayrollMonth(index), batch, absencesOf) : null;
      // The next batch is read while this one is computed and written: the database's time hides
      // behind the process's (two batches in memory at most).
      let next = read(batches[0]);
      for (let i = 0; next !== null; i++) {
        const current = await next;
        next = read(batches[i + 1]);
        next?.catch(() => undefined); // awaited in the next round; a client gone first must not leave it unhandled
        const rows = rowsOf(current, index, batches[i] ?? [], sums);
        late.push(...rows.late);
        if (rows.inOrder.length > 0) yield rows.inOrder;
      }
      if (late.length > 0) yield late;
    },
  };
}

/** The whole export in memory: the JSON route's callers that need an object (tests, scripts). */
export async function payrollExport(deps: PayrollDeps, tenantId: string, month: string): Promise<PayrollExport> {
  const run = await startPayrollRun(deps, tenantId, month);
  const rows: PayrollRow[] = [];
  for await (const batch of run.batches()) rows.push(...batch);
  return { month: run.month, rows, totals: run.totals() };
}

/** Only the totals (the overview): the rows are computed and dropped batch by batch. */
export async function payrollTotalsOf(deps: PayrollDeps, tenantId: string, month: string): Promise<PayrollTotals> {
  const run = await startPayrollRun(deps, tenantId, month);
  for await (const batch of run.batches()) void batch;
  return run.totals();
}

/** Slices of the ordered keys. A batch reads all leases of its people (a follow-up lease ends the one before). */
function* batchesOf(keys: readonly LeaseKey[], size: number): Generator<LeaseKey[]> {
  for (let start = 0; start < keys.length; start += size) yield keys.slice(start, start + size);
}

type ReadBatch = Awaited<ReturnType<typeof leasesOfPeople>> & { excesses: Map<number, ClaimExcess> };

/** The inputs of a batch: every lease of its people with their returns and the month's claim excesses. */
async function readBatch(
  deps: PayrollDeps,
  tenantId: string,
  month: string,
  batch: readonly LeaseKey[],
  absencesOf: AbsencesOf,
): Promise<ReadBatch> {
  const userIds = [...new Set(batch.map((k) => k.userId))];
  const [leases, excesses] = await Promise.all([
    leasesOfPeople(deps, tenantId, userIds, absencesOf, (ids) => leaseEndsOf(deps.db, ids)),
    claimExcessesOf(
      deps.db,
      batch.map((k) => k.orderId),
      month,
    ),
  ]);
  return { ...leases, excesses };
}

/** The batch's rows in order, and its settlement rows without a line (written at the end). */
function rowsOf(
  { leases, ends, excesses }: ReadBatch,
  month: number,
  batch: readonly LeaseKey[],
  sums: PayrollSums,
): { inOrder: PayrollRow[]; late: PayrollRow[] } {
  const byOrder = new Map(leases.map((l) => [l.lease.orderId, l]));
  const lines: PayrollLine[] = [];
  for (const key of batch) {
    const found = byOrder.get(key.orderId);
    if (!found) continue; // the order changed state since the keys were read
    const line = payrollLine(found.lease, month);
    addLease(sums, found.lease, line, found.pay, month);
    if (line) lines.push(line);
  }
  // The keys were read in this order; a name changed since then still sorts as the package sorts.
  lines.sort(comparePayrollLines);
  const inBatch = new Set(batch.map((k) => k.orderId));
  const own = new Map([...ends].filter(([orderId]) => inBatch.has(orderId)));
  const people = new Map(leases.map((l) => [l.lease.orderId, l.lease]));
  const ownExcesses = new Map([...excesses].filter(([orderId]) => inBatch.has(orderId)));
  const rows = withClaimExcesses(
    withSettlements(lines.map(rowOf), formatPayrollMonth(month), own, people),
    ownExcesses,
    people,
  );
  for (const row of rows) {
    sums.settlement += Math.round((row.settlementEur ?? 0) * 100);
    sums.claimExcess += Math.round((row.claimExcessEur ?? 0) * 100);
  }
  return { inOrder: rows.slice(0, lines.length), late: rows.slice(lines.length) };
}

function parseMonth(month: string): number {
  try {
    return parsePayrollMonth(month);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'Monat im Format JJJJ-MM erwartet.', {
      errors: [{ field: 'month', message: 'invalid' }],
    });
  }
}

const eur = (value: number) => value / 100;

function rowOf(line: PayrollLine): PayrollRow {
  return {
    employeeId: line.employeeId,
    name: line.name,
    orderId: line.orderId,
    grossConversionEur: eur(line.grossConversion),
    employerContributionEur: eur(line.employerContribution),
    benefitPrivateUseEur: eur(line.benefitPrivateUse),
    benefitCommuteEur: eur(line.benefitCommute),
    benefitRule: line.benefitRule,
    commutingMethod: line.commutingMethod,
    endDate: line.endDate,
    change: line.change,
    // Absences (lease-life): the month's state, the absence behind a pause and who pays the paused part.
    ...pauseOfLine(line),
  };
}
