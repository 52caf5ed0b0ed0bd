import type { CaseStatus } from './provider.js';
import { MemoryCaseRepository, type CaseRepository } from './simulator-cases.js';

export type FaultMode = 'none' | 'error500' | 'timeout' | 'redirect' | 'malformed';

/** One status callback the simulator sent (or tried to) to the app. */
export interface CallbackDelivery {
  eventId: string;
  caseId: string;
  status: CaseStatus;
  attempts: number;
  delivered: boolean;
  lastError: string | null;
}

/**
 * The simulator's cases (in `cases`: the database in the app, memory in the simulator's own tests),
 * plus what belongs to one process: its timers, injected faults and the callbacks it sent.
 * `close()` cancels everything pending.
 */
export class SimulatorStore {
  readonly deliveries: CallbackDelivery[] = [];
  /** Requests that reached the redirect target: stays 0 while clients do not follow redirects. */
  redirectTargetHits = 0;
  /** Authenticated provider API calls received (faulty ones included). */
  apiCalls = 0;
  private fault: { mode: Exclude<FaultMode, 'none'>; remaining: number } | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly controller = new AbortController();
  private busy = 0;
  private waiters: (() => void)[] = [];

  constructor(readonly cases: CaseRepository = new MemoryCaseRepository()) {}

  /** Aborted by `close()`: in-flight callbacks and hanging fault responses end with it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get closed(): boolean {
    return this.controller.signal.aborted;
  }

  /** The next `count` provider API calls misbehave (`none` clears). */
  setFault(mode: FaultMode, count = 1): void {
    this.fault = mode === 'none' || count <= 0 ? null : { mode, remaining: count };
  }

  takeFault(): Exclude<FaultMode, 'none'> | null {
    if (!this.fault) return null;
    const { mode } = this.fault;
    this.fault.remaining -= 1;
    if (this.fault.remaining <= 0) this.fault = null;
    return mode;
  }

  /** Runs `task` after `ms` on a real timer; `idle()` waits for it, `close()` cancels it. */
  schedule(ms: number, task: () => Promise<void> | void): void {
    if (this.closed) return;
    this.busy += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void Promise.resolve()
        .then(task)
        .catch(() => undefined)
        .finally(() => this.settle());
    }, ms);
    this.timers.add(timer);
  }

  /** Resolves after `ms`, or earlier when `signal` or the store is aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const signals = signal ? [this.signal, signal] : [this.signal];
      const done = () => {
        clearTimeout(timer);
        this.timers.delete(timer);
        for (const s of signals) s.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.timers.add(timer);
      for (const s of signals) {
        if (s.aborted) return done();
        s.addEventListener('abort', done, { once: true });
      }
    });
  }

  /** Resolves once no completion or callback is pending (at once when nothing is). */
  idle(): Promise<void> {
    if (this.busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Cancels all timers and in-flight callbacks; later schedules are ignored. */
  close(): void {
    if (!this.closed) this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.busy = 0;
    this.releaseWaiters();
  }

  private settle(): void {
    this.busy = Math.max(0, this.busy - 1);
    if (this.busy === 0) this.releaseWaiters();
  }

  private releaseWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
