import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { leaseReminders, returnAppointments } from '../../db/schema-lease-end.js';
import { users } from '../../db/schema.js';
import { runAsSystem } from '../../db/scope.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import { enqueueMail } from '../mail/outbox.js';
import type { LeaseEndEvent } from '../mail/mail-types.js';
import type { OrderDeps } from '../orders/deps.js';
import { admins } from '../orders/notify.js';
import type { OrderTerms } from '../orders/snapshot.js';
import { endOf, NEXT_CAR_MONTHS, RETURN_APPOINTMENT_MONTHS } from './lease-info.js';
import { activeLeases, licenceRows } from './licence-checks.js';
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
 * Returns how many reminders were sent.
 */
export async function runLeaseReminders(deps: OrderDeps): Promise<number> {
  return runAsSystem(async () => {
    const now = deps.clock.now();
    const today = berlinToday(now);
    const leases = await activeLeases(deps.db);
    const checks = new Map((await licenceRows(deps.db, leases, today)).map((r) => [r.orderId, r]));
    let sent = 0;
    for (const lease of leases) {
      const [employee] = await deps.db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, lease.userId));
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
      const endsOn = endOf(lease);
      if (endsOn && today >= addMonths(endsOn, -NEXT_CAR_MONTHS) && today <= endsOn) {
        if (
          await once(deps.db, { orderId: lease.id, kind: 'NEXT_CAR', forDate: endsOn, now }, (tx) =>
            toEmployee(tx, { type: 'NEXT_CAR', car, endsOn }),
          )
        )
          sent += 1;
      }
      if (endsOn && today >= addMonths(endsOn, -RETURN_APPOINTMENT_MONTHS) && today <= endsOn) {
        const [appointment] = await deps.db
          .select({ orderId: returnAppointments.orderId })
          .from(returnAppointments)
          .where(eq(returnAppointments.orderId, lease.id));
        if (
          !appointment &&
          (await once(deps.db, { orderId: lease.id, kind: 'RETURN_APPOINTMENT', forDate: endsOn, now }, async (tx) => {
            for (const admin of await admins(tx, 'PROVIDER_ADMIN', null)) {
              await enqueueMail(
                tx,
                admin,
                {
                  kind: 'LEASE_END',
                  firstName: admin.firstName,
                  orderId: lease.id,
                  link: `${deps.publicUrl}/provider/orders`,
                  event: { type: 'RETURN_DUE', car, endsOn },
                },
                now,
              );
            }
          }))
        )
          sent += 1;
      }
      const check = checks.get(lease.id);
      if (!check) continue;
      if (today >= check.dueOn) {
        // The due-date reminder stands in for a 14-day one that never went out.
        await once(deps.db, { orderId: lease.id, kind: 'LICENCE_SOON', forDate: check.dueOn, now }, async () => {});
        if (
          await once(deps.db, { orderId: lease.id, kind: 'LICENCE_DUE', forDate: check.dueOn, now }, (tx) =>
            toEmployee(tx, { type: 'LICENCE_CHECK', dueOn: check.dueOn, dueToday: true }),
          )
        )
          sent += 1;
      } else if (today >= addDays(check.dueOn, -LICENCE_REMINDER_DAYS)) {
        if (
          await once(deps.db, { orderId: lease.id, kind: 'LICENCE_SOON', forDate: check.dueOn, now }, (tx) =>
            toEmployee(tx, { type: 'LICENCE_CHECK', dueOn: check.dueOn, dueToday: false }),
          )
        )
          sent += 1;
      }
    }
    if (sent > 0) deps.mailSent();
    return sent;
  });
}

/** Hourly, once per slot across instances (lib/scheduled-jobs.ts). */
export const LEASE_REMINDERS_JOB = 'lease-end.reminders';
export const LEASE_REMINDERS_INTERVAL_MS = 3_600_000;

export function scheduleLeaseReminders(scheduler: JobScheduler, deps: OrderDeps): void {
  scheduler.every(LEASE_REMINDERS_JOB, LEASE_REMINDERS_INTERVAL_MS, () => runLeaseReminders(deps));
}
