import { AsyncResource } from 'node:async_hooks';

import type { FastifyBaseLogger } from 'fastify';

import { loggableError } from './loggable-error.js';

/**
 * Work done after the answer has gone out, for answers that must not reveal by their timing what the
 * work found (does this address have an account?). Tasks run outside the request's async context
 * (no request-scoped database transaction leaks into them), failures are logged, and `drain` waits for
 * all of them (shutdown, tests).
 */
export class BackgroundTasks {
  private readonly pending = new Set<Promise<void>>();
  /** Created at start-up, outside any request: its scope carries no request context. */
  private readonly scope = new AsyncResource('background-tasks');

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => {
      setImmediate(() => {
        this.scope.runInAsyncScope(() => {
          work()
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
}
