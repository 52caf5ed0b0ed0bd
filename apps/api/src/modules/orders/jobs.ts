import type { FastifyBaseLogger } from 'fastify';

import { reconcileCases, runOrderChecks, type OrderDeps } from './service.js';

/**
 * Scheduled order work: expiry and breaking changes every minute, catching up on provider cases
 * whose callback got lost every 10 s. All state is in the database, so a restart loses nothing: the
 * next run after start-up picks up whatever fell due meanwhile.
 */
export class OrderJobs {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<unknown>>();

  constructor(
    private readonly deps: OrderDeps,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.every(60_000, () => runOrderChecks(this.deps));
    this.every(10_000, () => reconcileCases(this.deps));
    this.once(() => runOrderChecks(this.deps));
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }

  private every(ms: number, work: () => Promise<unknown>): void {
    const timer = setInterval(() => this.once(work), ms);
    timer.unref();
    this.timers.push(timer);
  }

  private once(work: () => Promise<unknown>): void {
    const run = work()
      .catch((error: unknown) => this.log.error({ err: error }, 'order job failed'))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }
}
