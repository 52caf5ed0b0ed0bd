import { AsyncResource } from 'node:async_hooks';

import type { FastifyBaseLogger } from 'fastify';

import { loggableError } from './loggable-error.js';
import { settleWithin } from './settle-within.js';

/**
 * Work done after the answer has gone out: for answers that must not reveal by their timing what the
 * work found (does this address have an account?), and for follow-up work the answer must not wait
 * for. Tasks run outside the request's async context (no request-scoped database transaction leaks
 * into them), failures are logged, and `drain` waits for all of them (tests).
 *
 * At shutdown `stop` tells the running tasks through their signal and waits a bounded time: a task
 * that can be long must stop at the signal and leave the rest to a durable catch-up (a scheduled job),
 * so the process exits within its grace period.
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  /** Created at start-up, outside any request: its scope carries no request context. */
  private readonly scope = new AsyncResource('background-tasks');
  private readonly stopping = new AbortController();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: (signal: AbortSignal) => Promise<void>): void {
    const signal = this.stopping.signal;
    const task: Promise<void> = new Promise<void>((resolve) => {
      setImmediate(() => {
        this.scope.runInAsyncScope(() => {
          (signal.aborted ? Promise.resolve() : work(signal))
            .catch((error: unknown) =>
              this.log.error({ err: loggableError(error), task: name }, 'background task failed'),
            )
            .finally(resolve);
        });
      });
    }).finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async drain(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Signals every task to stop, then waits for them at most `graceMs`; true when all had finished. */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<boolean> {
    this.stopping.abort();
    return settleWithin(this.drain(), graceMs);
  }
}
