import {
  isRunningLease,
  type Mileage,
  type MileageForecastRow,
  type OdometerReading,
  type OdometerReadingRequest,
} from '@leasing/contract';
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { odometerPhotos, odometerReadings } from '../../db/schema-mileage.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinDate } from '../../lib/berlin-dates.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { requireProvider } from '../provider/index.js';
import { rulesOf } from '../lease-end/index.js';
import { approvedChangesOf, kilometreTermsAfter, type ApprovedPackageChange } from '../package-change/index.js';
import {
  findOrders,
  visibleOrder,
  type Actor,
  type OrderDeps,
  type OrderRow,
  type OrderTerms,
} from '../orders/index.js';
import { mileageForecast, readingRefusal } from './forecast.js';

/** Serialises the readings of one order (a transaction-scoped advisory lock: namespace, order id). */
const READINGS_LOCK = 0x6f646f; // "odo"

/** A photo as the form read it: already decoded and re-encoded (provider's `processDamagePhoto`). */
export interface OdometerPhoto {
  width: number;
  height: number;
  webp: Buffer;
}

/** The readings `where` picks, oldest first, each with its order and whether a photo came with it. */
async function readingRows(db: Database, where: SQL | undefined): Promise<(OdometerReading & { orderId: number })[]> {
  const rows = await db
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
    .where(where)
    .orderBy(asc(odometerReadings.readOn), asc(odometerReadings.readingKm));
  return rows.map((r) => ({
    id: r.id,
    orderId: r.orderId,
    readingKm: r.readingKm,
    readOn: r.readOn,
    recordedAt: r.recordedAt.toISOString(),
    hasPhoto: r.photo !== null,
  }));
}

async function readingsOf(db: Database, orderId: number): Promise<OdometerReading[]> {
  return (await readingRows(db, eq(odometerReadings.orderId, orderId))).map(({ orderId: _order, ...r }) => r);
}

/** The forecast by the lease's kilometre terms as approved package changes amended them (ADR 0058). */
function forecastOf(
  order: OrderRow & { handoverDate: string },
  readings: OdometerReading[],
  changes: readonly ApprovedPackageChange[],
): Mileage {
  return mileageForecast({
    handoverDate: order.handoverDate,
    rules: kilometreTermsAfter(rulesOf(order.terms as OrderTerms), order.handoverDate, changes),
    readings,
  });
}

const changesOf = async (db: Database, orderId: number) => (await approvedChangesOf(db, [orderId])).get(orderId) ?? [];

/**
 * `GET /v1/order/{orderId}/mileage`: the readings, the forecast and what the return would settle. The
 * employee's own lease, their employer's HR and the provider; others get 404 as for unknown ids.
 */
export async function readMileage(deps: OrderDeps, actor: Actor, orderId: number): Promise<Mileage> {
  const order = await visibleOrder(deps, actor, orderId);
  if (!isRunningLease(order)) throw conflict('Kilometerstände gibt es nur für ein laufendes Leasing.');
  return forecastOf(order, await readingsOf(deps.db, order.id), await changesOf(deps.db, order.id));
}

/** The own running lease, checked before a photo is read: another's order is a 404, HR's look a 403. */
export async function assertReadingTarget(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
): Promise<OrderRow & { handoverDate: string }> {
  const order = await visibleOrder(deps, actor, orderId);
  if (order.userId !== actor.id) throw forbidden();
  if (!isRunningLease(order)) throw conflict('Kilometerstände gibt es nur für ein laufendes Leasing.');
  return order;
}

/**
 * `POST /v1/order/{orderId}/odometer`: the employee reports the odometer of their running lease,
 * with a photo of it or without. A reading below an earlier one (or above a later one), before the
 * handover or in the future is a 400 with the field; readings of one order are checked and written
 * one at a time, the reading and its photo at once or not at all.
 */
export async function recordReading(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  reading: OdometerReadingRequest,
  photo: OdometerPhoto | null,
  ctx: { requestId: string },
): Promise<Mileage> {
  const order = await assertReadingTarget(deps, actor, orderId);
  const now = deps.clock.now();
  const readings = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${READINGS_LOCK}, ${order.id})`);
    const before = await readingsOf(tx, order.id);
    const refusal = readingRefusal(reading, {
      handoverDate: order.handoverDate,
      today: berlinDate(now),
      readings: before,
    });
    if (refusal) {
      throw new AppError('VALIDATION_FAILED', refusalText(refusal.field, refusal.message), {
        errors: [refusal],
      });
    }
    const [created] = await tx
      .insert(odometerReadings)
      .values({
        orderId: order.id,
        tenantId: order.tenantId,
        userId: order.userId,
        readingKm: reading.readingKm,
        readOn: reading.readOn,
        recordedAt: now,
      })
      .returning({ id: odometerReadings.id });
    if (!created) throw new Error('reading not stored');
    if (photo)
      await tx.insert(odometerPhotos).values({
        readingId: created.id,
        tenantId: order.tenantId,
        userId: order.userId,
        width: photo.width,
        height: photo.height,
        webp: photo.webp,
      });
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.odometer_reported',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: photo ? ['photo'] : [],
      requestId: ctx.requestId,
      at: now,
    });
    return readingsOf(tx, order.id);
  });
  return forecastOf(order, readings, await changesOf(deps.db, order.id));
}

function refusalText(field: 'readOn' | 'readingKm', message: string): string {
  if (field === 'readOn')
    return message === 'beforeHandover'
      ? 'Der Tag liegt vor der Übergabe des Fahrzeugs.'
      : 'Der Tag liegt in der Zukunft.';
  return message.startsWith('min')
    ? 'Der Kilometerstand liegt unter einem früheren Stand.'
    : 'Der Kilometerstand liegt über einem späteren Stand.';
}

/**
 * `GET /v1/provider/mileage-forecasts`: the forecasts of the pipeline page's running leases that have
 * a reading, one read of the orders and one of their readings.
 */
export async function providerForecasts(
  deps: OrderDeps,
  actor: Actor,
  orderIds: readonly number[],
): Promise<MileageForecastRow[]> {
  requireProvider(actor);
  const running = (await findOrders(deps.db, [...new Set(orderIds)])).filter(isRunningLease);
  if (running.length === 0) return [];
  const rows = await readingRows(
    deps.db,
    inArray(
      odometerReadings.orderId,
      running.map((o) => o.id),
    ),
  );
  const changes = await approvedChangesOf(
    deps.db,
    running.map((o) => o.id),
  );
  const byOrder = new Map<number, OdometerReading[]>();
  for (const { orderId, ...r } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(r);
    byOrder.set(orderId, list);
  }
  return running
    .flatMap((order) => {
      const readings = byOrder.get(order.id);
      const latest = readings?.at(-1);
      if (!readings || !latest) return [];
      const mileage = forecastOf(order, readings, changes.get(order.id) ?? []);
      return [
        {
          orderId: order.id,
          latestReadingKm: latest.readingKm,
          latestReadOn: latest.readOn,
          contractKm: mileage.contractKm,
          forecastEndKm: mileage.forecastEndKm,
          overTolerance: mileage.overTolerance,
          projectedTotalEur: mileage.projectedSettlement?.totalEur ?? null,
        },
      ];
    })
    .sort((a, b) => a.orderId - b.orderId);
}
