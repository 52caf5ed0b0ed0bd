import { carName, ProviderOrdersQuerySchema } from '@leasing/contract';
import type {
  DeliveryWindowRequest,
  Order,
  OrderTimelineEvent,
  PipelineStatus,
  ProviderOrdersPage,
  ProviderOrdersQuery,
  StepType,
} from '@leasing/contract';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderPersonStartsWith } from '../../db/person-search.js';
import { auditLog, orders, users, userSteps } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { enqueueMail } from '../mail/index.js';
import type { OrderDeps, OrderTerms } from '../orders/index.js';
import {
  adminSummaries,
  countedNewestFirstPage,
  getOrder,
  orderNumberOf,
  stepById,
  unsuccessfulCasesOf,
} from '../orders/index.js';
import { startOfBerlinDay } from '../../lib/berlin-dates.js';
import { requireProvider, type ProviderActor, type ProviderCtx } from './deps.js';
import { CLOSED_STATUSES } from './tenants.js';

/** The steps of each pipeline status (DELIVERY and ACTIVE split LEASING_ACTIVE by the handover). */
export const STEPS_OF_STATUS: Record<PipelineStatus, StepType[]> = {
  EMPLOYEE_STEPS: ['CONFIRM_SUMMARY', 'PREVIEW_CONTRACT', 'NECT_DRIVERS_LICENCE', 'NECT_SIGN'],
  EMPLOYER_APPROVAL: ['TENANT_ADMIN_CLICK_CONFIRM'],
  ORDERING: ['ADMIN_CONFIRM'],
  DELIVERY: ['LEASING_ACTIVE'],
  // A lease whose conversion a follow-up ended stays here until its car is back (ADR 0040).
  ACTIVE: ['LEASING_ACTIVE', 'CONVERSION_ENDED'],
  CLOSED: CLOSED_STATUSES as StepType[],
};

export function pipelineStatusOf(status: string, handoverDate: string | null): PipelineStatus {
  if (status === 'LEASING_ACTIVE') return handoverDate ? 'ACTIVE' : 'DELIVERY';
  const found = (Object.keys(STEPS_OF_STATUS) as PipelineStatus[]).find((s) =>
    STEPS_OF_STATUS[s].includes(status as StepType),
  );
  return found ?? 'CLOSED';
}

function conditionOf(status: PipelineStatus): SQL | undefined {
  const steps = inArray(orders.status, STEPS_OF_STATUS[status]);
  if (status === 'DELIVERY') return and(steps, isNull(orders.handoverDate));
  if (status === 'ACTIVE') return and(steps, isNotNull(orders.handoverDate));
  return steps;
}

/** `GET /v1/provider/orders`: filtered, searched and paged in the database, newest first. */
export async function providerOrders(
  deps: OrderDeps,
  actor: ProviderActor,
  input: ProviderOrdersQuery,
): Promise<ProviderOrdersPage> {
  requireProvider(actor);
  const query = ProviderOrdersQuerySchema.parse(input);
  const where = pipelineFilter(query);
  const { counted: total, rows } = await countedNewestFirstPage(
    {
      count: async () => Number((await pipelineCount(deps.db, where))[0]?.n ?? 0),
      totalOf: (n) => n,
    },
    (bounds) => adminSummaries(deps.db, where, bounds, deps.clock.now()),
    query,
    // The provider sees every order: the filter alone names the list.
    `pipeline:${JSON.stringify([query.tenantId, query.status, query.step, query.from, query.to, query.q])}`,
  );
  return {
    items: rows.map(({ handoverDate, deliveryWindowFrom, deliveryWindowTo, ...summary }) => ({
      ...summary,
      pipelineStatus: pipelineStatusOf(summary.status, handoverDate),
      deliveryWindow:
        deliveryWindowFrom && deliveryWindowTo ? { from: deliveryWindowFrom, to: deliveryWindowTo } : null,
      handoverDate,
    })),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The pipeline's conditions. */
export function pipelineFilter(query: ProviderOrdersQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.tenantId) conditions.push(eq(orders.tenantId, query.tenantId));
  if (query.status) conditions.push(conditionOf(query.status));
  if (query.step) conditions.push(eq(orders.status, query.step));
  if (query.from) conditions.push(gte(orders.createdAt, startOfBerlinDay(query.from)));
  if (query.to) conditions.push(lt(orders.createdAt, startOfBerlinDay(query.to, 1)));
  const orderNumber = orderNumberOf(query.q);
  if (orderNumber !== null) conditions.push(eq(orders.id, orderNumber));
  else if (query.q) conditions.push(orderPersonStartsWith(query.q, { employeeId: false }));
  return and(...conditions);
}

/** How many orders match (also EXPLAINed at size). */
export function pipelineCount(db: Database, where: SQL | undefined) {
  return db.select({ n: count() }).from(orders).where(where);
}

const ROLE_LABEL: Record<string, string> = {
  EMPLOYEE: 'Beschäftigte(r)',
  TENANT_ADMIN: 'Arbeitgeber',
  PROVIDER_ADMIN: 'Anbieter',
};

/** How an unsuccessful provider case ended (the case table also knows open and successful ones). */
const ENDED_WITHOUT_SUCCESS = ['FAILED', 'CANCELLED', 'EXPIRED'] as const;
const endedWithoutSuccess = (status: string): status is (typeof ENDED_WITHOUT_SUCCESS)[number] =>
  (ENDED_WITHOUT_SUCCESS as readonly string[]).includes(status);

/**
 * `GET /v1/provider/orders/{id}/timeline`: every status record of the order (who made the step
 * current or completed it, when), every change of the delivery window and every attempt at the
 * licence check or the signature that ended without success (the employee's, so no actor), oldest first.
 */
export async function orderTimeline(
  deps: OrderDeps,
  actor: ProviderActor,
  orderId: number,
): Promise<OrderTimelineEvent[]> {
  requireProvider(actor);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Bestellung nicht gefunden');
  const records = await deps.db
    .select()
    .from(userSteps)
    .where(eq(userSteps.orderId, orderId))
    .orderBy(asc(userSteps.seq));
  const windowChanges = await deps.db
    .select({ at: auditLog.at, actorUserId: auditLog.actorUserId })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.subjectType, 'order'),
        eq(auditLog.subjectId, String(orderId)),
        eq(auditLog.action, 'order.delivery_window.set'),
      ),
    )
    .orderBy(asc(auditLog.id));
  const attempts = await unsuccessfulCasesOf(deps.db, orderId);
  const actorIds = [...records.map((r) => r.actorUserId), ...windowChanges.map((w) => w.actorUserId)].filter(
    (id): id is string => id !== null,
  );
  const people =
    actorIds.length === 0
      ? []
      : await deps.db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
          .from(users)
          .where(inArray(users.id, [...new Set(actorIds)]));
  const actorOf = (id: string | null) => {
    const person = id ? people.find((p) => p.id === id) : undefined;
    return person
      ? { name: `${person.firstName} ${person.lastName}`, role: ROLE_LABEL[person.role] ?? person.role }
      : null;
  };
  const window =
    order.deliveryWindowFrom && order.deliveryWindowTo
      ? { from: order.deliveryWindowFrom, to: order.deliveryWindowTo }
      : null;
  const events: OrderTimelineEvent[] = [
    ...records.map((r) => ({
      at: r.modified.toISOString(),
      kind: 'STEP' as const,
      stepType: (stepById(r.stepId)?.stepType ?? null) as StepType | null,
      outcome: r.status ?? ('CURRENT' as const),
      actor: actorOf(r.actorUserId),
      deliveryWindow: null,
      attempt: null,
    })),
    ...windowChanges.map((w, index) => ({
      at: w.at.toISOString(),
      kind: 'DELIVERY_WINDOW' as const,
      stepType: null,
      outcome: null,
      actor: actorOf(w.actorUserId),
      // The audit keeps field names, never values: only the latest window is known.
      deliveryWindow: index === windowChanges.length - 1 ? window : null,
      attempt: null,
    })),
    ...attempts.flatMap(({ kind, status, failureMessage, updatedAt }) =>
      endedWithoutSuccess(status)
        ? [
            {
              at: updatedAt.toISOString(),
              kind: 'ATTEMPT' as const,
              stepType: (kind === 'IDENT' ? 'NECT_DRIVERS_LICENCE' : 'NECT_SIGN') as StepType,
              outcome: null,
              actor: null,
              deliveryWindow: null,
              attempt: { kind, status, message: failureMessage },
            },
          ]
        : [],
    ),
  ];
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * `PUT /v1/provider/orders/{id}/delivery-window`: the expected delivery window. The employee sees it
 * on the order and gets a mail whenever it changes. Only for orders on their way (approved by the
 * employer or later, not yet handed over).
 */
export async function setDeliveryWindow(
  deps: OrderDeps,
  actor: ProviderActor,
  orderId: number,
  input: DeliveryWindowRequest,
  ctx: ProviderCtx,
): Promise<Order> {
  requireProvider(actor);
  const now = deps.clock.now();
  const changed = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw notFound('Bestellung nicht gefunden');
    const status = pipelineStatusOf(order.status, order.handoverDate);
    if (status === 'CLOSED' || status === 'ACTIVE' || status === 'EMPLOYEE_STEPS')
      throw conflict('Ein Lieferfenster gibt es nur für unterschriebene Bestellungen vor der Übergabe.');
    if (order.deliveryWindowFrom === input.from && order.deliveryWindowTo === input.to) return false;
    await tx
      .update(orders)
      .set({ deliveryWindowFrom: input.from, deliveryWindowTo: input.to })
      .where(eq(orders.id, orderId));
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.delivery_window.set',
      subjectType: 'order',
      subjectId: String(orderId),
      fields: ['deliveryWindowFrom', 'deliveryWindowTo'],
      requestId: ctx.requestId,
      at: now,
    });
    const [employee] = await tx
      .select({ email: users.email, firstName: users.firstName, language: users.language })
      .from(users)
      .where(eq(users.id, order.userId));
    const car = (order.terms as OrderTerms).vehicle;
    if (employee) {
      await enqueueMail(
        tx,
        employee,
        {
          kind: 'ORDER_UPDATE',
          firstName: employee.firstName,
          orderId,
          event: { type: 'DELIVERY_WINDOW', car: carName(car), from: input.from, to: input.to },
          link: `${deps.publicUrl}/order/${orderId}/preview`,
        },
        now,
      );
    }
    return true;
  });
  if (changed) deps.mailSent();
  return getOrder(deps, actor, orderId);
}
