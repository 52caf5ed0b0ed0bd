import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

import type { Clock } from './clock.js';
import { AppError } from './errors.js';

/**
 * Fixed-window budgets for the authentication and order routes, counted by rate-limiter-flexible: in
 * Redis when `REDIS_URL` is set, so every instance behind the balancer counts into the same budget
 * (the login limit per account holds however the attempts are spread), else in this process (the
 * single-instance embedded default). The window a count belongs to comes from our clock (part of the
 * key), so tests move time like everything else; the store's expiry only tidies up. When Redis is
 * unreachable the counts fall back to this process rather than failing the request.
 */
export interface LimitRule {
  limit: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly stores = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly clock: Clock,
    private readonly redis: Redis | null = null,
  ) {}

  /** Seconds until the key may act again, or 0 when it is within its budget. Does not count. */
  async retryAfter(key: string, rule: LimitRule): Promise<number> {
    const window = this.window(key, rule);
    const used = (await this.store(rule).get(window.key))?.consumedPoints ?? 0;
    if (used < rule.limit) return 0;
    return window.secondsLeft;
  }

  /** Counts one event for the key. */
  async hit(key: string, rule: LimitRule): Promise<void> {
    await this.store(rule).penalty(this.window(key, rule).key, 1);
  }

  /**
   * Counts one event and answers 0 when it was within the budget, else the seconds to wait. One
   * atomic step in the store, so parallel requests on several instances cannot slip past together.
   */
  async take(key: string, rule: LimitRule): Promise<number> {
    const window = this.window(key, rule);
    const result = await this.store(rule).penalty(window.key, 1);
    return result.consumedPoints > rule.limit ? window.secondsLeft : 0;
  }

  /** Takes back one event counted by `take` (an attempt that turned out not to count). */
  async refund(key: string, rule: LimitRule): Promise<void> {
    await this.store(rule).reward(this.window(key, rule).key, 1);
  }

  async reset(key: string, rule: LimitRule): Promise<void> {
    await this.store(rule).delete(this.window(key, rule).key);
  }

  private window(key: string, rule: LimitRule): { key: string; secondsLeft: number } {
    const now = this.clock.now().getTime();
    const index = Math.floor(now / rule.windowMs);
    const endsAt = (index + 1) * rule.windowMs;
    return { key: `${key}@${index}`, secondsLeft: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
  }

  private store(rule: LimitRule): RateLimiterAbstract {
    const name = `${rule.limit}/${rule.windowMs}`;
    let store = this.stores.get(name);
    if (!store) {
      // Points are never refused by the store itself: the budget check is ours (see take/retryAfter).
      const options = { points: Number.MAX_SAFE_INTEGER, duration: Math.ceil(rule.windowMs / 1000) + 1 };
      const memory = new RateLimiterMemory({ ...options, keyPrefix: `leasing:rl:${name}` });
      store = this.redis
        ? new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            keyPrefix: `leasing:rl:${name}`,
            rejectIfRedisNotReady: true,
            insuranceLimiter: memory,
          })
        : memory;
      this.stores.set(name, store);
    }
    return store;
  }
}

/** The limits of the authentication routes (security checklist 1 and 20). */
export const AUTH_LIMITS = {
  /**
   * Failed logins per account from one client before 429: an attacker elsewhere cannot lock the
   * person out, the counter is theirs alone.
   */
  loginFailuresPerAccountAndIp: { limit: 5, windowMs: 15 * 60_000 },
  /** Failed logins per client across all accounts (password spraying). */
  loginFailuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
  /** The slower ceiling per account from all clients together (a distributed guess). */
  loginFailuresPerAccount: { limit: 25, windowMs: 60 * 60_000 },
  /**
   * Failed logins from a known device (a device cookie for the account) before 429: the device's
   * own small budget, instead of the three above (decision 0026).
   */
  loginFailuresPerDevice: { limit: 5, windowMs: 15 * 60_000 },
  /** Failed logins from a known device in a day after which it counts as unknown again. */
  loginFailuresPerDeviceDay: { limit: 10, windowMs: 24 * 60 * 60_000 },
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

/**
 * Invitations per admin (single and bulk requests alike): every one sends mail in the employer's
 * name, so a taken-over HR account cannot turn the platform into a mail cannon.
 */
export const INVITE_LIMIT = { limit: 30, windowMs: 15 * 60_000 } as const satisfies LimitRule;

/**
 * Contract checks per user: each parses up to 20 MB and checks every signature's chain, so a signed-in
 * account cannot keep the CPU busy with them.
 */
export const CONTRACT_VERIFY_LIMIT = { limit: 30, windowMs: 15 * 60_000 } as const satisfies LimitRule;

/** Per-user limits of the order routes (security checklist 20): paid provider calls, PDFs, polling. */
export const ORDER_LIMITS = {
  createOrder: { limit: 20, windowMs: 15 * 60_000 },
  startProviderCase: { limit: 20, windowMs: 15 * 60_000 },
  pdf: { limit: 60, windowMs: 15 * 60_000 },
  /** The UI polls every 3 s: 20 per minute, with headroom to 40. */
  check: { limit: 40, windowMs: 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Counts one use of `key` and throws 429 with Retry-After when its budget is spent. */
export async function consume(limiter: RateLimiter, key: string, rule: LimitRule): Promise<void> {
  const wait = await limiter.take(key, rule);
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', 'Zu viele Anfragen. Bitte später erneut versuchen.', {
      headers: { 'retry-after': String(wait) },
    });
  }
}

type LoginBudget = readonly [key: string, rule: LimitRule];

/** A known device's short budget, and its day's count after which it is trusted no longer. */
function knownDeviceBudgets(device: string): [LoginBudget, LoginBudget] {
  return [
    [`login:device:${device}`, AUTH_LIMITS.loginFailuresPerDevice],
    [`login:device-day:${device}`, AUTH_LIMITS.loginFailuresPerDeviceDay],
  ];
}

/**
 * The login budgets of one attempt. From an unknown device, three together: per account and client,
 * per client, and per account from everywhere. From a known device (a valid device cookie for the
 * account, decision 0026) only that device's own: failures elsewhere do not lock it out, and its
 * failures spend nobody else's budget. A known device that keeps failing loses its trust for the
 * day and counts as unknown again. An attempt is counted against its budgets before the password is
 * checked, in one atomic step per budget, so a burst of parallel guesses (on one instance or several)
 * cannot slip past together. A refused attempt and a successful one are taken back; a success also
 * clears that client's own counter for the account.
 */
export async function loginThrottle(limiter: RateLimiter, username: string, ip: string, device: string | null) {
  const account = username.trim().toLowerCase();
  const ownBudgets = device ? knownDeviceBudgets(device) : null;
  const trusted = ownBudgets !== null && (await limiter.retryAfter(...ownBudgets[1])) === 0;
  const budgets: LoginBudget[] =
    ownBudgets && trusted
      ? ownBudgets
      : [
          [`login:account-ip:${account}|${ip}`, AUTH_LIMITS.loginFailuresPerAccountAndIp],
          [`login:ip:${ip}`, AUTH_LIMITS.loginFailuresPerIp],
          [`login:account:${account}`, AUTH_LIMITS.loginFailuresPerAccount],
        ];
  const refundAll = async () => {
    await Promise.all(budgets.map(([key, rule]) => limiter.refund(key, rule)));
  };
  return {
    /** Whether the attempt counts against a known device's own budget. */
    trusted,
    /** Counts the attempt; answers the seconds to wait (the attempt then does not count), or 0. */
    attempt: async (): Promise<number> => {
      const waits = await Promise.all(budgets.map(([key, rule]) => limiter.take(key, rule)));
      const wait = Math.max(...waits);
      if (wait > 0) await refundAll();
      return wait;
    },
    succeeded: async (): Promise<void> => {
      await refundAll();
      const [first] = budgets;
      if (first) await limiter.reset(...first);
    },
  };
}
