import { describe, expect, it } from 'vitest';

import { drainInBatches, inBatches } from './batches.js';

/** A table of `n` rows with ids 1..n, of which the pass marks some done (as a committed batch would). */
function table(n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({ id: i + 1, handled: 0 }));
  const keyset = {
    next: async (after: number | null, limit: number) =>
      rows.filter((row) => row.handled === 0 && row.id > (after ?? 0)).slice(0, limit),
    keyOf: (row: { id: number }) => row.id,
    handle: async (batch: { id: number; handled: number }[]) => {
      for (const row of batch) row.handled += 1;
      return batch.length;
    },
  };
  return { rows, keyset };
}

const crashAt = (batch: number) => (current: number) => {
  if (current === batch) throw new Error('crash');
};

describe('a pass in batches', () => {
  it('handles every row exactly once, in batches of the size asked for', async () => {
    const { rows, keyset } = table(23);
    const sizes: number[] = [];
    const handled = await inBatches(
      { ...keyset, handle: async (batch) => (sizes.push(batch.length), keyset.handle(batch)) },
      { batchSize: 5 },
    );
    expect(handled).toBe(23);
    expect(sizes).toEqual([5, 5, 5, 5, 3]);
    expect(rows.every((row) => row.handled === 1)).toBe(true);
  });

  it('after a crash between batches, the next pass does the rest and repeats nothing', async () => {
    const { rows, keyset } = table(23);
    await expect(inBatches(keyset, { batchSize: 4, afterBatch: crashAt(3) })).rejects.toThrow('crash');
    expect(rows.filter((row) => row.handled === 1)).toHaveLength(12);
    expect(await inBatches(keyset, { batchSize: 4 })).toBe(11);
    expect(rows.every((row) => row.handled === 1)).toBe(true);
  });

  it('stops between batches once the signal fires', async () => {
    const { rows, keyset } = table(23);
    const stop = new AbortController();
    const handled = await inBatches(keyset, {
      batchSize: 5,
      signal: stop.signal,
      afterBatch: (batch) => {
        if (batch === 2) stop.abort();
      },
    });
    expect(handled).toBe(10);
    expect(rows.filter((row) => row.handled === 0)).toHaveLength(13);
  });

  it('lets the event loop run between batches', async () => {
    const { keyset } = table(9);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const seen: number[] = [];
    await inBatches(keyset, {
      batchSize: 3,
      afterBatch: async () => {
        seen.push(ticks);
        // Long enough for a timer to be due at the next turn of the loop.
        const until = Date.now() + 3;
        while (Date.now() < until);
      },
    });
    clearInterval(timer);
    expect(seen[2]).toBeGreaterThan(seen[0] ?? 0);
  });

  it('refuses a batch size that is no positive integer', async () => {
    const { keyset } = table(3);
    await expect(inBatches(keyset, { batchSize: 0 })).rejects.toThrow('batch size');
  });
});

describe('a draining pass (deletions)', () => {
  it('deletes every due row once, also across a crash', async () => {
    const due = new Set(Array.from({ length: 17 }, (_, i) => i));
    const deleted: number[] = [];
    const pass = {
      next: async (limit: number) => [...due].slice(0, limit),
      handle: async (batch: number[]) => {
        for (const id of batch) if (due.delete(id)) deleted.push(id);
        return batch.length;
      },
    };
    await expect(drainInBatches(pass, { batchSize: 5, afterBatch: crashAt(2) })).rejects.toThrow('crash');
    expect(deleted).toHaveLength(10);
    expect(await drainInBatches(pass, { batchSize: 5 })).toBe(7);
    expect(new Set(deleted).size).toBe(17);
    expect(deleted).toHaveLength(17);
  });

  it('ends when a batch removes nothing (its rows stopped being due), instead of reading them again', async () => {
    let reads = 0;
    const pass = {
      next: async (limit: number) => (reads++, Array.from({ length: limit }, (_, i) => i)),
      handle: async () => 0,
    };
    expect(await drainInBatches(pass, { batchSize: 3 })).toBe(0);
    expect(reads).toBe(1);
  });
});
