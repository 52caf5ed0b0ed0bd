import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookDeliveryPage,
  WebhookEventType,
} from '@leasing/contract';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

import { webhookAttempts, webhookDeliveries } from '../../db/schema-webhooks.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Admin, Ctx, WebhookDeps } from './deps.js';
import { endpointOf } from './endpoints.js';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

/** The tries a delivery shows: its latest ones (a delivery sent again many times keeps a short log). */
const ATTEMPTS_SHOWN = 20;

function attemptView(row: AttemptRow): WebhookAttempt {
  return {
    at: row.attemptedAt.toISOString(),
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    responseExcerpt: row.responseExcerpt,
    error: row.error,
  };
}

function deliveryView(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    type: row.eventType as WebhookEventType,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'PENDING' ? row.nextAttemptAt.toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    lastStatusCode: row.lastStatusCode,
    body: row.body,
    attempts: attempts.slice(-ATTEMPTS_SHOWN).map(attemptView),
  };
}

async function withAttempts(deps: WebhookDeps, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  if (rows.length === 0) return [];
  const attempts = await deps.db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.attempt));
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts)
    byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return rows.map((row) => deliveryView(row, byDelivery.get(row.id) ?? []));
}

/** `GET /v1/tenant/webhooks/{id}/deliveries`: the endpoint's log, newest first, a page at a time. */
export async function listDeliveries(
  deps: WebhookDeps,
  admin: Admin,
  endpointId: string,
  query: WebhookDeliveryListQuery,
): Promise<WebhookDeliveryPage> {
  await endpointOf(deps.db, admin, endpointId);
  const where = and(
    eq(webhookDeliveries.endpointId, endpointId),
    eq(webhookDeliveries.tenantId, admin.tenantId),
    ...(query.status ? [eq(webhookDeliveries.status, query.status)] : []),
  );
  const [total] = await deps.db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await deps.db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: await withAttempts(deps, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/**
 * `POST /v1/tenant/webhooks/{id}/deliveries/{deliveryId}/resend` ("Erneut senden"): the same body
 * under the same `webhook-id` (a receiver that has it already can drop it), due at once, with a fresh
 * 24 hours of retries. Only to an endpoint in service: a switched-off or failing one is switched on
 * first (PATCH `enabled: true`).
 */
export async function resendDelivery(
  deps: WebhookDeps,
  admin: Admin,
  endpointId: string,
  deliveryId: string,
  ctx: Ctx,
): Promise<WebhookDelivery> {
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const endpoint = await endpointOf(tx, admin, endpointId);
    if (endpoint.status !== 'ACTIVE')
      throw conflict('Der Webhook ist ausgeschaltet. Bitte schalten Sie ihn zuerst wieder ein.');
    const [changed] = await tx
      .update(webhookDeliveries)
      .set({ status: 'PENDING', nextAttemptAt: now, seriesStartedAt: null })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.endpointId, endpointId),
          eq(webhookDeliveries.tenantId, admin.tenantId),
        ),
      )
      .returning();
    if (!changed) throw notFound('Zustellung nicht gefunden');
    await recordAudit(tx, {
      actorUserId: admin.id,
      tenantId: admin.tenantId,
      action: 'tenant.webhook.resent',
      subjectType: 'webhook_delivery',
      subjectId: deliveryId,
      fields: [changed.eventType, changed.messageId],
      requestId: ctx.requestId,
      at: now,
    });
    return changed;
  });
  const [view] = await withAttempts(deps, [row]);
  if (!view) throw notFound('Zustellung nicht gefunden');
  return view;
}
