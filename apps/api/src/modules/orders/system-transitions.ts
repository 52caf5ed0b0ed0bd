import type { StepType } from '@leasing/contract';
import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { salaryProfiles } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import type { OrderDeps } from './deps.js';
import { notifyTransition } from './notify.js';
import * as repo from './repository.js';
import type { OrderTerms } from './snapshot.js';
import { terminate, UNSIGNED_STEPS } from './steps.js';

// ---------------------------------------------------------------------------------------------
// System transitions: breaking change and expiry

/**
 * Before the signature the order stands on the data it was made with: when the employee's salary
 * profile or the package's terms changed since, the order moves to BREAKING_CHANGE.
 */
export async function detectBreakingChange(deps: OrderDeps, order: repo.OrderRow): Promise<repo.OrderRow> {
  if (!UNSIGNED_STEPS.includes(order.status as StepType) || !order.currentUserStepId) return order;
  const currentVersion = await profileVersionOf(deps.db, order.userId);
  const snapshot = await deps.catalog.get();
  const pkg = snapshot.packagesById.get(order.leasePackageId);
  const terms = order.terms as OrderTerms;
  const termsChanged =
    !pkg ||
    pkg.pkg.totalMonthlyGrossCostCents !== terms.totalMonthlyGrossCostCents ||
    pkg.vehicle.listPriceGrossCents !== terms.vehicle.listPriceGrossCents;
  const profileChanged = currentVersion !== order.profileVersion;
  if (!termsChanged && !profileChanged) return order;
  await endBySystem(deps, order, 'BREAKING_CHANGE');
  return (await repo.findOrder(deps.db, order.id)) ?? order;
}

async function profileVersionOf(db: Database, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ version: salaryProfiles.version })
    .from(salaryProfiles)
    .where(eq(salaryProfiles.userId, userId));
  return row?.version ?? null;
}

async function endBySystem(
  deps: OrderDeps,
  order: repo.OrderRow,
  terminal: 'EXPIRED' | 'BREAKING_CHANGE',
): Promise<boolean> {
  const transition = terminate(order.status as StepType, terminal);
  if (!transition || !order.currentUserStepId) return false;
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const won = await repo.applyTransition(tx, {
      orderId: order.id,
      expectedUserStepId: order.currentUserStepId ?? '',
      records: transition.records,
      status: transition.status,
      actorUserId: null,
      now,
    });
    if (!won) return false;
    await recordAudit(tx, {
      actorUserId: null,
      tenantId: order.tenantId,
      action: `order.${terminal.toLowerCase()}`,
      subjectType: 'order',
      subjectId: String(order.id),
      at: now,
    });
    await notifyTransition(tx, deps, order, order.status as StepType, terminal, null, now);
    return true;
  });
  if (done) deps.mailSent();
  return done;
}

/** The scheduled check: expire orders not signed in time, end orders whose basis changed. */
export async function runOrderChecks(deps: OrderDeps): Promise<{ expired: number; changed: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.expiryDays * 24 * 3600_000);
  let expired = 0;
  for (const order of await repo.unsignedOrdersCreatedBefore(deps.db, cutoff)) {
    if (await endBySystem(deps, order, 'EXPIRED')) expired++;
  }
  let changed = 0;
  for (const order of await repo.unsignedOrders(deps.db)) {
    if ((await detectBreakingChange(deps, order)).status === 'BREAKING_CHANGE') changed++;
  }
  return { expired, changed };
}

/** Called after an employee saved the salary profile. */
export async function onProfileChanged(deps: OrderDeps, userId: string): Promise<void> {
  for (const order of await repo.unsignedOrders(deps.db, { userId })) await detectBreakingChange(deps, order);
}
