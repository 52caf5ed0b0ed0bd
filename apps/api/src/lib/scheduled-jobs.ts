import crypto from 'node:crypto';

import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../db/client.js';
import { jobRuns } from '../db/schema-jobs.js';
import { runAsSystem } from '../db/scope.js';
import type { Clock } from './clock.js';
import { loggableError } from './loggable-error.js';
import { settleWithin } from './settle-within.js';

/** How long finished slots are kept (what ran when, for operators), then tidied away. */
const KEEP_RUNS_MS = 7 * 24 * 3600_000;

export interface JobOutcome {
  name: string;
  slot: number;
  ran: boolean;
}

/**
 * Periodic background work that runs once per time slot across all instances. Every instance keeps a
 * timer; when it fires, the instance claims the job's current slot (`floor(now / interval)`) with an
 * insert that only one can win, and only the winner works. So three instances behind a balancer run
 * an hourly job once an hour, not three times, and a restart never runs a slot twice. A slot whose
 * winner crashed is not retried; the next slot picks up whatever is due (every job is written to
 * catch up).
 */
export class JobScheduler {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private stopped = false;
  /** Tells running passes to stop between two batches (lib/batches.ts) when the process shuts down. */
  private readonly stopping = new AbortController();
  /** Identifies this process in `job_runs` (which instance ran what). */
  readonly instance = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;

  constructor(
    private readonly deps: { db: Database; clock: Clock; log: FastifyBaseLogger },
    private readonly onRun?: (name: string, outcome: 'ok' | 'failed') => void,
  ) {}

  /**
   * Runs `work` every `intervalMs` (once per slot across instances), and once right at start. `work`
   * gets the shutdown signal: a pass in batches stops at the next batch when it fires.
   */
  every(name: string, intervalMs: number, work: (signal: AbortSignal) => Promise<unknown>): void {
    const tick = () => {
      if (this.stopped) return;
      const run = this.runSlot(name, intervalMs, work).finally(() => this.running.delete(run));
      this.running.add(run);
    };
    tick();
    const timer = setInterval(tick, intervalMs);
    timer.unref();
    this.timers.push(timer);
  }

  /** One slot of a job, if this instance wins it. Exposed for tests (several "instances" in one process). */
  async runSlot(
    name: string,
    intervalMs: number,
    work: (signal: AbortSignal) => Promise<unknown>,
  ): Promise<JobOutcome> {
    // Jobs are the platform's work, even when a request's timer started them.
    return runAsSystem(async () => {
      const now = this.deps.clock.now();
      const slot = Math.floor(now.getTime() / intervalMs);
      try {
        const [claimed] = await this.deps.db
          .insert(jobRuns)
          .values({ name, slot, instance: this.instance, startedAt: now })
          .onConflictDoNothing()
          .returning({ slot: jobRuns.slot });
        if (!claimed) return { name, slot, ran: false };
        await work(this.stopping.signal);
        await this.deps.db
          .update(jobRuns)
          .set({ finishedAt: this.deps.clock.now() })
          .where(and(eq(jobRuns.name, name), eq(jobRuns.slot, slot)));
        await this.deps.db
          .delete(jobRuns)
          .where(and(eq(jobRuns.name, name), lt(jobRuns.startedAt, new Date(now.getTime() - KEEP_RUNS_MS))));
        this.onRun?.(name, 'ok');
        return { name, slot, ran: true };
      } catch (error) {
        this.deps.log.error({ err: loggableError(error), job: name, slot }, 'scheduled job failed');
        this.onRun?.(name, 'failed');
        return { name, slot, ran: false };
      }
    });
  }

  /**
   * No further slots; waits for a running one at most `graceMs` (true when none was left). A slot given
   * up on is like one whose instance died: not retried, the next slot catches up.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.stopped = true;
    this.stopping.abort();
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    return settleWithin(Promise.allSettled([...this.running]), graceMs);
  }
}
