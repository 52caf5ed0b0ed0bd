import type { StepType } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import { identCases, orders } from '../db/schema.js';
import { runAsSystem } from '../db/scope.js';
import { berlinToday } from '../modules/lease-end/returns.js';
import { addMonths } from '../modules/lease-end/settlement.js';
import type { TestApp } from './harness.js';
import {
  colleagueOf,
  pickOffer,
  placeOrder,
  STEP,
  walkOrder,
  walkToRunningLease,
  type WalkStep,
} from './order-fixtures.js';

/**
 * Builders for the state a test starts from, named by what it is (an employee, an order in a step,
 * a running lease): each one goes through the API where a person would and writes the rest as the
 * workflow would leave it. The employer comes from `buildTenant` (factories.ts) or the demo data.
 */

/** An employee of the employer of `colleagueOf` (an e-mail address), signed in, with a complete profile. */
export function buildEmployee(
  t: TestApp,
  options: { colleagueOf: string; prefix: string },
): Promise<{ email: string; accessToken: string }> {
  return colleagueOf(t.app, t.app.orderDeps.db, options.colleagueOf, { prefix: options.prefix, now: t.clock.now() });
}

/** An order of the employee placed through the API and moved on (each step accepted) until it stands in `step`. */
export async function buildOrder(
  t: TestApp,
  employeeToken: string,
  options: { step?: StepType } = {},
): Promise<number> {
  const orderId = await placeOrder(t.app, employeeToken, await pickOffer(t.app, employeeToken));
  const accept: WalkStep[] = [['accept', null]];
  for (let walked = 0; options.step && (await statusOf(t, orderId)) !== options.step; walked++) {
    if (walked > 10) throw new Error(`order ${orderId} never reached ${options.step}`);
    await walkOrder(t.app.orderDeps.db, orderId, accept, {
      handoverDate: berlinToday(t.clock.now()),
      at: () => t.clock.now(),
    });
  }
  return orderId;
}

/**
 * A running lease of the employee: handed over `handedOverMonthsAgo` months before the app's today,
 * and, with `identifiedMonthsAgo`, identified (the driving licence seen) that many months ago, the
 * moment from which the licence checks count.
 */
export async function buildLease(
  t: TestApp,
  employeeToken: string,
  options: { handedOverMonthsAgo: number; identifiedMonthsAgo?: number },
): Promise<number> {
  const today = berlinToday(t.clock.now());
  const db = t.app.orderDeps.db;
  const orderId = await placeOrder(t.app, employeeToken, await pickOffer(t.app, employeeToken));
  await walkToRunningLease(db, orderId, addMonths(today, -options.handedOverMonthsAgo), t.clock.now());
  if (options.identifiedMonthsAgo !== undefined) {
    const identified = new Date(`${addMonths(today, -options.identifiedMonthsAgo)}T10:00:00Z`);
    await db.insert(identCases).values({
      orderId,
      stepId: STEP.ident,
      kind: 'IDENT',
      providerCaseId: `identified-${orderId}-${identified.getTime()}`,
      status: 'SUCCEEDED',
      createdAt: identified,
      updatedAt: identified,
    });
  }
  return orderId;
}

function statusOf(t: TestApp, orderId: number): Promise<string | undefined> {
  return runAsSystem(async () => {
    const [order] = await t.app.orderDeps.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId));
    return order?.status;
  });
}
