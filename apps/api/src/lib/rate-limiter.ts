import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/**
 * Fixed-window counters in memory (one process). Used for the authentication limits: the budget of a
 * key refills when its window ends, so there is no permanent lock-out. Several instances would each
 * keep their own counters; a shared store (Redis) is the step for a multi-instance deployment.
 */
export interface LimitRule {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = 0;

  constructor(private readonly clock: Clock) {}

  /** Seconds until the key may act again, or 0 when it is within its budget. Does not count. */
  retryAfter(key: string, rule: LimitRule): number {
    const entry = this.current(key);
    if (!entry || entry.count < rule.limit) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.clock.now().getTime()) / 1000));
  }

  /** Counts one event for the key. */
  hit(key: string, rule: LimitRule): void {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const entry = this.current(key);
    if (entry) entry.count++;
    else this.windows.set(key, { count: 1, resetAt: now + rule.windowMs });
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string): { count: number; resetAt: number } | undefined {
    const entry = this.windows.get(key);
    if (entry && entry.resetAt <= this.clock.now().getTime()) {
      this.windows.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}

/** The limits of the authentication routes (security checklist 1 and 20). */
export const AUTH_LIMITS = {
  /** Failed logins per account before 429. */
  loginFailuresPerAccount: { limit: 5, windowMs: 15 * 60_000 },
  /** Failed logins per IP across all accounts. */
  loginFailuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
  /** Refreshes per IP. */
  refreshPerIp: { limit: 120, windowMs: 15 * 60_000 },
  /** Reset mails per address and per IP. */
  resetPerEmail: { limit: 3, windowMs: 60 * 60_000 },
  resetPerIp: { limit: 20, windowMs: 15 * 60_000 },
  /** Registrations per IP. */
  registerPerIp: { limit: 10, windowMs: 15 * 60_000 },
  /** Code redemptions (confirm, set password) per IP: codes are long, but bound the guessing anyway. */
  codePerIp: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Per-user limits of the order routes (security checklist 20): paid provider calls, PDFs, polling. */
export const ORDER_LIMITS = {
  createOrder: { limit: 20, windowMs: 15 * 60_000 },
  startProviderCase: { limit: 20, windowMs: 15 * 60_000 },
  pdf: { limit: 60, windowMs: 15 * 60_000 },
  /** The UI polls every 3 s: 20 per minute, with headroom to 40. */
  check: { limit: 40, windowMs: 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Counts one use of `key` and throws 429 with Retry-After when its budget is spent. */
export function consume(limiter: RateLimiter, key: string, rule: LimitRule): void {
  const wait = limiter.retryAfter(key, rule);
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', 'Zu viele Anfragen. Bitte später erneut versuchen.', {
      headers: { 'retry-after': String(wait) },
    });
  }
  limiter.hit(key, rule);
}
