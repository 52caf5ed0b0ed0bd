import type { CancelOrderRequest, Order, OrderSettings, StepType } from '@leasing/contract';
import { carName } from '@leasing/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderDocuments, orders, orderSettings } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, forbidden } from '../../lib/errors.js';
import { cancellationDays, lastCancellationDay, mayCancel, whyNotCancellable } from './cancellation.js';
import { cancellationNoteFileName, renderCancellationNote } from './cancellation-note.js';
import type { Actor, Ctx, OrderDeps } from './deps.js';
import { mailOrderAdmins, mailOrderEmployee } from './notify.js';
import { getOrder, visibleOrder } from './read-orders.js';
import type * as repo from './repository.js';
import type { OrderTerms } from './snapshot.js';
import { cancelByEmployee } from './steps.js';
import { commitTransition } from './transition.js';

/** The order's own employee, and only they: HR and the provider see the order but cannot cancel it. */
async function ownSignedOrder(deps: OrderDeps, actor: Actor, orderId: number): Promise<repo.OrderRow> {
  const order = await visibleOrder(deps, actor, orderId);
  if (actor.role !== 'EMPLOYEE') throw forbidden();
  return order;
}

/**
 * `POST /v1/order/{orderId}/cancel`: the employee cancels within the week to cancel (ADR 0053). The
 * order ends as CANCELLED_BY_EMPLOYEE; the signed contract stays among its documents with a
 * cancellation note beside it; the employee, the employer's HR and the provider are mailed. The
 * window is checked again under the row's lock, so a waiver or the deadline in between wins.
 */
export async function cancelOrder(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  body: CancelOrderRequest,
  ctx: Ctx,
): Promise<Order> {
  const order = await ownSignedOrder(deps, actor, orderId);
  const now = deps.clock.now();
  const transition = cancelByEmployee(order.status as StepType);
  if (!mayCancel(order, now) || !transition || !order.currentUserStepId || !order.cancellableUntil)
    throw conflict(whyNotCancellable(order, now));
  const reason = body.reason && body.reason.length > 0 ? body.reason : null;
  const view = await getOrder(deps, actor, order.id);
  const note = await renderCancellationNote({
    employerName: view.tenantName,
    employeeName: `${view.employee.firstName} ${view.employee.lastName}`,
    orderId: order.id,
    terms: order.terms as OrderTerms,
    signedAt: order.signedAt ?? now,
    lastDay: lastCancellationDay(order.cancellableUntil),
    cancelledAt: now,
    reason,
  });
  const done = await commitTransition(deps, {
    order,
    expectedUserStepId: order.currentUserStepId,
    transition,
    actorUserId: actor.id,
    now,
    extra: { cancelledAt: now, cancellationReason: reason },
    claim: async (tx) => stillCancellable(tx, order.id, now),
    audit: { action: 'order.cancelled', requestId: ctx.requestId },
    alsoInTransaction: (tx) =>
      tx.insert(orderDocuments).values({
        orderId: order.id,
        name: cancellationNoteFileName(order.id),
        kind: 'CANCELLATION',
        pdf: Buffer.from(note),
        createdAt: now,
      }),
    notify: { reason },
  });
  if (!done) {
    const fresh = await visibleOrder(deps, actor, orderId);
    throw conflict(whyNotCancellable(fresh, deps.clock.now()));
  }
  return getOrder(deps, actor, order.id);
}

/** Locks the row and checks the window once more: not waived, not cancelled, not yet closed. */
async function stillCancellable(tx: Database, orderId: number, now: Date): Promise<boolean> {
  const locked = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.cancellationWaivedAt),
        isNull(orders.cancelledAt),
        gt(orders.cancellableUntil, now),
      ),
    )
    .for('update');
  return locked.length === 1;
}

/**
 * `POST /v1/order/{orderId}/waive-cancellation`: the employee gives up the rest of the window so that
 * the provider may order the car at once. One conditional update (within the window, not cancelled,
 * not waived before), audited; the employee gets a confirmation, the provider's admins the news that
 * the car can be ordered now.
 */
export async function waiveCancellation(deps: OrderDeps, actor: Actor, orderId: number, ctx: Ctx): Promise<Order> {
  const order = await ownSignedOrder(deps, actor, orderId);
  const now = deps.clock.now();
  if (!mayCancel(order, now)) throw conflict(whyNotCancellable(order, now));
  const car = carName((order.terms as OrderTerms).vehicle);
  const done = await deps.db.transaction(async (tx) => {
    const waived = await tx
      .update(orders)
      .set({ cancellationWaivedAt: now })
      .where(
        and(
          eq(orders.id, order.id),
          eq(orders.status, order.status),
          isNull(orders.cancellationWaivedAt),
          isNull(orders.cancelledAt),
          gt(orders.cancellableUntil, now),
        ),
      )
      .returning({ id: orders.id });
    if (waived.length !== 1) return false;
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.cancellation_waived',
      subjectType: 'order',
      subjectId: String(order.id),
      requestId: ctx.requestId,
      at: now,
    });
    await mailOrderEmployee(tx, deps, order, { type: 'CANCELLATION_WAIVED', car }, now);
    // The provider orders the car only now that the window is gone; before the employer's approval it waits for that.
    if (order.status === 'ADMIN_CONFIRM')
      await mailOrderAdmins(tx, deps, order, 'PROVIDER_ADMIN', { type: 'CANCELLATION_WAIVED_BY_EMPLOYEE', car }, now);
    return true;
  });
  if (!done) {
    const fresh = await visibleOrder(deps, actor, orderId);
    throw conflict(whyNotCancellable(fresh, deps.clock.now()));
  }
  deps.mailSent();
  return getOrder(deps, actor, order.id);
}

/** `GET /v1/provider/order-settings`. */
export async function readOrderSettings(deps: OrderDeps, actor: Actor): Promise<OrderSettings> {
  if (actor.role !== 'PROVIDER_ADMIN') throw forbidden();
  return { cancellationDays: await cancellationDays(deps.db) };
}

/** `PUT /v1/provider/order-settings`: applies to orders signed from now on; signed ones keep their window. */
export async function saveOrderSettings(
  deps: OrderDeps,
  actor: Actor,
  settings: OrderSettings,
  ctx: Ctx,
): Promise<OrderSettings> {
  if (actor.role !== 'PROVIDER_ADMIN') throw forbidden();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .update(orderSettings)
      .set({ cancellationDays: settings.cancellationDays, updatedBy: actor.id, updatedAt: now })
      .where(eq(orderSettings.id, 1));
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: null,
      action: 'provider.order_settings.updated',
      subjectType: 'order_settings',
      subjectId: '1',
      fields: ['cancellationDays'],
      requestId: ctx.requestId,
      at: now,
    });
  });
  return { cancellationDays: await cancellationDays(deps.db) };
}
