import { and, count, eq } from 'drizzle-orm';

import { leaseReturnPhotos } from '../../db/schema-lease-end.js';
import { orders } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Actor, OrderDeps } from '../orders/index.js';
import { processDamagePhoto, requireProvider } from '../provider/index.js';
import type { Upload } from '../provider/index.js';

/** Most damage photos per return. */
export const RETURN_PHOTOS_MAX = 20;

/**
 * `POST /v1/provider/orders/{id}/return/photos`: a photo of a damage at the return, under the vehicle
 * photos' rules (JPEG, PNG or WebP up to 10 MB, decoded and re-encoded, no metadata kept). Stored as
 * WebP at its own width (at most 1600 px). For a handed-over car, before or after the return
 * is recorded.
 */
/** Only the provider, only for a handed-over car: checked before the upload is read. */
export async function assertPhotoTarget(deps: OrderDeps, actor: Actor, orderId: number): Promise<{ tenantId: string }> {
  requireProvider(actor);
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound('Bestellung nicht gefunden');
  if (!order.handoverDate || !['LEASING_ACTIVE', 'CONVERSION_ENDED', 'LEASE_ENDED'].includes(order.status))
    throw conflict('Fotos von Schäden gibt es nur für ein übergebenes Fahrzeug.');
  return order;
}

export async function addReturnPhoto(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  file: Upload,
  ctx: { requestId: string },
): Promise<{ id: string; width: number; height: number }> {
  const order = await assertPhotoTarget(deps, actor, orderId);
  const photo = await processDamagePhoto(file.bytes, file.contentType);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw notFound('Bestellung nicht gefunden');
    const [n] = await tx.select({ n: count() }).from(leaseReturnPhotos).where(eq(leaseReturnPhotos.orderId, orderId));
    if (Number(n?.n ?? 0) >= RETURN_PHOTOS_MAX) throw conflict(`Höchstens ${RETURN_PHOTOS_MAX} Fotos je Rückgabe.`);
    const [row] = await tx
      .insert(leaseReturnPhotos)
      .values({
        orderId,
        width: photo.width,
        height: photo.height,
        webp: photo.webp,
        createdAt: now,
        createdBy: actor.id,
      })
      .returning({ id: leaseReturnPhotos.id, width: leaseReturnPhotos.width, height: leaseReturnPhotos.height });
    if (!row) throw new Error('photo not stored');
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.return.photo_added',
      subjectType: 'order',
      subjectId: String(orderId),
      requestId: ctx.requestId,
      at: now,
    });
    return row;
  });
}

/** `GET /v1/provider/orders/{id}/return/photos/{photoId}`: the stored WebP. */
export async function returnPhoto(deps: OrderDeps, actor: Actor, orderId: number, photoId: string): Promise<Buffer> {
  requireProvider(actor);
  const [row] = await deps.db
    .select({ webp: leaseReturnPhotos.webp })
    .from(leaseReturnPhotos)
    .where(and(eq(leaseReturnPhotos.orderId, orderId), eq(leaseReturnPhotos.id, photoId)));
  if (!row) throw notFound('Foto nicht gefunden');
  return row.webp;
}
