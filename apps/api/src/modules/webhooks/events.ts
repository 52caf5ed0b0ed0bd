import { createHash, randomUUID } from 'node:crypto';

import type { StepType, WebhookEventBody, WebhookEventData, WebhookEventType } from '@leasing/contract';
import { sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { webhookDeliveries } from '../../db/schema-webhooks.js';
import { peopleByIds } from '../account/index.js';

export interface WebhookEvent<T extends WebhookEventType> {
  tenantId: string;
  type: T;
  /** The event's `data`, or how to read it: read only when an endpoint takes the event. */
  data: WebhookEventData<T> | (() => Promise<WebhookEventData<T>>);
  /** When it happened: the body's `timestamp`, and when its delivery is first due. */
  occurredAt: Date;
  /**
   * For events that happen once per key (`payroll.month_ready`: the month): a second enqueue with
   * the same key adds nothing, and every endpoint gets the same `webhook-id` for it.
   */
  dedupeKey?: string;
}

/** The endpoints of the employer that take this event, through the migration's definer function. */
async function subscribers(tx: Database, tenantId: string, type: WebhookEventType): Promise<string[]> {
  const result = (await tx.execute(
    sql`select webhook_subscribers as id from webhook_subscribers(${tenantId}, ${type})`,
  )) as unknown as {
    rows: { id: string }[];
  };
  return result.rows.map((row) => row.id);
}

/**
 * Puts an event into the webhooks' outbox: one delivery per endpoint of the employer that takes it,
 * written with `tx`, the transaction of the change the event tells of, so the event goes out exactly
 * when the change is committed (and at least once: the worker retries). Answers how many deliveries
 * it queued. The worker picks them up within its poll interval.
 */
export async function enqueueWebhookEvent<T extends WebhookEventType>(
  tx: Database,
  event: WebhookEvent<T>,
): Promise<number> {
  const endpoints = await subscribers(tx, event.tenantId, event.type);
  if (endpoints.length === 0) return 0;
  const data = typeof event.data === 'function' ? await event.data() : event.data;
  const body: WebhookEventBody<T> = { type: event.type, timestamp: event.occurredAt.toISOString(), data };
  const messageId = event.dedupeKey
    ? `msg_${createHash('sha256').update(`${event.tenantId}|${event.type}|${event.dedupeKey}`).digest('hex').slice(0, 32)}`
    : `msg_${randomUUID().replaceAll('-', '')}`;
  const rows = endpoints.map((endpointId) => ({
    endpointId,
    tenantId: event.tenantId,
    messageId,
    eventType: event.type,
    body: JSON.stringify(body),
    dedupeKey: event.dedupeKey ?? null,
    nextAttemptAt: event.occurredAt,
    createdAt: event.occurredAt,
  }));
  // Added, never read back: whoever causes the event may add its employer's deliveries, not see them.
  // A once-per-key event comes from the platform's job, which may read what it added.
  if (event.dedupeKey)
    return (
      await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing().returning({ id: webhookDeliveries.id })
    ).length;
  await tx.insert(webhookDeliveries).values(rows);
  return rows.length;
}

/**
 * The person fields of an event: the person's id and personnel number (`employeeId`, the API's name
 * for it), read through account's face in the caller's transaction. No name, no address.
 */
export async function webhookPerson(
  tx: Database,
  userId: string,
): Promise<{ personId: string; employeeId: string | null }> {
  const person = (await peopleByIds(tx, [userId])).get(userId);
  return { personId: userId, employeeId: person?.employeeId ?? null };
}

/** Which event an order's step tells of, if any: from the step it stood in to the one it moves to. */
export function orderEventOf(
  from: StepType,
  to: StepType,
): 'order.signed' | 'order.approved' | 'order.cancelled' | 'lease.started' | null {
  if (from === 'NECT_SIGN' && to === 'TENANT_ADMIN_CLICK_CONFIRM') return 'order.signed';
  if (from === 'TENANT_ADMIN_CLICK_CONFIRM' && to === 'ADMIN_CONFIRM') return 'order.approved';
  if (to === 'CANCELLED_BY_EMPLOYEE') return 'order.cancelled';
  // The handover completes the final step itself (orders' steps.ts).
  if (from === 'LEASING_ACTIVE' && to === 'LEASING_ACTIVE') return 'lease.started';
  return null;
}

/**
 * The webhook of an order's step, in the step's transaction (orders' `commitTransition`, which every
 * mover passes: HR's click and the programme's approval, the signature by callback or by the
 * employee's step, the cancellation, the handover). Nothing for the other steps.
 */
export async function enqueueOrderWebhook(
  tx: Database,
  step: {
    order: { id: number; tenantId: string; userId: string };
    from: StepType;
    to: StepType;
    at: Date;
    handoverDate?: string | null;
  },
): Promise<number> {
  const type = orderEventOf(step.from, step.to);
  if (!type) return 0;
  const { order } = step;
  const person = () => webhookPerson(tx, order.userId);
  if (type === 'lease.started')
    return enqueueWebhookEvent(tx, {
      tenantId: order.tenantId,
      type,
      occurredAt: step.at,
      data: async () => ({ orderId: order.id, ...(await person()), handoverDate: step.handoverDate ?? '' }),
    });
  return enqueueWebhookEvent(tx, {
    tenantId: order.tenantId,
    type,
    occurredAt: step.at,
    data: async () => ({ orderId: order.id, ...(await person()) }),
  });
}
