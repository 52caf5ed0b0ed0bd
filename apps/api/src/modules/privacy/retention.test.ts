import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { idempotencyKeys } from '../../db/schema-idempotency.js';
import { leaseReturns } from '../../db/schema-lease-end.js';
import { orders, outbox, users } from '../../db/schema.js';
import { mfaChallenges, oneTimeCodes, refreshTokens } from '../../db/schema-auth.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { buildTenant } from '../../test-support/factories.js';
import { bearer, createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import {
  berlinYear,
  berlinYearStart,
  leaseEndYear,
  RETENTION_RULES,
  scheduleRetention,
  runRetention,
  type RetentionCounts,
  type RetentionRule,
} from './retention.js';
import { eraseAccount } from './service.js';
import { isoDate, pickOffer, placeOrder, settleOrder } from '../../test-support/order-fixtures.js';
import { JobScheduler } from '../../lib/scheduled-jobs.js';

const DAY = 24 * 3600_000;

describe('retention periods', () => {
  it('are the table of docs/privacy.md, row by row', () => {
    const doc = fs.readFileSync(
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../docs/privacy.md'),
      'utf8',
    );
    const period = (rule: RetentionRule) =>
      'years' in rule.period
        ? `${rule.period.years} years from the end of the calendar year`
        : rule.period.days === 0
          ? 'at once (next run)'
          : `${rule.period.days} days`;
    // Table cells compared without the padding a formatter adds.
    const rows = doc.split('\n').map((line) => line.trim().replace(/\s*\|\s*/g, '|'));
    for (const rule of RETENTION_RULES) {
      expect(rows, rule.key).toContain(`|\`${rule.key}\`|${rule.data}|${period(rule)}|${rule.reason}|`);
    }
  });

  it('count commercial periods from the end of the German calendar year', () => {
    expect(berlinYear(new Date('2026-12-31T23:30:00Z'))).toBe(2027);
    expect(berlinYearStart(2027).toISOString()).toBe('2026-12-31T23:00:00.000Z');
    expect(leaseEndYear('2026-11-15', 36)).toBe(2029);
    expect(leaseEndYear('2026-11-15', 1)).toBe(2026);
    expect(leaseEndYear('2026-12-01', 1)).toBe(2027);
    expect(leaseEndYear(null, 36)).toBeNull();
    expect(leaseEndYear('15.11.2026', 36)).toBeNull();
  });
});

describe.each(databaseTargets())('retention job on %s', (target) => {
  let t: TestApp;
  let start: Date;
  const db = () => t.runtime.database.db;
  const run = () => runRetention({ db: db(), clock: t.clock });
  const at = (ms: number) => t.clock.set(new Date(start.getTime() + ms));
  const orderExists = async (id: number) =>
    (await db().select({ id: orders.id }).from(orders).where(eq(orders.id, id))).length === 1;
  const userExists = async (id: string) =>
    (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

  // What the scenario made at the start, by what should happen to it.
  const ids = {} as {
    abandoned: number;
    declined: number;
    lease: number;
    returned: number;
    open: number;
    erasedLease: number;
    erasedUser: string;
    stale: string;
    reinvited: string;
    customer: string;
  };

  beforeAll(async () => {
    t = await createTestApp(target);
    start = t.clock.now();
    const offer = await pickOffer(t.app, (await loginAs(t.app)).accessToken);
    // An employer's admin signs in with the second factor: a used challenge.
    await loginAs(t.app, DEMO_ACCOUNTS.tenantAdmin);

    const tenant = await buildTenant(t.app, db(), { now: start });
    const token = tenant.employee.accessToken;
    const [customer] = await db().select().from(users).where(eq(users.email, tenant.employee.email));
    ids.customer = customer!.id;
    ids.abandoned = await placeOrder(t.app, token, offer);
    ids.declined = await placeOrder(t.app, token, offer);
    ids.lease = await placeOrder(t.app, token, offer);
    ids.returned = await placeOrder(t.app, token, offer);
    // The open order came with an Idempotency-Key: the key and its answer are kept 24 hours.
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/v1/order',
      headers: { ...bearer(token), 'idempotency-key': 'retention-test' },
      payload: { ...offer, delivery: 'HOME' },
    });
    ids.open = keyed.json<{ orderId: number }>().orderId;
    await settleOrder(db(), ids.abandoned, { status: 'EXPIRED', at: start, signed: false });
    await settleOrder(db(), ids.declined, { status: 'DECLINED_BY_TENANT', at: start, signed: true });
    await settleOrder(db(), ids.lease, {
      status: 'LEASING_ACTIVE',
      at: start,
      signed: true,
      handoverDate: isoDate(start),
    });
    await setTerm(ids.lease, 36);
    // A four-year lease whose car came back early, in the second year after the start: the return ends it.
    await settleOrder(db(), ids.returned, {
      status: 'LEASE_ENDED',
      at: start,
      signed: true,
      handoverDate: isoDate(start),
    });
    await setTerm(ids.returned, 48);
    await db()
      .insert(leaseReturns)
      .values({
        orderId: ids.returned,
        returnedOn: `${berlinYear(start) + 2}-06-30`,
        odometerKm: 40_000,
        settlement: {},
        totalCents: 0,
      });

    // Someone who erased the account while a one-year lease runs.
    const leaver = await buildTenant(t.app, db(), { now: start });
    ids.erasedLease = await placeOrder(t.app, leaver.employee.accessToken, offer);
    await settleOrder(db(), ids.erasedLease, {
      status: 'LEASING_ACTIVE',
      at: start,
      signed: true,
      handoverDate: isoDate(start),
    });
    await setTerm(ids.erasedLease, 12);
    const [leaverRow] = await db().select().from(users).where(eq(users.email, leaver.employee.email));
    ids.erasedUser = leaverRow!.id;
    await eraseAccount(t.app.orderDeps, ids.erasedUser, { requestId: 'retention-test' });

    // Two registrations never confirmed; one of them gets a fresh invitation later.
    const [stale, reinvited] = await db()
      .insert(users)
      .values(
        ['nie.bestaetigt@example.com', 'neu.eingeladen@example.com'].map((email) => ({
          tenantId: tenant.tenantId,
          email,
          passwordHash: null,
          role: 'EMPLOYEE' as const,
          firstName: 'Nie',
          lastName: 'Bestätigt',
          createdAt: start,
        })),
      )
      .returning({ id: users.id });
    ids.stale = stale!.id;
    ids.reinvited = reinvited!.id;
    await db()
      .insert(oneTimeCodes)
      .values([
        code(ids.stale, 'EMAIL_CONFIRM', start, 48 * 3600_000),
        code(ids.customer, 'PASSWORD_RESET', start, 3600_000, start),
        code(ids.customer, 'EMAIL_CHANGE', start, 3600_000),
        code(ids.customer, 'INVITE', start, 7 * DAY),
      ]);
    await db()
      .insert(outbox)
      .values([mail('KEPT', start), mail('PENDING', start)]);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  /** The package's term in the frozen order terms (the lease end follows from it). */
  async function setTerm(orderId: number, durationMonths: number) {
    const [row] = await db().select({ terms: orders.terms }).from(orders).where(eq(orders.id, orderId));
    const terms = row!.terms as { leasePackage: Record<string, unknown> };
    await db()
      .update(orders)
      .set({ terms: { ...terms, leasePackage: { ...terms.leasePackage, durationMonths } } })
      .where(eq(orders.id, orderId));
  }
  function code(
    userId: string,
    purpose: 'EMAIL_CONFIRM' | 'PASSWORD_RESET' | 'EMAIL_CHANGE' | 'INVITE',
    created: Date,
    lifeMs: number,
    usedAt?: Date,
  ) {
    return {
      userId,
      purpose,
      codeHash: `${purpose}-${userId}-${created.getTime()}`,
      newEmail: purpose === 'EMAIL_CHANGE' ? 'neue.adresse@example.com' : null,
      createdAt: created,
      expiresAt: new Date(created.getTime() + lifeMs),
      usedAt: usedAt ?? null,
    };
  }
  /** A mail the worker is done with, or one it still retries (not due again before the test ends). */
  function mail(status: 'KEPT' | 'PENDING', created: Date) {
    return {
      kind: 'TEST',
      recipient: 'jemand@example.com',
      subject: `Testmail ${status}`,
      textBody: 'Hallo',
      htmlBody: '<p>Hallo</p>',
      createdAt: created,
      nextAttemptAt: status === 'PENDING' ? new Date(created.getTime() + 100 * 365 * DAY) : created,
      status,
    };
  }
  const only = (counts: Partial<RetentionCounts>): RetentionCounts => ({
    spentCodes: 0,
    spentMfaChallenges: 0,
    endedSessions: 0,
    expiredIdempotencyKeys: 0,
    handledMails: 0,
    unconfirmedAccounts: 0,
    abandonedOrders: 0,
    declinedOrders: 0,
    endedLeases: 0,
    erasedAccounts: 0,
    ...counts,
  });

  it('after a day removes spent codes and challenges, keeps everything still in its period', async () => {
    at(DAY);
    const counts = await run();
    expect(counts.spentCodes).toBeGreaterThanOrEqual(2);
    expect(counts.spentMfaChallenges).toBeGreaterThanOrEqual(1);
    expect(counts).toMatchObject({ endedSessions: 0, handledMails: 0, unconfirmedAccounts: 0, abandonedOrders: 0 });
    const purposes = (await db().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, ids.customer))).map(
      (c) => c.purpose,
    );
    expect(purposes).toEqual(['INVITE']);
    expect(await db().select().from(mfaChallenges)).toEqual([]);
    expect(await userExists(ids.stale)).toBe(true);
    // Idempotent: the next run finds nothing.
    expect(await run()).toEqual(only({}));
  });

  it('removes idempotency keys once past their 24 hours, keeps their orders', async () => {
    const keys = () => db().select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, ids.customer));
    const [key] = await keys();
    expect(key?.answer).toEqual({ orderId: ids.open });
    t.clock.set(new Date(key!.createdAt.getTime() + DAY));
    expect((await run()).expiredIdempotencyKeys).toBe(0);
    expect(await keys()).toHaveLength(1);
    t.clock.set(new Date(key!.createdAt.getTime() + DAY + 1));
    expect(await run()).toEqual(only({ expiredIdempotencyKeys: 1 }));
    expect(await keys()).toEqual([]);
    expect(await orderExists(ids.open)).toBe(true);
  });

  it('after 31 days removes unconfirmed accounts, ended sessions and old mails', async () => {
    // A fresh invitation (a live link) protects an old unconfirmed claim.
    await db()
      .insert(oneTimeCodes)
      .values(code(ids.reinvited, 'INVITE', new Date(start.getTime() + 30 * DAY), 7 * DAY));
    at(31 * DAY);
    const fresh = await loginAs(t.app);
    const counts = await run();
    expect(counts).toMatchObject({ unconfirmedAccounts: 1, handledMails: expect.any(Number) });
    expect(counts.endedSessions).toBeGreaterThanOrEqual(3);
    expect(await userExists(ids.stale)).toBe(false);
    expect(await userExists(ids.reinvited)).toBe(true);
    expect(await userExists(ids.customer)).toBe(true);
    const tokens = await db().select().from(refreshTokens);
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.every((row) => row.familyExpiresAt > t.clock.now())).toBe(true);
    expect(fresh.refreshToken).toBeTruthy();
    const subjects = (await db().select().from(outbox).where(eq(outbox.recipient, 'jemand@example.com'))).map(
      (m) => m.subject,
    );
    expect(subjects).toEqual(['Testmail PENDING']);
    expect(await orderExists(ids.abandoned)).toBe(true);
  });

  it('after 91 days removes the abandoned order, keeps signed ones', async () => {
    at(89 * DAY);
    expect((await run()).abandonedOrders).toBe(0);
    at(91 * DAY);
    expect((await run()).abandonedOrders).toBe(1);
    expect(await orderExists(ids.abandoned)).toBe(false);
    for (const id of [ids.declined, ids.lease, ids.returned, ids.open, ids.erasedLease])
      expect(await orderExists(id)).toBe(true);
  });

  it('keeps a declined order six years from the end of its year, then removes it with its documents', async () => {
    const year = berlinYear(start);
    t.clock.set(new Date(berlinYearStart(year + 7).getTime() - 60_000));
    expect((await run()).declinedOrders).toBe(0);
    t.clock.set(new Date(berlinYearStart(year + 7).getTime() + 60_000));
    expect((await run()).declinedOrders).toBe(1);
    expect(await orderExists(ids.declined)).toBe(false);
    expect(await orderExists(ids.lease)).toBe(true);
  });

  it('keeps leases ten years from the end of the year they end, then the erased account goes too', async () => {
    const erasedEnds = leaseEndYear(isoDate(start), 12)!;
    const leaseEnds = leaseEndYear(isoDate(start), 36)!;
    t.clock.set(new Date(berlinYearStart(erasedEnds + 11).getTime() - 60_000));
    expect(await run()).toEqual(only({}));
    expect(await userExists(ids.erasedUser)).toBe(true);

    t.clock.set(new Date(berlinYearStart(erasedEnds + 11).getTime() + 60_000));
    expect(await run()).toMatchObject({ endedLeases: 1, erasedAccounts: 1 });
    expect(await orderExists(ids.erasedLease)).toBe(false);
    expect(await userExists(ids.erasedUser)).toBe(false);
    expect(await orderExists(ids.lease)).toBe(true);

    // The returned lease: ten years from the end of the year of its return, not of its term.
    const returnedEnds = berlinYear(start) + 2;
    t.clock.set(new Date(berlinYearStart(returnedEnds + 11).getTime() - 60_000));
    expect(await run()).toEqual(only({}));
    t.clock.set(new Date(berlinYearStart(returnedEnds + 11).getTime() + 60_000));
    expect(await run()).toEqual(only({ endedLeases: 1 }));
    expect(await orderExists(ids.returned)).toBe(false);

    t.clock.set(new Date(berlinYearStart(leaseEnds + 11).getTime() + 60_000));
    expect(await run()).toMatchObject({ endedLeases: 1, erasedAccounts: 0 });
    const left = await db()
      .select({ id: orders.id })
      .from(orders)
      .where(inArray(orders.id, [ids.lease, ids.open]));
    // The open order is the order job's (it expires it); retention leaves unfinished business alone.
    expect(left.map((o) => o.id)).toEqual([ids.open]);
    expect(await userExists(ids.customer)).toBe(true);
  });

  it('runs as a job, once per hour however many instances there are, and logs the counts', async () => {
    const info = vi.fn();
    const log = { info, error: vi.fn() } as unknown as FastifyBaseLogger;
    const schedulers = [0, 1, 2].map(() => new JobScheduler({ db: db(), clock: t.clock, log }));
    for (const scheduler of schedulers) scheduleRetention(scheduler, { db: db(), clock: t.clock }, log);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith({ retention: only({}) }, 'retention run');
  });
});
