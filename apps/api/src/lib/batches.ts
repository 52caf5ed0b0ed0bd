import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How a job walks the whole database: in batches of `batchSize` rows, each committed before the next
 * is read (decision 0043). 500 rows keep a batch's statement and its locks in the low milliseconds at
 * a provider's real size, and a pass over 60,000 rows is still only 120 round trips.
 */
export const DEFAULT_BATCH_SIZE = 500;

export interface BatchOptions {
  /** Rows per batch (tests force small batches to cross batch boundaries). */
  batchSize?: number;
  /** Set when the process shuts down: the pass stops between batches; the next slot catches up. */
  signal?: AbortSignal;
  /** Called after each committed batch (tests stop a pass here as a crash would). */
  afterBatch?: (batch: number) => void | Promise<void>;
}

export interface KeysetPass<Row, Key> {
  /** The next at most `limit` candidates after `after` (null: from the start), ordered by their key. */
  next: (after: Key | null, limit: number) => Promise<Row[]>;
  /** Where the next batch starts: the key of a batch's last row. */
  keyOf: (row: Row) => Key;
  /** Handles one batch in short transactions of its own; returns how many rows it changed. */
  handle: (rows: Row[]) => Promise<number>;
}

/** A pass whose `handle` removes its rows from the candidates (a deletion): no key is needed. */
export interface DrainPass<Row> {
  /** The first at most `limit` candidates. */
  next: (limit: number) => Promise<Row[]>;
  handle: (rows: Row[]) => Promise<number>;
}

/**
 * Runs one pass in keyset order and returns the number of rows handled. Between batches it gives the
 * event loop a turn, so requests on this instance are served while a pass runs, and it holds no
 * connection or lock from one batch to the next. Every batch commits its own effects together with
 * what marks them done (a row gone, a status moved, a reminder claimed), so a pass that dies midway
 * loses nothing, and the next pass, which selects only what is still to do, repeats nothing.
 */
export function inBatches<Row, Key>(pass: KeysetPass<Row, Key>, options: BatchOptions = {}): Promise<number> {
  let after: Key | null = null;
  return runBatches(
    {
      next: (limit) => pass.next(after, limit),
      handle: async (rows) => {
        const changed = await pass.handle(rows);
        const last = rows.at(-1);
        if (last !== undefined) after = pass.keyOf(last);
        return changed;
      },
    },
    options,
    { untilUnchanged: false },
  );
}

/**
 * Like `inBatches` for deletions: every batch reads from the start, as the last one's rows are gone.
 * The pass ends with a short batch, or with one that removed nothing (its rows stopped being due in
 * between, which they stay), so it always ends.
 */
export function drainInBatches<Row>(pass: DrainPass<Row>, options: BatchOptions = {}): Promise<number> {
  return runBatches(pass, options, { untilUnchanged: true });
}

async function runBatches<Row>(
  pass: DrainPass<Row>,
  options: BatchOptions,
  end: { untilUnchanged: boolean },
): Promise<number> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error('batch size must be a positive integer');
  let handled = 0;
  for (let batch = 1; !options.signal?.aborted; batch++) {
    const rows = await pass.next(batchSize);
    if (rows.length === 0) break;
    const changed = await pass.handle(rows);
    handled += changed;
    await options.afterBatch?.(batch);
    if (rows.length < batchSize || (end.untilUnchanged && changed === 0)) break;
    await nextTurn();
  }
  return handled;
}

/** Handles the rows one after the other (each in its own short transaction); counts those that changed. */
export async function eachRow<Row>(rows: readonly Row[], handle: (row: Row) => Promise<boolean>): Promise<number> {
  let changed = 0;
  for (const row of rows) if (await handle(row)) changed++;
  return changed;
}
