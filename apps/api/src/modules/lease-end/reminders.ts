import { carName } from '@leasing/contract';
import type { Database } from '../../db/client.js';
import { leaseReminders } from '../../db/schema-lease-end.js';
import { runAsSystem } from '../../db/scope.js';
import { inBatches, type BatchOptions } from '../../lib/batches.js';
import type { JobScheduler } from '../../lib/scheduled-jobs.js';
import type { LeaseEndEvent, MailRecipient, MailTemplate } from '../mail/index.js';
import { enqueueMails } from '../mail/index.js';
import type { OrderDeps, OrderTerms } from '../orders/index.js';
import { admins } from '../orders/index.js';
import { endOf, NEXT_CAR_MONTHS, RETURN_APPOINTMENT_MONTHS } from './lease-info.js';
import type { ActiveLease } from './licence-checks.js';
import { batchContext, replacedLeases, runningLeases, type BatchContext, type LeaseKey } from './reminder-context.js';
import { berlinToday } from './returns.js';
import { addDays, addMonths, LICENCE_REMINDER_DAYS } from './settlement.js';

type ReminderKind = (typeof leaseReminders.$inferInsert)['kind'];

type Recipient = MailRecipient & { firstName: string };

/** A reminder due for a lease, and the mails it sends once claimed (none: it only stands in). */
interface DueReminder {
  orderId: number;
  kind: ReminderKind;
  forDate: string;
  mails: { recipient: Recipient; template: MailTemplate }[];
  /** Claimed only so that it is not sent late: a 14-day reminder whose due date has come. */
  standsIn?: boolean;
}

/**
 * The reminders before a lease's end, in each recipient's language: the next car six months ahead
 * (the employee), the return appointment three months ahead while none is set (the provider's
 * admins), the driving-licence check 14 days before it is due and on the due date (the employee).
 * Written to catch up: a reminder whose day passed while no run happened goes out with the next run.
 * Walks the running leases, then the replaced ones whose car is still out (the return appointment
 * only), in batches by employer and order id (decision 0043), reading each batch's people,
 * appointments and licence checks in a few queries. Returns how many reminders were sent.
 */
export async function runLeaseReminders(deps: OrderDeps, options: BatchOptions = {}): Promise<number> {
  return runAsSystem(async () => {
    const now = deps.clock.now();
    const today = berlinToday(now);
    const walk = (next: typeof runningLeases, replaced: boolean) =>
      inBatches(
        {
          next: (after: LeaseKey | null, limit: number) => next(deps.db, { after, limit }),
          keyOf: (lease) => ({ tenantId: lease.tenantId, id: lease.id }),
          handle: async (batch) => {
            const context = await batchContext(deps.db, batch, today);
            const providerAdmins = await admins(deps.db, 'PROVIDER_ADMIN', null);
            const due = batch.flatMap((lease) =>
              dueReminders(deps, lease, { ...context, providerAdmins, replaced }, today),
            );
            const sent = await deps.db.transaction((tx) => claimAndSend(tx, due, now));
            // The batch's mails are committed: the worker may send them while the pass goes on.
            if (sent > 0) deps.mailSent();
            return sent;
          },
        },
        options,
      );
    // A replaced lease (its follow-up car handed over) still has a car to bring back: only the return
    // appointment is asked for; the next car is there and the licence check goes with the newest lease.
    return (await walk(runningLeases, false)) + (await walk(replacedLeases, true));
  });
}

/**
 * Claims a batch's reminders (order, kind, the date each is for) and queues the mails of those it
 * won, in the caller's transaction: whichever run claims a reminder first sends it, every later run
 * finds it claimed (a run that meets a claim not yet committed waits for it). So a reminder goes out
 * once even if two runs overlap or a run repeats after a crash. Returns how many that send mail were won.
 */
async function claimAndSend(tx: Database, due: readonly DueReminder[], now: Date): Promise<number> {
  const won = new Set<string>();
  // Four parameters a claim; 5,000 claims a statement stay well inside PostgreSQL's 65,535.
  for (let i = 0; i < due.length; i += 5_000) {
    const claimed = await tx
      .insert(leaseReminders)
      .values(
        due.slice(i, i + 5_000).map((r) => ({ orderId: r.orderId, kind: r.kind, forDate: r.forDate, sentAt: now })),
      )
      .onConflictDoNothing()
      .returning({ orderId: leaseReminders.orderId, kind: leaseReminders.kind, forDate: leaseReminders.forDate });
    for (const r of claimed) won.add(`${r.orderId} ${r.kind} ${r.forDate}`);
  }
  const sending = due.filter((r) => won.has(`${r.orderId} ${r.kind} ${r.forDate}`) && !r.standsIn);
  await enqueueMails(
    tx,
    sending.flatMap((r) => r.mails),
    now,
  );
  return sending.length;
}

/** What is due for one lease today, each with its mails (each kind and date goes out once, ever). */
function dueReminders(
  deps: OrderDeps,
  lease: ActiveLease,
  context: BatchContext & { providerAdmins: Recipient[]; replaced: boolean },
  today: string,
): DueReminder[] {
  const employee = context.employees.get(lease.userId);
  const vehicle = (lease.terms as OrderTerms).vehicle;
  const car = carName(vehicle);
  const link = `${deps.publicUrl}/order/${lease.id}/workflow`;
  const toEmployee = (event: LeaseEndEvent) =>
    employee
      ? [
          {
            recipient: employee,
            template: { kind: 'LEASE_END' as const, firstName: employee.firstName, orderId: lease.id, link, event },
          },
        ]
      : [];
  const due: DueReminder[] = [];
  const add = (kind: ReminderKind, forDate: string, mails: DueReminder['mails'], standsIn = false) =>
    due.push({ orderId: lease.id, kind, forDate, mails, ...(standsIn ? { standsIn } : {}) });
  const endsOn = endOf(lease);
  if (endsOn && !context.replaced && today >= addMonths(endsOn, -NEXT_CAR_MONTHS) && today <= endsOn) {
    add('NEXT_CAR', endsOn, toEmployee({ type: 'NEXT_CAR', car, endsOn }));
  }
  if (
    endsOn &&
    today >= addMonths(endsOn, -RETURN_APPOINTMENT_MONTHS) &&
    today <= endsOn &&
    !context.appointments.has(lease.id)
  ) {
    const event = { type: 'RETURN_DUE' as const, car, endsOn };
    const providerLink = `${deps.publicUrl}/provider/orders`;
    add(
      'RETURN_APPOINTMENT',
      endsOn,
      context.providerAdmins.map((admin) => ({
        recipient: admin,
        template: { kind: 'LEASE_END', firstName: admin.firstName, orderId: lease.id, link: providerLink, event },
      })),
    );
  }
  const check = context.replaced ? undefined : context.checks.get(lease.id);
  if (check && today >= check.dueOn) {
    // The due-date reminder stands in for a 14-day one that never went out.
    add('LICENCE_SOON', check.dueOn, [], true);
    add('LICENCE_DUE', check.dueOn, toEmployee({ type: 'LICENCE_CHECK', dueOn: check.dueOn, dueToday: true }));
  } else if (check && today >= addDays(check.dueOn, -LICENCE_REMINDER_DAYS)) {
    add('LICENCE_SOON', check.dueOn, toEmployee({ type: 'LICENCE_CHECK', dueOn: check.dueOn, dueToday: false }));
  }
  return due;
}

/** Hourly, once per slot across instances (lib/scheduled-jobs.ts). */
export const LEASE_REMINDERS_JOB = 'lease-end.reminders';
export const LEASE_REMINDERS_INTERVAL_MS = 3_600_000;

export function scheduleLeaseReminders(scheduler: JobScheduler, deps: OrderDeps): void {
  scheduler.every(LEASE_REMINDERS_JOB, LEASE_REMINDERS_INTERVAL_MS, (signal) => runLeaseReminders(deps, { signal }));
}
