import { AppError } from '../../lib/errors.js';
import type { LimitRule, RateLimiter } from '../../lib/rate-limiter.js';

/**
 * The budgets of the second factor (ADR 0025).
 *
 * - Per login attempt: each challenge has its own five codes (`CHALLENGE_MAX_ATTEMPTS`, counted in
 *   the challenge's row), so wrong codes through one login attempt spend nothing of another's.
 * - Per account, a ceiling on wrong six-digit codes across all challenges: someone with the password
 *   can open challenge after challenge, and without a ceiling would guess on without end. 20 wrong
 *   codes an hour allow a real person's typos many times over and keep a guesser (three codes are
 *   valid at a time, one in 10^6 each) below 0.15 % a day. The ceiling cannot lock the owner out
 *   for good: it ends with its hour, a right code is not counted, and recovery codes (50 bits each,
 *   nothing to guess) are accepted even while it is spent.
 * - Per client address, as before: many accounts from one place.
 * - Enrolment: the mailed code (eight digits, 15 minutes) gets five tries per account a quarter hour,
 *   and at most five mails an hour go out.
 */
export const MFA_LIMITS = {
  accountCeiling: { limit: 20, windowMs: 60 * 60_000 },
  perIp: { limit: 30, windowMs: 15 * 60_000 },
  confirmPerUser: { limit: 10, windowMs: 15 * 60_000 },
  enrolCodePerUser: { limit: 5, windowMs: 15 * 60_000 },
  enrolMailsPerUser: { limit: 5, windowMs: 60 * 60_000 },
} as const satisfies Record<string, LimitRule>;

const TOTP_SHAPE = /^\d{6}$/;

/**
 * Counts a six-digit code against the account's ceiling before it is checked; 429 when the ceiling is
 * spent. Answers whether it counted, so a right code can be taken back (`refundCeiling`). Recovery
 * codes pass uncounted.
 */
export async function takeCeiling(limiter: RateLimiter, userId: string, code: string): Promise<boolean> {
  if (!TOTP_SHAPE.test(code.trim())) return false;
  const wait = await limiter.take(ceilingKey(userId), MFA_LIMITS.accountCeiling);
  if (wait > 0) {
    await limiter.refund(ceilingKey(userId), MFA_LIMITS.accountCeiling);
    throw new AppError(
      'RATE_LIMITED',
      'Zu viele falsche Codes. Bitte später erneut versuchen oder einen Wiederherstellungscode verwenden.',
      { headers: { 'retry-after': String(wait) } },
    );
  }
  return true;
}

export async function refundCeiling(limiter: RateLimiter, userId: string): Promise<void> {
  await limiter.refund(ceilingKey(userId), MFA_LIMITS.accountCeiling);
}

const ceilingKey = (userId: string) => `mfa:account:${userId}`;
