import type { LicenceCheckRow } from '@leasing/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { identCases, orders, users } from '../../db/schema.js';
import { JobScheduler } from '../../lib/scheduled-jobs.js';
import { DEMO_ACCOUNTS } from '../demo/accounts.js';
import { createTestApp, databaseTargets, type TestApp } from '../../test-support/harness.js';
import { mailbox } from '../../test-support/mailbox.js';
import { pickOffer, placeOrder, walkToRunningLease } from '../../test-support/order-fixtures.js';
import { caller, tokensOfDemoRoles } from '../../test-support/provider.js';
import type { OrderTerms } from '../orders/snapshot.js';
import { LEASE_REMINDERS_INTERVAL_MS, LEASE_REMINDERS_JOB, runLeaseReminders } from './reminders.js';
import { berlinToday } from './returns.js';
import { addDays, addMonths } from './settlement.js';

const DAY = 24 * 3600_000;

describe.each(databaseTargets())('lease-end reminders on %s', (target) => {
  let t: TestApp;
  let orderId: number;
  let dueOn: string;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    t = await createTestApp(target);
    const tokens = await tokensOfDemoRoles(t.app);
    const db = t.app.orderDeps.db;
    const today = berlinToday(t.clock.now());
    orderId = await placeOrder(t.app, tokens.employee, await pickOffer(t.app, tokens.employee));
    await handOver(orderId);
    // Identified so that the licence check falls due in five days.
    const identified = new Date(`${addMonths(addDays(today, 5), -6)}T10:00:00Z`);
    await db.insert(identCases).values({
      orderId,
      stepId: 3,
      kind: 'IDENT',
      providerCaseId: `reminder-${target}-${orderId}`,
      status: 'SUCCEEDED',
      createdAt: identified,
      updatedAt: identified,
    });
    const rows = await caller(t.app)<LicenceCheckRow[]>('GET', '/v1/tenant/licence-checks', tokens.tenantAdmin);
    dueOn = rows.body.find((r) => r.orderId === orderId)?.dueOn ?? '';
    expect(rows.body.find((r) => r.orderId === orderId)?.status).toBe('DUE');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Walks an order to "Leasing aktiv", handed over so that the lease ends in about two months. */
  async function handOver(id: number): Promise<void> {
    const db = t.app.orderDeps.db;
    const today = berlinToday(t.clock.now());
    const [placed] = await db.select().from(orders).where(eq(orders.id, id));
    const months = (placed?.terms as OrderTerms).leasePackage.durationMonths;
    // Ends in about two months (within three, so within six too).
    await walkToRunningLease(db, id, addMonths(today, 2 - months), t.clock.now());
  }

  const count = async (to: string, subject: string) =>
    (await mailbox(t.app)).filter((m) => m.to === to && m.subject.includes(subject)).length;

  it('sends each reminder once, however many instances run the job', async () => {
    const instances = [0, 1].map(() => new JobScheduler({ db: t.runtime.database.db, clock: t.clock, log }));
    const outcomes = await Promise.all(
      instances.map((s) =>
        s.runSlot(LEASE_REMINDERS_JOB, LEASE_REMINDERS_INTERVAL_MS, () => runLeaseReminders(t.app.orderDeps)),
      ),
    );
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(await count(DEMO_ACCOUNTS.employee, `Bestellung ${orderId}: Ihr nächstes E-Auto`)).toBe(1);
    expect(await count(DEMO_ACCOUNTS.employee, `Bestellung ${orderId}: Führerscheinprüfung bald fällig`)).toBe(1);
    expect(await count(DEMO_ACCOUNTS.providerAdmin, `Bestellung ${orderId}: Rückgabetermin vereinbaren`)).toBe(1);

    // The next slot, and a repeat of the work itself, find everything sent.
    t.clock.advance(LEASE_REMINDERS_INTERVAL_MS);
    const next = await Promise.all(
      instances.map((s) =>
        s.runSlot(LEASE_REMINDERS_JOB, LEASE_REMINDERS_INTERVAL_MS, () => runLeaseReminders(t.app.orderDeps)),
      ),
    );
    expect(next.filter((o) => o.ran)).toHaveLength(1);
    expect(await runLeaseReminders(t.app.orderDeps)).toBe(0);
    expect(await count(DEMO_ACCOUNTS.employee, `Bestellung ${orderId}: Ihr nächstes E-Auto`)).toBe(1);
  });

  it('reminds on the due date, in the person’s language', async () => {
    await t.app.orderDeps.db.update(users).set({ language: 'en' }).where(eq(users.email, DEMO_ACCOUNTS.employee));
    t.clock.set(new Date(Date.parse(`${dueOn}T09:00:00Z`)));
    const [a, b] = await Promise.all([runLeaseReminders(t.app.orderDeps), runLeaseReminders(t.app.orderDeps)]);
    expect((a ?? 0) + (b ?? 0)).toBe(1);
    expect(await count(DEMO_ACCOUNTS.employee, `Order ${orderId}: Driving-licence check due today`)).toBe(1);
    t.clock.advance(DAY);
    expect(await runLeaseReminders(t.app.orderDeps)).toBe(0);
  });

  it('asks for the return appointment of a replaced lease whose car is still out, and nothing else', async () => {
    const tokens = await tokensOfDemoRoles(t.app);
    const replaced = await placeOrder(t.app, tokens.employee, await pickOffer(t.app, tokens.employee));
    await handOver(replaced);
    // The follow-up car was handed over: the old lease's conversion ended, its return is open.
    await t.app.orderDeps.db.update(orders).set({ status: 'CONVERSION_ENDED' }).where(eq(orders.id, replaced));
    const toEmployee = async () =>
      (await mailbox(t.app)).filter((m) => m.to === DEMO_ACCOUNTS.employee).map((m) => m.subject);
    const before = await toEmployee();
    expect(await runLeaseReminders(t.app.orderDeps)).toBe(1);
    expect(await count(DEMO_ACCOUNTS.providerAdmin, `Bestellung ${replaced}: Rückgabetermin vereinbaren`)).toBe(1);
    expect(await toEmployee()).toEqual(before);
    expect(await runLeaseReminders(t.app.orderDeps)).toBe(0);
  });
});
