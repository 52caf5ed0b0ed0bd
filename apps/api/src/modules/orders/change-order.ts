import type { Order, StepActionRequest, StepType } from '@leasing/contract';
import { and, eq, isNull } from 'drizzle-orm';

import { orders } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { Actor, Ctx, OrderDeps } from './deps.js';
import { fullNameOf } from '../account/index.js';
import { formatDate } from '../contract/index.js';
import { approveAfterSignature, plansAutomaticApproval } from './auto-approval.js';
import { lastCancellationDay, signatureColumns, waitsForCancellationWindow } from './cancellation.js';
import { getOrder, visibleOrder } from './read-orders.js';
import { endReplacedLeases } from './replaced-leases.js';
import * as repo from './repository.js';
import { mayAct, stepById, stepOfType, transitionFor, UNSIGNED_STEPS, type StepAction } from './steps.js';
import { detectBreakingChange } from './system-transitions.js';
import { commitTransition } from './transition.js';

// ---------------------------------------------------------------------------------------------
// Changing orders

/** `DELETE /v1/order/{id}`: the employee's own order, only before the signature. */
export async function deleteOrder(deps: OrderDeps, actor: Actor, orderId: number, ctx: Ctx): Promise<void> {
  const order = await visibleOrder(deps, actor, orderId);
  if (actor.role !== 'EMPLOYEE') throw forbidden();
  if (order.signedAt || !isDeletableStatus(order.status))
    throw conflict('Eine unterschriebene Bestellung kann nicht gelöscht werden.');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(orders)
      .where(and(eq(orders.id, orderId), isNull(orders.signedAt)))
      .returning({ id: orders.id });
    if (deleted.length !== 1) throw conflict('Eine unterschriebene Bestellung kann nicht gelöscht werden.');
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.deleted',
      subjectType: 'order',
      subjectId: String(orderId),
      requestId: ctx.requestId,
      at: now,
    });
  });
}

function isDeletableStatus(status: string): boolean {
  return (UNSIGNED_STEPS as readonly string[]).includes(status) || status === 'EXPIRED' || status === 'BREAKING_CHANGE';
}

const BROKEN_MESSAGE =
  'Die Bestellung wurde abgebrochen, weil sich Ihre Daten oder die Angebotskonditionen geändert haben.';

function isCurrentStep(order: repo.OrderRow, stepType: StepType, userStepId: string): boolean {
  return order.currentUserStepId !== null && order.currentUserStepId === userStepId && order.status === stepType;
}

/**
 * `PUT /v1/order/{orderId}/step/{stepId}/execute|accept|decline`. Only the role the step is enabled
 * for, only on the current step with its current status record; one conditional update decides.
 */
export async function stepAction(
  deps: OrderDeps,
  actor: Actor,
  params: { orderId: number; stepId: number; action: StepAction },
  body: StepActionRequest,
  ctx: Ctx,
): Promise<Order> {
  const order = await visibleOrder(deps, actor, params.orderId);
  if (body.orderId !== params.orderId) {
    throw new AppError('VALIDATION_FAILED', 'Die Bestellnummer passt nicht.', {
      errors: [{ field: 'orderId', message: 'invalid' }],
    });
  }
  const step = stepById(params.stepId);
  if (!step) throw notFound('Schritt nicht gefunden');
  if (!mayAct(actor.role, step)) {
    deps.events.emit('authz.denied', {
      actor: actor.id,
      tenant: actor.tenantId,
      target: `order:${order.id}:step:${step.id}`,
    });
    throw forbidden();
  }
  // A request for a step that is not the current one is refused before anything else runs: a
  // refused request changes nothing, not even by triggering the system's checks.
  if (!isCurrentStep(order, step.stepType, body.userStepId)) {
    if (order.status === 'BREAKING_CHANGE') throw conflict(BROKEN_MESSAGE);
    throw conflict('Dieser Schritt ist nicht der aktuelle Schritt der Bestellung.');
  }
  const current = await detectBreakingChange(deps, order);
  if (current.status === 'BREAKING_CHANGE') throw conflict(BROKEN_MESSAGE);
  const transition = transitionFor(step.stepType, params.action);
  if (!transition) throw conflict('Diese Aktion ist in diesem Schritt nicht möglich.');
  await checkPreconditions(deps, current, step.stepType, params.action, body);
  const now = deps.clock.now();
  const extra: Partial<Pick<repo.OrderRow, repo.OrderExtra>> =
    params.action === 'decline'
      ? { declineReason: body.reason ?? null }
      : step.stepType === 'LEASING_ACTIVE'
        ? { handoverDate: body.handoverDate ?? null }
        : step.stepType === 'NECT_SIGN'
          ? await signatureColumns(deps.db, now)
          : {};
  // Completing the signature here (the employee's execute after a succeeded case) leads to the
  // programme's automatic approval like the provider's callback does.
  const automatic =
    step.stepType === 'NECT_SIGN' && transition.status === 'TENANT_ADMIN_CLICK_CONFIRM'
      ? await plansAutomaticApproval(deps, current)
      : false;
  // The employer's approval countersigns the contract (flows/approve-order.ts): the employer's
  // electronic seal over the employee-signed file, stored with the transition, so an approval always
  // has its document.
  const done =
    step.stepType === 'TENANT_ADMIN_CLICK_CONFIRM' && params.action !== 'decline'
      ? await deps.flows.approve(current, {
          expectedUserStepId: body.userStepId,
          actorUserId: actor.id,
          approverName: await approverName(deps, actor),
          at: now,
          audit: { action: `order.step.${params.action}`, fields: [step.stepType], requestId: ctx.requestId },
        })
      : await commitTransition(deps, {
          order: current,
          expectedUserStepId: body.userStepId,
          transition,
          actorUserId: actor.id,
          now,
          extra,
          audit: { action: `order.step.${params.action}`, fields: [step.stepType], requestId: ctx.requestId },
          // A follow-up car's handover ends the conversion of the person's earlier lease (ADR 0040).
          ...(step.stepType === 'LEASING_ACTIVE' && extra.handoverDate
            ? {
                alsoInTransaction: (tx) =>
                  endReplacedLeases(tx, {
                    followUp: current,
                    handoverDate: extra.handoverDate ?? '',
                    actorUserId: actor.id,
                    now,
                    requestId: ctx.requestId,
                  }),
              }
            : {}),
          notify: {
            from: step.stepType,
            reason: body.reason ?? null,
            options: automatic ? { automaticApproval: 'PLANNED' as const } : {},
          },
        });
  if (!done) throw conflict('Dieser Schritt wurde bereits bearbeitet.');
  if (automatic) await approveAfterSignature(deps, current.id);
  return getOrder(deps, actor, current.id);
}

/** The approver as the seal's appearance names them. */
async function approverName(deps: OrderDeps, actor: Actor): Promise<string> {
  const name = await fullNameOf(deps.db, actor.id);
  return name ? `Freigabe: ${name}` : 'Freigabe';
}

async function checkPreconditions(
  deps: OrderDeps,
  order: repo.OrderRow,
  stepType: StepType,
  action: StepAction,
  body: StepActionRequest,
): Promise<void> {
  if (action === 'decline') {
    // The employee is told why the employer said no: its decline needs a reason.
    if (stepType === 'TENANT_ADMIN_CLICK_CONFIRM' && (!body.reason || body.reason.trim().length === 0)) {
      throw new AppError('VALIDATION_FAILED', 'Bitte geben Sie einen Grund für die Ablehnung an.', {
        errors: [{ field: 'reason', message: 'required' }],
      });
    }
    return;
  }
  if (stepType === 'CONFIRM_SUMMARY' && body.agreed !== true) {
    throw new AppError('VALIDATION_FAILED', 'Bitte bestätigen Sie die Zusammenfassung.', {
      errors: [{ field: 'agreed', message: 'You must agree before proceeding' }],
    });
  }
  // The car is ordered from the manufacturer only once the employee's week to cancel is over or
  // waived (ADR 0053).
  if (stepType === 'ADMIN_CONFIRM' && waitsForCancellationWindow(order, deps.clock.now()) && order.cancellableUntil) {
    throw conflict(
      `Die Stornofrist des Arbeitnehmers läuft bis einschließlich ${formatDate(lastCancellationDay(order.cancellableUntil))}. Das Fahrzeug kann erst danach beim Hersteller bestellt werden, außer der Arbeitnehmer verzichtet auf die Frist.`,
    );
  }
  if (stepType === 'LEASING_ACTIVE' && !body.handoverDate) {
    throw new AppError('VALIDATION_FAILED', 'Bitte geben Sie das Übergabedatum an.', {
      errors: [{ field: 'handoverDate', message: 'required' }],
    });
  }
  if (stepType === 'NECT_DRIVERS_LICENCE' || stepType === 'NECT_SIGN') {
    const latest = await repo.latestCase(deps.db, order.id, stepOfType(stepType).id);
    if (latest?.status !== 'SUCCEEDED')
      throw conflict('Die Prüfung beim Identifikationsdienst ist noch nicht abgeschlossen.');
  }
}
