import type { InvoiceRunAnswer, InvoiceRunProgress } from '@leasing/contract';
import { eq, lt } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { invoiceRuns } from '../../db/schema-billing.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';

/** A progress write at most this often: a run of 300 employers writes a few dozen rows, not 300. */
export const PROGRESS_WRITE_INTERVAL_MS = 250;
/** A run without a word for this long has lost its instance (a run writes at least once per employer). */
export const RUN_SILENT_AFTER_MS = 5 * 60 * 1000;
/** How long a run's record is kept: long enough to look back over a quarter's runs. */
const RUN_KEPT_DAYS = 90;

export interface RunCounts {
  employersDone: number;
  createdCount: number;
  skippedCount: number;
}

/**
 * Records one run's progress in `invoice_runs`. Every write is its own statement outside the
 * invoices' transactions, so another instance reads it at once and an invoice's rollback leaves it.
 */
export interface RunProgress {
  counted(total: number): Promise<void>;
  /** After each employer: written when the last write is older than the interval. */
  step(counts: RunCounts): Promise<void>;
  finished(answer: InvoiceRunAnswer, counts: RunCounts): Promise<void>;
  failed(counts: RunCounts): Promise<void>;
}

/** A run nobody watches (the job's runs without an id, the bench): records nothing. */
const UNRECORDED: RunProgress = {
  counted: async () => {},
  step: async () => {},
  finished: async () => {},
  failed: async () => {},
};

/** Starts the record of run `runId`; 409 when that id was used before (each click makes a new one). */
export async function startRunProgress(
  deps: { db: Database; clock: Clock },
  run: { runId: string | undefined; month: string; startedBy: string | null },
): Promise<RunProgress> {
  const { runId } = run;
  if (!runId) return UNRECORDED;
  const { db, clock } = deps;
  const inserted = await db
    .insert(invoiceRuns)
    .values({ id: runId, month: run.month, startedBy: run.startedBy, startedAt: clock.now(), updatedAt: clock.now() })
    .onConflictDoNothing({ target: invoiceRuns.id })
    .returning({ id: invoiceRuns.id });
  if (inserted.length === 0) throw new AppError('CONFLICT', 'Dieser Rechnungslauf wurde bereits gestartet.');
  let lastWrite = clock.now().getTime();
  const write = async (values: Partial<typeof invoiceRuns.$inferInsert>) => {
    lastWrite = clock.now().getTime();
    await db
      .update(invoiceRuns)
      .set({ ...values, updatedAt: clock.now() })
      .where(eq(invoiceRuns.id, runId));
  };
  return {
    counted: (total) => write({ employersTotal: total }),
    step: async (counts) => {
      if (clock.now().getTime() - lastWrite >= PROGRESS_WRITE_INTERVAL_MS) await write(counts);
    },
    finished: (answer, counts) => write({ ...counts, status: 'FINISHED', answer, finishedAt: clock.now() }),
    failed: (counts) => write({ ...counts, status: 'FAILED', finishedAt: clock.now() }),
  };
}

/** `GET /v1/provider/invoices/runs/{runId}`: 404 for an id no run has (yet) started with. */
export async function readRunProgress(db: Database, runId: string, now: Date): Promise<InvoiceRunProgress> {
  const [row] = await db.select().from(invoiceRuns).where(eq(invoiceRuns.id, runId));
  if (!row) throw new AppError('NOT_FOUND', 'Dieser Rechnungslauf ist nicht bekannt.');
  const silent = row.status === 'RUNNING' && now.getTime() - row.updatedAt.getTime() > RUN_SILENT_AFTER_MS;
  return {
    runId: row.id,
    month: row.month,
    status: silent ? 'INTERRUPTED' : row.status,
    employersTotal: row.employersTotal,
    employersDone: row.employersDone,
    createdCount: row.createdCount,
    skippedCount: row.skippedCount,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    answer: (row.answer as InvoiceRunAnswer | null) ?? null,
  };
}

/** The hourly job's housekeeping: runs older than the keeping period go. */
export async function pruneRunProgress(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - RUN_KEPT_DAYS * 24 * 60 * 60 * 1000);
  await db.delete(invoiceRuns).where(lt(invoiceRuns.startedAt, before));
}
