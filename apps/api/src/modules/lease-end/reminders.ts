import type { Database } from '../../db/client.js';
import { leaseReminders } from '../../db/schema-lease-end.js';
import { runAsSystem } from '../../db/scope.js';
import { inBatches, type BatchOptions } from '../../lib/batches.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import { enqueueMail } from '../mail/outbox.js';
import type { LeaseEndEvent } from '../mail/mail-types.js';
import type { OrderDeps } from '../orders/deps.js';
import { admins } from '../orders/notify.js';
import type { OrderTerms } from '../orders/snapshot.js';
import { endOf, NEXT_CAR_MONTHS, RETURN_APPOINTMENT_MONTHS } from './lease-info.js';
import type { ActiveLease } from './licence-checks.js';
import { batchContext, runningLeases, type BatchContext } from './reminder-context.js';
import { berlinToday } from './returns.js';
import { addDays, addMonths, LICENCE_REMINDER_DAYS } from './settlement.js';

type ReminderKind = (typeof leaseReminders.$inferInsert)['kind'];

/**
 * Claims one reminder (order, kind, the date it is for) and queues its mails in the same
 * transaction: whichever run claims it first sends it, every later run finds it claimed. So a
 * reminder goes out once even if two runs overlap or a run repeats after a crash.
 */
async function once(
  db: Database,
  reminder: { orderId: number; kind: ReminderKind; forDate: string; now: Date },
  send: (tx: Database) => Promise<void>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(leaseReminders)
      .values({ orderId: reminder.orderId, kind: reminder.kind, forDate: reminder.forDate, sentAt: reminder.now })
      .onConflictDoNothing()
      .returning({ orderId: leaseReminders.orderId });
    if (!claimed) return false;
    await send(tx);
    return true;
  });
}

/**
 * The reminders before a lease's end, in each recipient's language: the next car six months ahead
 * (the employee), the return appointment three months ahead while none is set (the provider's
 * admins), the driving-licence check 14 days before it is due and on the due date (the employee).
 * Written to catch up: a reminder whose day passed while no run happened goes out with the next run.
 * Walks the running leases in batches by order id (decision 0043), reading each batch's people,
 * appointments and licence checks in a few queries. Returns how many reminders were sent.
 */
export async function runLeaseReminders(deps: OrderDeps, options: BatchOptions = {}): Promise<number> {
  return runAsSystem(() => {
    const now = deps.clock.now();
    const today = berlinToday(now);
    return inBatches(
      {
        next: (after: number | null, limit: number) => runningLeases(deps.db, { after, limit }),
        keyOf: (lease) => lease.id,
        handle: async (batch) => {
          const context = await batchContext(deps.db, batch, today);
          let sent = 0;
          for (const lease of batch) sent += await remindLease(deps, lease, context, { now, today });
          // The batch's mails are committed: the worker may send them while the pass goes on.
          if (sent > 0) deps.mailSent();
          return sent;
        },
      },
      options,
    );
  });
}

/** One lease's due reminders; returns how many went out (each kind and date at most once, ever). */
async function remindLease(
  deps: OrderDeps,
  lease: ActiveLease,
  context: BatchContext,
  at: { now: Date; today: string },
): Promise<number> {
  const { now, today } = at;
  const employee = context.employees.get(lease.userId);
  const vehicle = (lease.terms as OrderTerms).vehicle;
  const car = `${vehicle.brand} ${vehicle.carModel}`;
  const link = `${deps.publicUrl}/order/${lease.id}/workflow`;
  const toEmployee = (tx: Database, event: LeaseEndEvent) =>
    employee
      ? enqueueMail(
          tx,
          employee,
          { kind: 'LEASE_END', firstName: employee.firstName, orderId: lease.id, link, event },
          now,
        )
      : Promise.resolve();
  const claim = (kind: ReminderKind, forDate: string, send: (tx: Database) => Promise<void>) =>
    once(deps.db, { orderId: lease.id, kind, forDate, now }, send);
  let sent = 0;
  const endsOn = endOf(lease);
  if (endsOn && today >= addMonths(endsOn, -NEXT_CAR_MONTHS) && today <= endsOn) {
    if (await claim('NEXT_CAR', endsOn, (tx) => toEmployee(tx, { type: 'NEXT_CAR', car, endsOn }))) sent++;
  }
  if (endsOn && today >= addMonths(endsOn, -RETURN_APPOINTMENT_MONTHS) && today <= endsOn) {
    const toAdmins = (tx: Database) => toProviderAdmins(tx, deps, { orderId: lease.id, car, endsOn, now });
    if (!context.appointments.has(lease.id) && (await claim('RETURN_APPOINTMENT', endsOn, toAdmins))) sent++;
  }
  const check = context.checks.get(lease.id);
  if (!check) return sent;
  const dueOn = check.dueOn;
  if (today >= dueOn) {
    // The due-date reminder stands in for a 14-day one that never went out.
    await claim('LICENCE_SOON', dueOn, async () => {});
    const dueToday = (tx: Database) => toEmployee(tx, { type: 'LICENCE_CHECK', dueOn, dueToday: true });
    if (await claim('LICENCE_DUE', dueOn, dueToday)) sent++;
  } else if (today >= addDays(dueOn, -LICENCE_REMINDER_DAYS)) {
    const soon = (tx: Database) => toEmployee(tx, { type: 'LICENCE_CHECK', dueOn, dueToday: false });
    if (await claim('LICENCE_SOON', dueOn, soon)) sent++;
  }
  return sent;
}

async function toProviderAdmins(
  tx: Database,
  deps: OrderDeps,
  lease: { orderId: number; car: string; endsOn: string; now: Date },
): Promise<void> {
  for (const admin of await admins(tx, 'PROVIDER_ADMIN', null)) {
    await enqueueMail(
      tx,
      admin,
      {
        kind: 'LEASE_END',
        firstName: admin.firstName,
        orderId: lease.orderId,
        link: `${deps.publicUrl}/provider/orders`,
        event: { type: 'RETURN_DUE', car: lease.car, endsOn: lease.endsOn },
      },
      lease.now,
    );
  }
}

/** Hourly, once per slot across instances (lib/scheduled-jobs.ts). */
export const LEASE_REMINDERS_JOB = 'lease-end.reminders';
export const LEASE_REMINDERS_INTERVAL_MS = 3_600_000;

export function scheduleLeaseReminders(scheduler: JobScheduler, deps: OrderDeps): void {
  scheduler.every(LEASE_REMINDERS_JOB, LEASE_REMINDERS_INTERVAL_MS, (signal) => runLeaseReminders(deps, { signal }));
}
