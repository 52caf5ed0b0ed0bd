import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, databaseTargets, type TestApp } from '../test-support/harness.js';
import { inBatches } from './batches.js';
import { JobScheduler } from './scheduled-jobs.js';

describe.each(databaseTargets())('scheduled jobs on %s', (target) => {
  let t: TestApp;
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Three instances behind one balancer: same database, same clock, each with its own timer. */
  const instances = () => [0, 1, 2].map(() => new JobScheduler({ db: t.runtime.database.db, clock: t.clock, log }));

  it('runs each slot of a job exactly once across three instances, also when they race', async () => {
    const workers = instances();
    let runs = 0;
    const work = async () => {
      runs++;
      await new Promise((resolve) => setTimeout(resolve, 20));
    };
    for (let slot = 0; slot < 5; slot++) {
      const outcomes = await Promise.all(workers.map((worker) => worker.runSlot('test.race', 60_000, work)));
      expect(outcomes.filter((outcome) => outcome.ran)).toHaveLength(1);
      // A late timer in the same slot finds it taken.
      expect((await workers[slot % 3]?.runSlot('test.race', 60_000, work))?.ran).toBe(false);
      t.clock.advance(60_000);
    }
    expect(runs).toBe(5);
    // Which instance won is recorded.
    const names = new Set(workers.map((worker) => worker.instance));
    expect(names.size).toBe(3);
  });

  it('keeps jobs apart: a slot of one job does not block another', async () => {
    const [first, second] = instances();
    const done: string[] = [];
    await Promise.all([
      first?.runSlot('test.a', 3_600_000, async () => void done.push('a')),
      second?.runSlot('test.b', 3_600_000, async () => void done.push('b')),
    ]);
    expect(done.sort()).toEqual(['a', 'b']);
  });

  it('logs a failing run, counts it, and stays up for the next slot', async () => {
    const results: string[] = [];
    const worker = new JobScheduler({ db: t.runtime.database.db, clock: t.clock, log }, (_name, outcome) =>
      results.push(outcome),
    );
    const failed = await worker.runSlot('test.fails', 60_000, async () => {
      throw new Error('kaputt');
    });
    expect(failed.ran).toBe(false);
    t.clock.advance(60_000);
    expect((await worker.runSlot('test.fails', 60_000, async () => undefined)).ran).toBe(true);
    expect(results).toEqual(['failed', 'ok']);
  });

  it('tells a running pass to stop between its batches when the instance shuts down', async () => {
    const worker = new JobScheduler({ db: t.runtime.database.db, clock: t.clock, log });
    const rows = Array.from({ length: 50 }, (_, i) => i + 1);
    let handled = 0;
    let stopping: Promise<boolean> | undefined;
    const pass = (signal: AbortSignal) =>
      inBatches(
        {
          next: async (after: number | null, limit: number) => rows.filter((id) => id > (after ?? 0)).slice(0, limit),
          keyOf: (id) => id,
          handle: async (batch) => {
            handled += batch.length;
            // The shutdown comes while the second batch is being handled.
            if (handled === 10) stopping = worker.stop();
            return batch.length;
          },
        },
        { batchSize: 5, signal },
      );
    const outcome = await worker.runSlot('test.batches', 60_000, pass);
    expect(outcome.ran).toBe(true);
    expect(await stopping).toBe(true);
    expect(handled).toBe(10);
  });
});
