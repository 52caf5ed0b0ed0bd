import {
  carName,
  ClaimReportRequestSchema,
  CLAIM_PHOTOS_MAX,
  isRunningLease,
  type Claim,
  type ClaimReportRequest,
} from '@leasing/contract';

import { claimEvents, claimPhotos, claims } from '../../db/schema-claims.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinDate } from '../../lib/berlin-dates.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import {
  mailOrderAdmins,
  mailOrderEmployee,
  openPrivate,
  visibleOrder,
  type Actor,
  type OrderDeps,
  type OrderRow,
  type OrderTerms,
} from '../orders/index.js';
import { tenantFactsOf } from '../tenants/index.js';
import { searchStart } from '../../db/person-search.js';
import { claimsOfOrder, claimsWithDetails, nextClaimNumber, type ClaimView } from './repository.js';

/** A photo as the route read it: already decoded and re-encoded (`processDamagePhoto`). */
export interface ClaimPhoto {
  width: number;
  height: number;
  webp: Buffer;
}

/** A clock a few minutes ahead of the server's is not a report from the future. */
const FUTURE_SLACK_MS = 10 * 60 * 1000;

/** The own running lease, checked before an upload is read: another's order is a 404, HR's look a 403. */
export async function assertReportTarget(deps: OrderDeps, actor: Actor, orderId: number): Promise<OrderRow> {
  const order = await visibleOrder(deps, actor, orderId);
  if (order.userId !== actor.id) throw forbidden();
  if (!isRunningLease(order)) throw conflict('Schäden melden Sie für ein laufendes Leasing nach der Übergabe.');
  return order;
}

const fieldError = (field: string, message: string, text: string) =>
  new AppError('VALIDATION_FAILED', text, { errors: [{ field, message }] });

/** The report's JSON from a multipart field: the same 400 with field errors as a JSON body would get. */
export function parseReport(raw: unknown): ClaimReportRequest {
  const parsed = ClaimReportRequestSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new AppError('VALIDATION_FAILED', 'Die Anfrage enthält ungültige Felder.', {
    errors: parsed.error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : 'claim',
      message: issue.message,
    })),
  });
}

/**
 * `POST /v1/order/{orderId}/claims`: the employee reports a damage, accident or theft of their
 * running lease with up to ten photos. Written at once or not at all: the claim, its photos, its
 * first event, the audit entry and the mails (the provider's admins, the employee's confirmation).
 */
export async function reportClaim(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  report: ClaimReportRequest,
  photos: readonly ClaimPhoto[],
  ctx: { requestId: string },
): Promise<Claim> {
  const order = await assertReportTarget(deps, actor, orderId);
  if (photos.length > CLAIM_PHOTOS_MAX)
    throw fieldError('photos', `max ${CLAIM_PHOTOS_MAX}`, `Höchstens ${CLAIM_PHOTOS_MAX} Fotos je Meldung.`);
  const now = deps.clock.now();
  const occurredAt = new Date(report.occurredAt);
  if (occurredAt.getTime() > now.getTime() + FUTURE_SLACK_MS)
    throw fieldError('occurredAt', 'future', 'Der Zeitpunkt liegt in der Zukunft.');
  if (berlinDate(occurredAt) < (order as OrderRow & { handoverDate: string }).handoverDate)
    throw fieldError('occurredAt', 'beforeHandover', 'Der Zeitpunkt liegt vor der Übergabe des Fahrzeugs.');

  const { firstName, lastName } = openPrivate(deps.cipher, order).orderUserInfo.addressDto;
  const personName = `${firstName} ${lastName}`.trim();
  const tenantName = (await tenantFactsOf(deps.db, [order.tenantId])).get(order.tenantId)?.name ?? '';
  const car = carName((order.terms as OrderTerms).vehicle);

  const row = await deps.db.transaction(async (tx) => {
    const number = await nextClaimNumber(tx, Number(berlinDate(now).slice(0, 4)));
    const [created] = await tx
      .insert(claims)
      .values({
        number,
        orderId: order.id,
        tenantId: order.tenantId,
        userId: order.userId,
        kind: report.kind,
        occurredAt,
        place: report.place,
        description: report.description,
        thirdPartyInvolved: report.thirdPartyInvolved,
        policeReportNumber: report.policeReportNumber ?? null,
        drivable: report.drivable,
        personName,
        personNameKey: searchStart(personName),
        tenantName,
        car,
        reportedAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('claim not stored');
    if (photos.length > 0)
      await tx.insert(claimPhotos).values(
        photos.map((photo, position) => ({
          claimId: created.id,
          tenantId: order.tenantId,
          userId: order.userId,
          position,
          width: photo.width,
          height: photo.height,
          webp: photo.webp,
        })),
      );
    await tx.insert(claimEvents).values({
      claimId: created.id,
      tenantId: order.tenantId,
      userId: order.userId,
      status: 'REPORTED',
      actorUserId: actor.id,
      at: now,
    });
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.claim_reported',
      subjectType: 'claim',
      subjectId: created.id,
      requestId: ctx.requestId,
      at: now,
    });
    await mailOrderAdmins(
      tx,
      deps,
      order,
      'PROVIDER_ADMIN',
      { type: 'CLAIM_REPORTED', car, claimNumber: number, employeeName: personName, kind: report.kind },
      now,
    );
    await mailOrderEmployee(
      tx,
      deps,
      order,
      {
        type: 'CLAIM_UPDATE',
        car,
        claimNumber: number,
        kind: report.kind,
        status: 'REPORTED',
        note: null,
        excessCents: null,
        excessMonth: null,
      },
      now,
    );
    return created;
  });
  deps.mailSent();
  const [claim] = await claimsWithDetails(deps.db, [row], 'FULL');
  if (!claim) throw new Error('claim not read back');
  return claim;
}

/**
 * `GET /v1/order/{orderId}/claims`: the order's claims, newest first. The employee and the provider
 * see everything; HR the number, the state and the excess (what its payroll deducts).
 */
export async function listOrderClaims(deps: OrderDeps, actor: Actor, orderId: number): Promise<Claim[]> {
  const order = await visibleOrder(deps, actor, orderId);
  const view: ClaimView = actor.role === 'TENANT_ADMIN' ? 'HR' : 'FULL';
  return claimsWithDetails(deps.db, await claimsOfOrder(deps.db, order.id), view);
}
