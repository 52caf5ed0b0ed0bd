import type { AdditionalDriver, AdditionalDriverRequest, StepType } from '@leasing/contract';
import { carName, DRIVER_ORDER_STEPS, MAX_ADDITIONAL_DRIVERS } from '@leasing/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { additionalDrivers } from '../../db/schema-drivers.js';
import { recordAudit } from '../../lib/audit.js';
import { berlinDate } from '../../lib/berlin-dates.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  fileOrderDocument,
  openPrivate,
  visibleOrder,
  type Actor,
  type OrderDeps,
  type OrderRow,
  type OrderTerms,
} from '../orders/index.js';
import { driversFileName, renderDriversList } from './drivers-pdf.js';
import { startDriverCheck, syncDriverCheck, type DriverRow } from './licence-check.js';
import { driverRefusals } from './rules.js';

/** Serialises the changes of one order's drivers (advisory lock: namespace, order id). */
const DRIVERS_LOCK = 0x647276; // "drv"

function view(row: DriverRow, full: boolean): AdditionalDriver {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: full ? row.email : null,
    dateOfBirth: full ? row.dateOfBirth : null,
    licenceIssuedOn: full ? row.licenceIssuedOn : null,
    licenceCountry: full ? row.licenceCountry : null,
    status: row.status,
    reason: row.reason,
    checkedOn: row.checkedOn,
    addedAt: row.addedAt.toISOString(),
  };
}

function activeDrivers(db: Database, orderId: number): Promise<DriverRow[]> {
  return db
    .select()
    .from(additionalDrivers)
    .where(and(eq(additionalDrivers.orderId, orderId), isNull(additionalDrivers.removedAt)))
    .orderBy(asc(additionalDrivers.addedAt), asc(additionalDrivers.id));
}

async function ownOrder(deps: OrderDeps, actor: Actor, orderId: number): Promise<OrderRow> {
  const order = await visibleOrder(deps, actor, orderId);
  if (order.userId !== actor.id) throw forbidden();
  if (!DRIVER_ORDER_STEPS.includes(order.status as StepType))
    throw conflict('Zusatzfahrer können Sie ab der Unterschrift des Vertrags und während des Leasings benennen.');
  return order;
}

/**
 * `GET /v1/order/{orderId}/drivers` (and the provider's `GET /v1/provider/orders/{orderId}/drivers`):
 * the named drivers, pending checks read again at the provider. The employee and the provider see
 * everything; HR sees the names and the checks' outcome.
 */
export async function listDrivers(deps: OrderDeps, actor: Actor, orderId: number): Promise<AdditionalDriver[]> {
  const order = await visibleOrder(deps, actor, orderId);
  const rows = await activeDrivers(deps.db, order.id);
  const fresh: DriverRow[] = [];
  for (const row of rows)
    fresh.push(row.status === 'PENDING' ? await syncDriverCheck(deps, row).catch(() => row) : row);
  if (fresh.some((row, i) => row !== rows[i])) deps.mailSent();
  const full = actor.role !== 'TENANT_ADMIN';
  return fresh.map((row) => view(row, full));
}

/**
 * `POST /v1/order/{orderId}/drivers`: the employee names a driver. The specification's rule (18 to
 * 75, licence held two years, EU/EEA) is a 400 with German field errors; a fourth driver or the same
 * e-mail twice is a 409. The driver's licence check starts at once and its link is mailed to them;
 * the drivers' list is filed among the order's documents.
 */
export async function addDriver(
  deps: OrderDeps,
  actor: Actor,
  orderId: number,
  input: AdditionalDriverRequest,
  ctx: { requestId: string },
): Promise<AdditionalDriver> {
  const order = await ownOrder(deps, actor, orderId);
  const now = deps.clock.now();
  const refusals = driverRefusals(input, berlinDate(now));
  if (refusals.length > 0)
    throw new AppError('VALIDATION_FAILED', refusals[0]?.message ?? 'Die Angaben sind ungültig.', { errors: refusals });
  const email = input.email.trim().toLowerCase();
  const added = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DRIVERS_LOCK}, ${order.id})`);
    const current = await activeDrivers(tx, order.id);
    if (current.length >= MAX_ADDITIONAL_DRIVERS)
      throw conflict(`Sie können höchstens ${MAX_ADDITIONAL_DRIVERS} Zusatzfahrer benennen.`);
    if (current.some((d) => d.email === email)) throw conflict('Dieser Zusatzfahrer ist bereits benannt.');
    const [row] = await tx
      .insert(additionalDrivers)
      .values({
        orderId: order.id,
        tenantId: order.tenantId,
        userId: order.userId,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        dateOfBirth: input.dateOfBirth,
        licenceIssuedOn: input.licenceIssuedOn,
        licenceCountry: input.licenceCountry,
        addedAt: now,
      })
      .returning();
    if (!row) throw new Error('driver not stored');
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.driver_added',
      subjectType: 'order',
      subjectId: String(order.id),
      requestId: ctx.requestId,
      at: now,
    });
    return row;
  });
  const employeeName = employeeNameOf(deps, order);
  const started = await startDriverCheck(deps, added, {
    employeeName,
    car: carName((order.terms as OrderTerms).vehicle),
  });
  await fileDriversList(deps, order, employeeName, now);
  deps.mailSent();
  return view(started, true);
}

/** `DELETE /v1/order/{orderId}/drivers/{driverId}`: the driver is no longer named (kept for the record). */
export async function removeDriver(
  deps: OrderDeps,
  actor: Actor,
  params: { orderId: number; driverId: string },
  ctx: { requestId: string },
): Promise<void> {
  const order = await ownOrder(deps, actor, params.orderId);
  const now = deps.clock.now();
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx
      .update(additionalDrivers)
      .set({ removedAt: now, link: null })
      .where(
        and(
          eq(additionalDrivers.id, params.driverId),
          eq(additionalDrivers.orderId, order.id),
          isNull(additionalDrivers.removedAt),
        ),
      )
      .returning({ id: additionalDrivers.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: order.tenantId,
      action: 'order.driver_removed',
      subjectType: 'order',
      subjectId: String(order.id),
      requestId: ctx.requestId,
      at: now,
    });
    return true;
  });
  if (!removed) throw notFound('Zusatzfahrer nicht gefunden');
  await fileDriversList(deps, order, employeeNameOf(deps, order), now);
}

/** The employee as the signed contract names them (the order's frozen snapshot). */
function employeeNameOf(deps: OrderDeps, order: OrderRow): string {
  const { firstName, lastName } = openPrivate(deps.cipher, order).orderUserInfo.addressDto;
  return `${firstName} ${lastName}`;
}

async function fileDriversList(deps: OrderDeps, order: OrderRow, employeeName: string, at: Date): Promise<void> {
  const drivers = await activeDrivers(deps.db, order.id);
  const pdf = await renderDriversList({
    orderId: order.id,
    terms: order.terms as OrderTerms,
    employeeName,
    drivers,
    at,
  });
  await fileOrderDocument(deps.db, {
    orderId: order.id,
    name: driversFileName(order.id, at),
    kind: 'DRIVERS',
    pdf,
    createdAt: at,
  });
}
