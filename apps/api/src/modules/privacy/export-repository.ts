import { and, asc, eq, gt, inArray, lte, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { Database } from '../../db/client.js';
import { employeeAbsences } from '../../db/schema-lease-life.js';
import { additionalDrivers } from '../../db/schema-drivers.js';
import { odometerPhotos, odometerReadings } from '../../db/schema-mileage.js';
import { scimIdentities } from '../../db/schema-scim.js';
import { ssoIdentities } from '../../db/schema-sso.js';
import { auditLog, orderDocuments, outbox, users } from '../../db/schema.js';

/**
 * The export's reads of what can grow long with the years (documents, audit entries, mails), a page
 * at a time after the last row seen (ADR 0041); and the person's absences (lease-life).
 */

/** The person's company sign-in links, oldest first. */
export function companySignInsOf(db: Database, userId: string) {
  return db
    .select({
      issuer: ssoIdentities.issuer,
      subject: ssoIdentities.subject,
      createdAt: ssoIdentities.createdAt,
      lastSignInAt: ssoIdentities.lastSignInAt,
    })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .orderBy(asc(ssoIdentities.createdAt), asc(ssoIdentities.id));
}

/** The directory's link to the person, if a directory provisions them. */
export async function directoryLinkOf(db: Database, userId: string) {
  const [row] = await db
    .select({
      externalId: scimIdentities.externalId,
      createdAt: scimIdentities.createdAt,
      updatedAt: scimIdentities.updatedAt,
    })
    .from(scimIdentities)
    .where(eq(scimIdentities.userId, userId));
  return row ?? null;
}

/** Rows per page of a long section. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * The documents of these orders after `after` (creation, then id). The cursor is the creation time
 * as the database writes it: a JavaScript date drops the microseconds. The PDFs stay out of the JSON.
 */
export async function documentsPage(
  db: Database,
  orderIds: number[],
  after: { cursor: string; id: string } | null,
  limit = EXPORT_PAGE_SIZE,
) {
  if (orderIds.length === 0) return [];
  const later = after
    ? sql`(${orderDocuments.createdAt}, ${orderDocuments.id}) > (${after.cursor}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return db
    .select({
      id: orderDocuments.id,
      orderId: orderDocuments.orderId,
      name: orderDocuments.name,
      kind: orderDocuments.kind,
      createdAt: orderDocuments.createdAt,
      cursor: sql<string>`${orderDocuments.createdAt}::text`,
    })
    .from(orderDocuments)
    .where(and(inArray(orderDocuments.orderId, orderIds), later))
    .orderBy(asc(orderDocuments.createdAt), asc(orderDocuments.id))
    .limit(limit);
}

/** The newest audit entry's id: the export lists entries up to it, not the one it writes itself. */
export async function lastAuditId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog);
  return Number(row?.id ?? 0);
}

const actors = alias(users, 'actors');

/**
 * Audit rows about a person (their account, their orders, what they did) with ids in (afterId,
 * upToId]. Needs the platform's scope (the audit log is readable by the platform only); the WHERE
 * keeps it to this person.
 */
export async function auditPage(
  db: Database,
  person: { userId: string; orderIds: number[] },
  afterId: number,
  upToId: number,
  limit = EXPORT_PAGE_SIZE,
) {
  const { userId, orderIds } = person;
  const aboutOrders =
    orderIds.length > 0
      ? and(eq(auditLog.subjectType, 'order'), inArray(auditLog.subjectId, orderIds.map(String)))
      : undefined;
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      fields: auditLog.fields,
      actorUserId: auditLog.actorUserId,
      actorRole: actors.role,
    })
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorUserId))
    .where(
      and(
        gt(auditLog.id, afterId),
        lte(auditLog.id, upToId),
        or(
          and(eq(auditLog.subjectType, 'user'), eq(auditLog.subjectId, userId)),
          eq(auditLog.actorUserId, userId),
          aboutOrders,
        ),
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(limit);
}

/** Mails to an address after outbox position `afterSeq`. Needs the platform's scope (only it reads the outbox). */
export async function mailsPage(db: Database, email: string, afterSeq: number, limit = EXPORT_PAGE_SIZE) {
  return db
    .select({
      seq: outbox.seq,
      kind: outbox.kind,
      subject: outbox.subject,
      createdAt: outbox.createdAt,
      status: outbox.status,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(and(eq(outbox.recipient, email), gt(outbox.seq, afterSeq)))
    .orderBy(asc(outbox.seq))
    .limit(limit);
}

/** The person's absences without pay as HR recorded them, oldest first. */
export async function absencesOf(db: Database, userId: string) {
  return db
    .select({
      id: employeeAbsences.id,
      type: employeeAbsences.type,
      fromDate: employeeAbsences.fromDate,
      toDate: employeeAbsences.toDate,
      recordedAt: employeeAbsences.recordedAt,
      updatedAt: employeeAbsences.updatedAt,
    })
    .from(employeeAbsences)
    .where(eq(employeeAbsences.userId, userId))
    .orderBy(asc(employeeAbsences.fromDate), asc(employeeAbsences.id));
}

/** The odometer readings the person reported, oldest first, each with whether a photo came with it. */
export async function odometerReadingsOf(db: Database, userId: string) {
  return db
    .select({
      id: odometerReadings.id,
      orderId: odometerReadings.orderId,
      readingKm: odometerReadings.readingKm,
      readOn: odometerReadings.readOn,
      recordedAt: odometerReadings.recordedAt,
      photo: odometerPhotos.readingId,
    })
    .from(odometerReadings)
    .leftJoin(odometerPhotos, eq(odometerPhotos.readingId, odometerReadings.id))
    .where(eq(odometerReadings.userId, userId))
    .orderBy(asc(odometerReadings.orderId), asc(odometerReadings.readOn), asc(odometerReadings.id));
}

/** The additional drivers the person named, removed ones included, in the order they were named. */
export async function additionalDriversOf(db: Database, userId: string) {
  return db
    .select()
    .from(additionalDrivers)
    .where(eq(additionalDrivers.userId, userId))
    .orderBy(asc(additionalDrivers.orderId), asc(additionalDrivers.addedAt), asc(additionalDrivers.id));
}
