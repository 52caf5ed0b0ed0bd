import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, orders, outbox, users } from '../../db/schema.js';
import { oneTimeCodes } from '../../db/schema-auth.js';
import { runAsSystem } from '../../db/scope.js';
import { createTestApp, databaseTargets, loginAs, type TestApp } from '../../test-support/harness.js';
import { pickOffer, placeOrder } from '../../test-support/order-fixtures.js';
import { runLeaseReminders } from '../lease-end/reminders.js';
import { runOrderChecks } from '../orders/service.js';
import { runRetention } from '../privacy/retention.js';
import { seedScale } from './scale.js';

const DAY = 24 * 3600_000;

/** Stops a pass after its `batch`-th committed batch, as a crashed process would. */
const crashAfter = (batch: number) => (current: number) => {
  if (current === batch) throw new Error('crash');
};

/**
 * The whole-database jobs over generated data, in batches of two or three rows: each row is handled
 * exactly once, also when a pass dies midway and the next one takes over (decision 0043); a final
 * pass in one batch, the shape of the jobs before batching, finds nothing left.
 */
describe.each(databaseTargets())('scheduled jobs in batches over generated data on %s', (target) => {
  let t: TestApp;
  const db = () => t.runtime.database.db;
  const count = (query: Promise<{ n: number }[]>) => query.then((rows) => Number(rows[0]?.n ?? 0));

  beforeAll(async () => {
    t = await createTestApp(target);
    await seedScale(db(), t.app.orderDeps.cipher, { employers: 3, employees: 150, leases: 120 }, t.clock.now());
    // Orders before their signature (few in data this small): placed by the demo employee.
    const token = (await loginAs(t.app)).accessToken;
    const offer = await pickOffer(t.app, token);
    for (let i = 0; i < 5; i++) await placeOrder(t.app, token, offer);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('expires each unsigned order once, across a crash and a restart', async () => {
    // Two months on, every order still before its signature is past its time.
    t.clock.advance(60 * DAY);
    const unsigned = await runAsSystem(() =>
      db()
        .select({ id: orders.id })
        .from(orders)
        .where(inArray(orders.status, ['CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN'])),
    );
    expect(unsigned.length).toBeGreaterThanOrEqual(5);
    await expect(runOrderChecks(t.app.orderDeps, { batchSize: 2, afterBatch: crashAfter(2) })).rejects.toThrow('crash');
    const expiredAudits = () =>
      runAsSystem(() =>
        db().select({ subjectId: auditLog.subjectId }).from(auditLog).where(eq(auditLog.action, 'order.expired')),
      );
    expect(await expiredAudits()).toHaveLength(4);
    const restarted = await runOrderChecks(t.app.orderDeps, { batchSize: 2 });
    expect(restarted.expired).toBe(unsigned.length - 4);
    const audits = (await expiredAudits()).map((row) => Number(row.subjectId));
    expect(audits.sort((a, b) => a - b)).toEqual(unsigned.map((row) => row.id).sort((a, b) => a - b));
    expect(await runOrderChecks(t.app.orderDeps)).toEqual({ expired: 0, changed: 0 });
  });

  it('sends each lease-end reminder once, across a crash and a restart', async () => {
    const leaseMails = () =>
      runAsSystem(() =>
        db().select({ to: outbox.recipient, subject: outbox.subject }).from(outbox).where(eq(outbox.kind, 'LEASE_END')),
      );
    await expect(runLeaseReminders(t.app.orderDeps, { batchSize: 3, afterBatch: crashAfter(3) })).rejects.toThrow(
      'crash',
    );
    const beforeRestart = (await leaseMails()).length;
    const restarted = await runLeaseReminders(t.app.orderDeps, { batchSize: 3 });
    const mails = await leaseMails();
    expect(beforeRestart).toBeGreaterThan(0);
    expect(restarted).toBeGreaterThan(0);
    // No mail twice: each recipient has each subject (order and kind) once.
    expect(new Set(mails.map((m) => `${m.to} ${m.subject}`)).size).toBe(mails.length);
    // Nothing left that a pass in one batch would find.
    expect(await runLeaseReminders(t.app.orderDeps)).toBe(0);
    expect(await leaseMails()).toHaveLength(mails.length);
  });

  it('deletes what retention finds due once, across a crash and a restart, and keeps the rest', async () => {
    const now = t.clock.now();
    const [someone] = await runAsSystem(() =>
      db()
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.emailConfirmedAt} is not null`)
        .limit(1),
    );
    const codes = Array.from({ length: 11 }, (_, i) => ({
      userId: someone?.id ?? '',
      purpose: 'PASSWORD_RESET' as const,
      codeHash: `batch-test-${target}-${i}`,
      createdAt: new Date(now.getTime() - 3 * DAY),
      // Seven spent (expired), four live.
      expiresAt: new Date(now.getTime() + (i < 7 ? -DAY : DAY)),
    }));
    await runAsSystem(() => db().insert(oneTimeCodes).values(codes));
    const unconfirmedDue = await count(
      runAsSystem(() =>
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(
            and(
              sql`${users.emailConfirmedAt} is null`,
              sql`${users.deletedAt} is null`,
              sql`${users.createdAt} < ${new Date(now.getTime() - 30 * DAY).toISOString()}::timestamptz`,
              sql`not exists (select 1 from ${orders} where ${orders.userId} = ${users.id})`,
            ),
          ),
      ),
    );
    expect(unconfirmedDue).toBeGreaterThan(2);

    const run = (options: Parameters<typeof runRetention>[1]) =>
      runAsSystem(() => runRetention({ db: db(), clock: t.clock }, options));
    await expect(run({ batchSize: 2, afterBatch: crashAfter(3) })).rejects.toThrow('crash');
    const afterRestart = await run({ batchSize: 2 });
    const live = await count(
      runAsSystem(() =>
        db()
          .select({ n: sql<number>`count(*)::int` })
          .from(oneTimeCodes)
          .where(sql`${oneTimeCodes.codeHash} like ${`batch-test-${target}-%`}`),
      ),
    );
    expect(live).toBe(4);
    // The crashed pass deleted three batches of two spent codes; the restart the seventh.
    expect(afterRestart.spentCodes).toBe(1);
    expect(afterRestart.unconfirmedAccounts).toBe(unconfirmedDue);
    const again = await run({});
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});
