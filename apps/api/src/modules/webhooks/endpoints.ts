import { randomUUID } from 'node:crypto';

import {
  WEBHOOK_ENDPOINTS_MAX,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEndpointCreateRequest,
  type WebhookEndpointPatchRequest,
  type WebhookEventType,
} from '@leasing/contract';
import { and, asc, count, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema-webhooks.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Admin, Ctx, WebhookDeps } from './deps.js';
import { newSigningSecret, sealSecret } from './secrets.js';
import { urlRefusal } from './targets.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    status: row.status,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A URL the platform will not post to (production: https only, no inner address) is a 400 on `url`. */
function checkUrl(deps: WebhookDeps, url: string): void {
  const refusal = urlRefusal(url, deps.targets);
  if (refusal) throw new AppError('VALIDATION_FAILED', refusal, { errors: [{ field: 'url', message: refusal }] });
}

/** The employer's endpoint (another employer's is unknown here: 404). */
export async function endpointOf(db: Database, admin: Admin, id: string): Promise<EndpointRow> {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, admin.tenantId)));
  if (!row) throw notFound('Webhook nicht gefunden');
  return row;
}

function audit(tx: Database, admin: Admin, id: string, action: string, fields: string[], ctx: Ctx, at: Date) {
  return recordAudit(tx, {
    actorUserId: admin.id,
    tenantId: admin.tenantId,
    action,
    subjectType: 'webhook_endpoint',
    subjectId: id,
    fields,
    requestId: ctx.requestId,
    at,
  });
}

/** `POST /v1/tenant/webhooks`: the endpoint with its signing secret, shown this once. */
export async function createEndpoint(
  deps: WebhookDeps,
  admin: Admin,
  request: WebhookEndpointCreateRequest,
  ctx: Ctx,
): Promise<WebhookEndpointCreated> {
  checkUrl(deps, request.url);
  const now = deps.clock.now();
  // The id is made here: the secret's ciphertext is bound to it.
  const id = randomUUID();
  const secret = newSigningSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.tenantId, admin.tenantId));
    if (Number(held?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX)
      throw conflict(`Höchstens ${WEBHOOK_ENDPOINTS_MAX} Webhooks je Arbeitgeber.`);
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        id,
        tenantId: admin.tenantId,
        url: request.url,
        description: request.description || null,
        events: [...new Set(request.events)],
        ...sealSecret(deps.cipher, id, secret),
        createdBy: admin.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('webhook endpoint not stored');
    await audit(tx, admin, id, 'tenant.webhook.created', created.events, ctx, now);
    return created;
  });
  return { ...endpointView(row), secret };
}

/** `GET /v1/tenant/webhooks`: the employer's endpoints, oldest first, never a secret. */
export async function listEndpoints(deps: WebhookDeps, admin: Admin): Promise<WebhookEndpoint[]> {
  const rows = await deps.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.tenantId, admin.tenantId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
  return rows.map(endpointView);
}

/**
 * `PATCH /v1/tenant/webhooks/{id}`. `enabled: true` takes the endpoint (back) into service: a FAILING
 * one loses its mark, and its waiting deliveries are due at once with a fresh 24 hours each;
 * `enabled: false` stops every delivery to it (new events are not even queued).
 */
export async function patchEndpoint(
  deps: WebhookDeps,
  admin: Admin,
  id: string,
  request: WebhookEndpointPatchRequest,
  ctx: Ctx,
): Promise<WebhookEndpoint> {
  if (request.url !== undefined) checkUrl(deps, request.url);
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await endpointOf(tx, admin, id);
    const resumes = request.enabled === true && current.status !== 'ACTIVE';
    const status = request.enabled === undefined ? current.status : request.enabled ? 'ACTIVE' : 'DISABLED';
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({
        ...(request.url !== undefined ? { url: request.url } : {}),
        ...(request.events !== undefined ? { events: [...new Set(request.events)] } : {}),
        ...(request.description !== undefined ? { description: request.description || null } : {}),
        status,
        failingSince: status === 'FAILING' ? current.failingSince : null,
        updatedAt: now,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, admin.tenantId)))
      .returning();
    if (!changed) throw notFound('Webhook nicht gefunden');
    if (resumes)
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now, seriesStartedAt: null })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'PENDING')));
    const fields = Object.keys(request).filter((k) => request[k as keyof typeof request] !== undefined);
    await audit(tx, admin, id, 'tenant.webhook.changed', fields, ctx, now);
    return changed;
  });
  return endpointView(row);
}

/** `DELETE /v1/tenant/webhooks/{id}`: the endpoint and its delivery log are gone at once. */
export async function deleteEndpoint(deps: WebhookDeps, admin: Admin, id: string, ctx: Ctx): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, admin.tenantId)))
      .returning({ id: webhookEndpoints.id });
    if (deleted.length === 0) throw notFound('Webhook nicht gefunden');
    await audit(tx, admin, id, 'tenant.webhook.deleted', [], ctx, now);
  });
}

/**
 * `POST /v1/tenant/webhooks/{id}/secret`: a new signing secret, shown this once; the old one stops
 * signing at once (a delivery already on its way may still carry it).
 */
export async function rotateSecret(
  deps: WebhookDeps,
  admin: Admin,
  id: string,
  ctx: Ctx,
): Promise<WebhookEndpointCreated> {
  const now = deps.clock.now();
  const secret = newSigningSecret();
  const row = await deps.db.transaction(async (tx) => {
    const [changed] = await tx
      .update(webhookEndpoints)
      .set({ ...sealSecret(deps.cipher, id, secret), updatedAt: now })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.tenantId, admin.tenantId)))
      .returning();
    if (!changed) throw notFound('Webhook nicht gefunden');
    await audit(tx, admin, id, 'tenant.webhook.secret_rotated', ['secret'], ctx, now);
    return changed;
  });
  return { ...endpointView(row), secret };
}
