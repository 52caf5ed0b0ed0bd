import { carName } from '@leasing/contract';
import type { LeaseEndInfo, ReturnAppointmentRequest } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import { leaseReturns, returnAppointments } from '../../db/schema-lease-end.js';
import { orders } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { recipientOf } from '../account/index.js';
import { enqueueMail } from '../mail/index.js';
import type { Actor, OrderDeps, OrderTerms } from '../orders/index.js';
import { conversionEndedOn, isReturnable, visibleOrder } from '../orders/index.js';
import { requireProvider } from '../provider/index.js';
import { licenceRows } from './licence-checks.js';
import { berlinToday } from './returns.js';
import { addMonths, leaseEndsOn } from './settlement.js';

/** Months before the lease's end when the next car is offered, and when the return is arranged. */
export const NEXT_CAR_MONTHS = 6;
export const RETURN_APPOINTMENT_MONTHS = 3;

/** The lease's last day, or null before the handover. */
export function endOf(order: { handoverDate: string | null; terms: unknown }): string | null {
  if (!order.handoverDate) return null;
  return leaseEndsOn(order.handoverDate, (order.terms as OrderTerms).leasePackage.durationMonths);
}

/**
 * `GET /v1/order/{id}/lease-end`: what the order page shows about the lease's end (the next-car
 * banner, the return appointment, the licence check). Whoever may see the order may read it.
 */
export async function leaseEndInfo(deps: OrderDeps, actor: Actor, orderId: number): Promise<LeaseEndInfo> {
  const order = await visibleOrder(deps, actor, orderId);
  const today = berlinToday(deps.clock.now());
  const endsOn = endOf(order);
  const [appointment] = await deps.db.select().from(returnAppointments).where(eq(returnAppointments.orderId, orderId));
  const [returned] = await deps.db.select().from(leaseReturns).where(eq(leaseReturns.orderId, orderId));
  const active = order.status === 'LEASING_ACTIVE' && order.handoverDate !== null;
  const [check] = active ? await licenceRows(deps.db, [order], today) : [];
  return {
    orderId,
    endsOn,
    nextCarOffered: active && endsOn !== null && today >= addMonths(endsOn, -NEXT_CAR_MONTHS),
    appointment: appointment ? { date: appointment.date, place: appointment.place } : null,
    returnedOn: returned?.returnedOn ?? null,
    licenceCheck: check
      ? {
          lastCheckedOn: check.lastCheckedOn,
          dueOn: check.dueOn,
          status: check.status,
          lastFailureReason: check.lastFailureReason,
        }
      : null,
    conversionEndedOn: order.status === 'LEASING_ACTIVE' ? null : await conversionEndedOn(deps.db, order),
  };
}

/**
 * `PUT /v1/provider/orders/{id}/return-appointment`: the provider sets (or moves) the return
 * appointment of a running lease; the employee sees it on the order page and gets a mail.
 */
export async function setReturnAppointment(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  input: ReturnAppointmentRequest,
  ctx: { requestId: string },
): Promise<LeaseEndInfo> {
  requireProvider(actor);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Bestellung nicht gefunden');
    if (!isReturnable(order.status) || !order.handoverDate)
      throw conflict('Einen Rückgabetermin gibt es nur für ein übergebenes Fahrzeug, das noch nicht zurück ist.');
    await tx
      .insert(returnAppointments)
      .values({ orderId, date: input.date, place: input.place, setBy: actor.id, updatedAt: now })
      .onConflictDoUpdate({
        target: returnAppointments.orderId,
        set: { date: input.date, place: input.place, setBy: actor.id, updatedAt: now },
      });
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.return_appointment.set',
      subjectType: 'order',
      subjectId: String(orderId),
      fields: ['date', 'place'],
      requestId: ctx.requestId,
      at: now,
    });
    const employee = await recipientOf(tx, order.userId);
    const car = (order.terms as OrderTerms).vehicle;
    if (employee)
      await enqueueMail(
        tx,
        employee,
        {
          kind: 'LEASE_END',
          firstName: employee.firstName,
          orderId,
          link: `${deps.publicUrl}/order/${orderId}/workflow`,
          event: {
            type: 'RETURN_APPOINTMENT',
            car: carName(car),
            date: input.date,
            place: input.place,
          },
        },
        now,
      );
  });
  deps.mailSent();
  return leaseEndInfo(deps, actor, orderId);
}
