import type { OrderCancellation, StepType } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { orderSettings } from '../../db/schema.js';
import { berlinDate, startOfBerlinDay } from '../../lib/berlin-dates.js';
import { formatDate } from '../contract/index.js';
import type { OrderRow } from './repository.js';
import { CANCELLABLE_STEPS } from './steps.js';

/**
 * The week to cancel (ADR 0053), as plain rules over an order's row. The window opens with the
 * employee's signature and, as a period of days under §§ 187(1), 188(1) BGB, does not count the day
 * of the signature: it closes at midnight in Berlin after the `days`-th following day. Signed on
 * Wednesday 2 December with seven days, the last day is Wednesday 9 December.
 */
export function cancellationClosesAt(signedAt: Date, days: number): Date {
  return startOfBerlinDay(berlinDate(signedAt), days + 1);
}

/** The last day of a window that closes at `closesAt` (its Berlin date a moment before). */
export function lastCancellationDay(closesAt: Date): string {
  return berlinDate(new Date(closesAt.getTime() - 1));
}

type CancellationColumns = Pick<
  OrderRow,
  'status' | 'cancellableUntil' | 'cancellationWaivedAt' | 'cancelledAt' | 'cancellationReason'
>;

/** Whether the employee may cancel now: signed, within the window, not waived, the car not yet ordered. */
export function mayCancel(order: CancellationColumns, now: Date): boolean {
  return (
    order.cancellableUntil !== null &&
    now < order.cancellableUntil &&
    order.cancellationWaivedAt === null &&
    order.cancelledAt === null &&
    CANCELLABLE_STEPS.includes(order.status as StepType)
  );
}

/** Whether the provider must wait before ordering the car: the window runs, not waived, not cancelled. */
export function waitsForCancellationWindow(
  order: Pick<OrderRow, 'cancellableUntil' | 'cancellationWaivedAt' | 'cancelledAt'>,
  now: Date,
): boolean {
  return (
    order.cancellableUntil !== null &&
    now < order.cancellableUntil &&
    order.cancellationWaivedAt === null &&
    order.cancelledAt === null
  );
}

/** Why the employee cannot cancel (a 409's German message). */
export function whyNotCancellable(order: CancellationColumns, now: Date): string {
  if (order.cancelledAt) return 'Die Bestellung ist bereits storniert.';
  if (order.cancellableUntil === null)
    return 'Vor der Unterschrift können Sie die Bestellung löschen; eine Stornierung ist erst danach möglich.';
  if (order.cancellationWaivedAt)
    return 'Sie haben auf die Stornofrist verzichtet; eine Stornierung ist nicht mehr möglich.';
  if (now >= order.cancellableUntil)
    return `Die Stornofrist ist am ${formatDate(lastCancellationDay(order.cancellableUntil))} abgelaufen.`;
  return 'Das Fahrzeug ist bereits beim Hersteller bestellt oder übergeben; eine Stornierung ist nicht mehr möglich.';
}

/** The order's window as the API shows it; null before the signature. */
export function cancellationOf(order: CancellationColumns, now: Date): OrderCancellation | null {
  if (order.cancellableUntil === null) return null;
  return {
    lastDay: lastCancellationDay(order.cancellableUntil),
    endsAt: order.cancellableUntil.toISOString(),
    open: mayCancel(order, now),
    waivedAt: order.cancellationWaivedAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    reason: order.cancellationReason,
  };
}

/** The provider's window length in days (a single row, migration 0041). */
export async function cancellationDays(db: Database): Promise<number> {
  const [row] = await db
    .select({ days: orderSettings.cancellationDays })
    .from(orderSettings)
    .where(eq(orderSettings.id, 1));
  return row?.days ?? 7;
}

/** What a signature writes on the order: when it was signed and when its window closes. */
export async function signatureColumns(db: Database, now: Date): Promise<{ signedAt: Date; cancellableUntil: Date }> {
  return { signedAt: now, cancellableUntil: cancellationClosesAt(now, await cancellationDays(db)) };
}
