/**
 * A claim's total loss or theft ends the lease (ADR 0056): the claims module decides the claim and
 * asks through `OrderDeps.flows`; lease-end, which sits above claims, ends the lease in the claim's
 * transaction, so the claim's state and the lease's end are written together or not at all.
 */
import type { Database } from '../db/client.js';
import { recordLoss } from '../modules/lease-end/index.js';
import type { LeaseLoss, OrderDeps } from '../modules/orders/index.js';

export function endLeaseByLoss(deps: OrderDeps, tx: Database, loss: LeaseLoss): Promise<boolean> {
  return recordLoss(tx, deps, loss);
}
