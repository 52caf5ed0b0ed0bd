import type { StepType } from '@leasing/contract';

import { runAsSystem } from '../../db/scope.js';
import type { CatalogSnapshot } from '../catalog/index.js';
import { profileVersionOf, profileVersionsOf } from '../profile/index.js';
import { eachRow, inBatches, type BatchOptions } from '../../lib/batches.js';
import type { OrderDeps } from './deps.js';
import * as repo from './repository.js';
import type { OrderTerms } from './snapshot.js';
import { terminate, UNSIGNED_STEPS } from './steps.js';
import { commitTransition } from './transition.js';

// ---------------------------------------------------------------------------------------------
// System transitions: breaking change and expiry

/**
 * Before the signature the order stands on the data it was made with: when the employee's salary
 * profile or the package's terms changed since, the order moves to BREAKING_CHANGE.
 *
 * A check of the platform, not of the person whose request happens to trigger it (the employee's
 * step, an admin opening the order, the scheduled job): it reads and writes in the system's scope,
 * so an asker who may not see the employee's profile cannot make it look changed.
 */
export function detectBreakingChange(deps: OrderDeps, order: repo.OrderRow): Promise<repo.OrderRow> {
  return runAsSystem(async () => {
    if (!UNSIGNED_STEPS.includes(order.status as StepType) || !order.currentUserStepId) return order;
    const profileChanged = hasChanged(order.profileVersion, await profileVersionOf(deps.db, order.userId));
    if (!profileChanged && !(await termsChanged(deps, order))) return order;
    await endBySystem(deps, order, 'BREAKING_CHANGE');
    return (await repo.findOrder(deps.db, order.id)) ?? order;
  });
}

/**
 * Whether the salary profile moved on from the version the order was made with. A profile that is
 * not there is no change (decision 0028): it is never deleted while its owner has an unsigned order
 * (erasure removes those orders with it), so its absence says the read could not see it, not that
 * the employee changed anything; cancelling on it would end a valid order and mail its owner. The
 * expiry check still ends such an order in time.
 */
export function hasChanged(orderVersion: number, current: number | null): boolean {
  return current !== null && current !== orderVersion;
}

async function termsChanged(deps: OrderDeps, order: repo.OrderRow): Promise<boolean> {
  return termsDiffer(await deps.catalog.get(), order);
}

/** Whether the package's price or the car's list price moved on from the order's (or the package is gone). */
function termsDiffer(catalog: CatalogSnapshot, order: repo.OrderRow): boolean {
  const pkg = catalog.packagesById.get(order.leasePackageId);
  const terms = order.terms as OrderTerms;
  return (
    !pkg ||
    pkg.pkg.totalMonthlyGrossCostCents !== terms.totalMonthlyGrossCostCents ||
    pkg.vehicle.listPriceGrossCents !== terms.vehicle.listPriceGrossCents
  );
}

async function endBySystem(
  deps: OrderDeps,
  order: repo.OrderRow,
  terminal: 'EXPIRED' | 'BREAKING_CHANGE',
): Promise<boolean> {
  const transition = terminate(order.status as StepType, terminal);
  if (!transition || !order.currentUserStepId) return false;
  return commitTransition(deps, {
    order,
    expectedUserStepId: order.currentUserStepId,
    transition,
    actorUserId: null,
    now: deps.clock.now(),
    audit: { action: `order.${terminal.toLowerCase()}` },
  });
}

/**
 * The scheduled check: expire orders not signed in time, end orders whose basis changed. Each runs
 * in batches by order id (decision 0043); every order ends in its own short transaction with its
 * mail, and an ended order leaves the candidates, so a pass cut short repeats nothing.
 */
export function runOrderChecks(
  deps: OrderDeps,
  options: BatchOptions = {},
): Promise<{ expired: number; changed: number }> {
  return runAsSystem(async () => ({
    expired: await expireUnsignedOrders(deps, options),
    changed: await endChangedOrders(deps, options),
  }));
}

function expireUnsignedOrders(deps: OrderDeps, options: BatchOptions): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - deps.expiryDays * 24 * 3600_000);
  return inBatches(
    {
      next: (after: number | null, limit: number) =>
        repo.unsignedOrdersCreatedBefore(deps.db, cutoff, { after, limit }),
      keyOf: (order) => order.id,
      handle: (batch) => eachRow(batch, (order) => endBySystem(deps, order, 'EXPIRED')),
    },
    options,
  );
}

/** The breaking-change check of a batch reads its people's profile versions in one query, the catalogue once. */
function endChangedOrders(deps: OrderDeps, options: BatchOptions): Promise<number> {
  return inBatches(
    {
      next: (after: number | null, limit: number) => repo.unsignedOrders(deps.db, { after, limit }),
      keyOf: (order) => order.id,
      handle: async (batch) => {
        const versions = await profileVersionsOf(
          deps.db,
          batch.map((order) => order.userId),
        );
        const catalog = await deps.catalog.get();
        return eachRow(batch, async (order) => {
          const changed =
            hasChanged(order.profileVersion, versions.get(order.userId) ?? null) || termsDiffer(catalog, order);
          return changed && (await endBySystem(deps, order, 'BREAKING_CHANGE'));
        });
      },
    },
    options,
  );
}

/**
 * The orders' answer to a saved salary profile (profile's `onSaved` event, wired in app.ts): every
 * unsigned order of the person whose basis changed moves to BREAKING_CHANGE, as the platform (its
 * scope, not the person's). One order at a time in the background, stopping when the process shuts
 * down: whatever is left is moved by the scheduled order checks (every minute), and every read or step
 * of an order checks it first anyway, so no order proceeds on the old data.
 */
export async function recheckOrdersAfterSave(deps: OrderDeps, userId: string, signal: AbortSignal): Promise<number> {
  return runAsSystem(async () => {
    let moved = 0;
    for (const order of await repo.unsignedOrders(deps.db, { userId })) {
      if (signal.aborted) break;
      if ((await detectBreakingChange(deps, order)).status === 'BREAKING_CHANGE') moved++;
    }
    return moved;
  });
}
