import {
  isRunningLease,
  type Mileage,
  type MileageForecastRow,
  type OdometerReading,
  type OdometerReadingRequest,
} from '@leasing/contract';
import { asc, eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { odometerReadings } from '../../db/schema-mileage.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinDate } from '../../lib/berlin-dates.js';
import { AppError, conflict, forbidden } from '../../lib/errors.js';
import { requireProvider } from '../provider/index.js';
import { rulesOf } from '../lease-end/index.js';
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

async function readingsOf(db: Database, orderId: number): Promise<OdometerReading[]> {
  const rows = await db
    .select()
    .from(odometerReadings)
    .where(eq(odometerReadings.orderId, orderId))
    .orderBy(asc(odometerReadings.readOn), asc(odometerReadings.readingKm));
  return rows.map((r) => ({
    id: r.id,
    readingKm: r.readingKm,
    readOn: r.readOn,
    recordedAt: r.recordedAt.toISOString(),
  }));
}

function forecastOf(order: OrderRow & { handoverDate: string }, readings: OdometerReading[]): Mileage {
  return mileageForecast({
    handoverDate: order.handoverDate,
    rules: rulesOf(order.terms as OrderTerms),
    readings,
  });
}

/**
 * `GET /v1/order/{orderId}/mileage`: the readings, the forecast and what the return would settle. The
 * employee's own lease, their employer's HR and the provider; others get 404 as for unknown ids.
 */
export async function readMileage(deps: OrderDeps, actor: Actor, orderId: number): Promise<Mileage> {
  const order = await visibleOrder(deps, actor, orderId);
  if (!isRunningLease(order)) throw conflict('Kilometerstände gibt es nur für ein laufendes Leasing.');
  return forecastOf(order, await readingsOf(deps.db, order.id));
}

/**
 * `POST /v1/order/{orderId}/odometer`: the employee reports the odometer of their running lease. A
 * reading below an earlier one (or above a later one), before the handover or in the future is a 400
 * with the field; readings of one order are checked and written one at a time.
 */
export async function recordReading(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  reading: OdometerReadingRequest,
  ctx: { requestId: string },
): Promise<Mileage> {
  const order = await visibleOrder(deps, actor, orderId);
  if (order.userId !== actor.id) throw forbidden();
  if (!isRunningLease(order)) throw conflict('Kilometerstände gibt es nur für ein laufendes Leasing.');
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
    await tx.insert(odometerReadings).values({
      orderId: order.id,
      tenantId: order.tenantId,
      userId: order.userId,
      readingKm: reading.readingKm,
      readOn: reading.readOn,
      recordedAt: now,
    });
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.odometer_reported',
      subjectType: 'order',
      subjectId: String(order.id),
      requestId: ctx.requestId,
      at: now,
    });
    return readingsOf(tx, order.id);
  });
  return forecastOf(order, readings);
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
  const rows = await deps.db
    .select()
    .from(odometerReadings)
    .where(
      inArray(
        odometerReadings.orderId,
        running.map((o) => o.id),
      ),
    )
    .orderBy(asc(odometerReadings.readOn), asc(odometerReadings.readingKm));
  const byOrder = new Map<number, OdometerReading[]>();
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({ id: r.id, readingKm: r.readingKm, readOn: r.readOn, recordedAt: r.recordedAt.toISOString() });
    byOrder.set(r.orderId, list);
  }
  return running
    .flatMap((order) => {
      const readings = byOrder.get(order.id);
      const latest = readings?.at(-1);
      if (!readings || !latest) return [];
      const mileage = forecastOf(order, readings);
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
