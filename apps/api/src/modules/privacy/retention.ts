import { stepsRetainedFor } from '@leasing/contract';
import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { inBatches, type BatchOptions } from '../../lib/batches.js';
import { IDEMPOTENCY_WINDOW_MS } from '../../lib/idempotency.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import * as repo from './retention-repository.js';

/**
 * How long we keep what, and why (storage limitation, Art. 5(1)(e) GDPR). docs/privacy.md shows the
 * same table; a test keeps the two in step. Periods counted "from the end of the year" follow
 * § 257 Abs. 5 HGB and § 147 Abs. 4 AO: the period starts when the calendar year (German time) ends.
 */
export const RETENTION_RULES = [
  {
    key: 'spentCodes',
    data: 'One-time codes of mailed links, once used or expired',
    period: { days: 0 },
    // A used or expired link opens nothing; its hash (and a pending new address) has no purpose left.
    reason: 'Art. 5(1)(c), (e) GDPR: no purpose after use or expiry',
  },
  {
    key: 'spentMfaChallenges',
    data: 'Second-factor login challenges, once used or expired (5 minutes)',
    period: { days: 0 },
    reason: 'Art. 5(1)(c), (e) GDPR: no purpose after use or expiry',
  },
  {
    key: 'endedSessions',
    data: 'Refresh tokens of sessions past their absolute lifetime (30 days)',
    period: { days: 0 },
    // Within a live session used tokens must stay: a used token coming back revokes the session.
    reason: 'Art. 32 GDPR (reuse detection) while the session lives; nothing afterwards',
  },
  {
    key: 'expiredIdempotencyKeys',
    data: 'Idempotency keys of orders with their answer (the order id), once past their 24 hours',
    period: { days: 0 },
    // Within the 24 hours a repeated request gets the first answer; afterwards the key is free again.
    reason: 'Art. 5(1)(c), (e) GDPR: no purpose after expiry',
  },
  {
    key: 'handledMails',
    data: 'Mails in the outbox once sent (or given up)',
    period: { days: 30 },
    // Long enough to answer "did the mail reach me?" and to diagnose delivery; bodies hold names and links.
    reason: 'Art. 6(1)(f) GDPR: proof of delivery and support',
  },
  {
    key: 'unconfirmedAccounts',
    data: 'Accounts whose address was never confirmed (registration or invitation not completed)',
    period: { days: 30 },
    // Confirmation links live 48 hours, invitations 7 days: after 30 days the registration was abandoned.
    reason: 'Art. 6(1)(b) GDPR (steps before a contract) has ended; Art. 17(1)(a)',
  },
  {
    key: 'abandonedOrders',
    data: 'Orders never signed that expired or were cancelled (data changed)',
    period: { days: 90 },
    // No contract came about; three months leave room for questions about the cancelled order.
    reason: 'Art. 6(1)(b), (f) GDPR: no contract, no duty to keep',
  },
  {
    key: 'declinedOrders',
    data: 'Signed orders declined by the employer or the provider, or cancelled by the employee, with their contract documents',
    period: { years: 6, from: 'endOfYear' },
    // The signed offer and the decision on it are commercial letters (Handelsbriefe).
    reason: '§ 257 Abs. 1 Nr. 2, 3, Abs. 4 HGB; § 147 Abs. 1 Nr. 2, 3, Abs. 3 AO; Art. 6(1)(c) GDPR',
  },
  {
    key: 'endedLeases',
    data: 'Leases after their end (the return of the car, else handover date plus term), with the signed contract and the final statement',
    period: { years: 10, from: 'endOfYear' },
    // The contract underlies the bookings of the lease. Since 2025 (BEG IV) booking vouchers need
    // 8 years; we keep 10 until the controller's tax adviser confirms the shorter period applies.
    reason: '§ 257 Abs. 1 Nr. 1, 4, Abs. 4 HGB; § 147 Abs. 1, 3 AO; Art. 6(1)(c), Art. 17(3)(b) GDPR',
  },
  {
    key: 'erasedAccounts',
    data: 'The remainder of an erased account (id, employer, role, dates) once no kept order refers to it',
    period: { days: 0 },
    reason: 'Art. 17 GDPR: kept only as long as kept orders refer to it',
  },
] as const satisfies readonly RetentionRule[];

export interface RetentionRule {
  key: string;
  data: string;
  period: { days: number } | { years: number; from: 'endOfYear' };
  reason: string;
}

export type RetentionKey = (typeof RETENTION_RULES)[number]['key'];
export type RetentionCounts = Record<RetentionKey, number>;

const DAY_MS = 24 * 3600_000;

const berlinYearFormat = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' });

export function berlinYear(date: Date): number {
  return Number(berlinYearFormat.format(date));
}

/** 1 January, 00:00 German time (always CET, UTC+1, in January). */
export function berlinYearStart(year: number): Date {
  return new Date(Date.UTC(year - 1, 11, 31, 23, 0, 0));
}

/** Rows that ended before the returned instant are due under `rule` at `now`. */
export function cutoffFor(rule: RetentionRule, now: Date): Date {
  if ('days' in rule.period) return new Date(now.getTime() - rule.period.days * DAY_MS);
  // Ended in year Y: the period runs from the end of Y, so it is over at the start of Y + 1 + years.
  return berlinYearStart(berlinYear(now) - rule.period.years);
}

function rule(key: RetentionKey): RetentionRule {
  const found = RETENTION_RULES.find((r) => r.key === key);
  if (!found) throw new Error(`unknown retention rule ${key}`);
  return found;
}

/** The calendar year a lease ends in: handover date plus the term in months. Null when unknown. */
export function leaseEndYear(handoverDate: string | null, durationMonths: number | string | null): number | null {
  const match = handoverDate ? /^(\d{4})-(\d{2})-\d{2}$/.exec(handoverDate) : null;
  const months = Number(durationMonths);
  if (!match || !Number.isInteger(months) || months < 0) return null;
  const monthIndex = Number(match[2]) - 1 + months;
  return Number(match[1]) + Math.floor(monthIndex / 12);
}

/**
 * One pass over every rule at the clock's time, each in batches (`retention-repository.ts`, decision
 * 0043). Idempotent: a second pass finds nothing more, and several instances may run it at once
 * (each deletes what is still there).
 */
export async function runRetention(
  deps: { db: Database; clock: Clock },
  options: BatchOptions = {},
): Promise<RetentionCounts> {
  const { db } = deps;
  const now = deps.clock.now();
  const cutoff = (key: RetentionKey) => cutoffFor(rule(key), now);
  const spentCodes = await repo.deleteSpentCodes(db, cutoff('spentCodes'), options);
  const spentMfaChallenges = await repo.deleteSpentChallenges(db, cutoff('spentMfaChallenges'), options);
  const endedSessions = await repo.deleteEndedSessions(db, cutoff('endedSessions'), options);
  const expiredIdempotencyKeys = await repo.deleteIdempotencyKeysCreatedBefore(
    db,
    new Date(cutoff('expiredIdempotencyKeys').getTime() - IDEMPOTENCY_WINDOW_MS),
    options,
  );
  const handledMails = await repo.deleteHandledMails(db, cutoff('handledMails'), options);
  const unconfirmedAccounts = await repo.deleteUnconfirmedAccounts(db, cutoff('unconfirmedAccounts'), now, options);
  const abandonedOrders = await repo.deleteOrdersEndedBefore(
    db,
    { statuses: stepsRetainedFor('abandonedOrders'), cutoff: cutoff('abandonedOrders'), signed: false },
    options,
  );
  const declinedOrders = await repo.deleteOrdersEndedBefore(
    db,
    {
      statuses: stepsRetainedFor('declinedOrders'),
      cutoff: cutoff('declinedOrders'),
      signed: true,
    },
    options,
  );
  const lastDueLeaseYear = berlinYear(cutoff('endedLeases')) - 1;
  const endedLeases =
    (await deleteEndedLeases(db, lastDueLeaseYear, options)) +
    (await repo.deleteReturnedLeases(db, `${lastDueLeaseYear + 1}-01-01`, options));
  // Last: orders removed above may have been the only thing holding an erased account's remainder.
  const erasedAccounts = await repo.deleteErasedAccountsWithoutOrders(db, options);
  return {
    spentCodes,
    spentMfaChallenges,
    endedSessions,
    expiredIdempotencyKeys,
    handledMails,
    unconfirmedAccounts,
    abandonedOrders,
    declinedOrders,
    endedLeases,
    erasedAccounts,
  };
}

/**
 * Leases that ended in `lastDueYear` or before. Only a lease handed over by then can have, so the
 * query reads those (an index on the handover date of running leases); the end year is then the
 * term's arithmetic of `leaseEndYear`.
 */
function deleteEndedLeases(db: Database, lastDueYear: number, options: BatchOptions): Promise<number> {
  return inBatches(
    {
      next: (after: number | null, limit: number) =>
        repo.handedOverLeases(db, `${lastDueYear + 1}-01-01`, { after, limit }),
      keyOf: (lease) => lease.id,
      handle: (batch) => {
        const due = batch.filter((lease) => {
          const endYear = leaseEndYear(lease.handoverDate, lease.durationMonths);
          return endYear !== null && endYear <= lastDueYear;
        });
        return repo.deleteLeases(
          db,
          due.map((lease) => lease.id),
        );
      },
    },
    options,
  );
}

/**
 * The retention run, hourly and once at start-up, through the scheduler that gives each hour to one
 * instance only; logs the counts of what it removed.
 */
export function scheduleRetention(
  scheduler: JobScheduler,
  deps: { db: Database; clock: Clock },
  log: FastifyBaseLogger,
  intervalMs = 3600_000,
): void {
  scheduler.every('privacy.retention', intervalMs, async (signal) => {
    const counts = await runRetention(deps, { signal });
    log.info({ retention: counts }, 'retention run');
  });
}
