/**
 * Approving an order: the employer step's one approval, HR's click and the programme's rule alike
 * (orders' `stepAction` and `approveAutomatically` ask for it through `OrderDeps.flows`). The employer's
 * electronic seal goes over the employee-signed contract (signing), made before the transaction (the
 * signing service and the PDF work are slow); then the order moves on in one transaction with the
 * audit line, the countersigned contract and the mails (orders' `commitTransition`), so an approval
 * always has its document. A fault of the seal throws: the approval does not happen.
 */
import type { ApprovalRequest, OrderDeps, OrderRow } from '../modules/orders/index.js';
import {
  commitTransition,
  contractToCountersign,
  storeCountersignedContract,
  transitionFor,
} from '../modules/orders/index.js';
import { sealContract } from '../modules/signing/index.js';

export async function approveOrder(deps: OrderDeps, order: OrderRow, request: ApprovalRequest): Promise<boolean> {
  const transition = transitionFor('TENANT_ADMIN_CLICK_CONFIRM', 'accept');
  if (!transition) return false;
  const sealed = await sealContract(deps.signing, await contractToCountersign(deps, order), {
    approverName: request.approverName,
    at: request.at,
  });
  return commitTransition(deps, {
    order,
    expectedUserStepId: request.expectedUserStepId,
    transition,
    actorUserId: request.actorUserId,
    now: request.at,
    audit: {
      action: request.audit.action,
      fields: [...request.audit.fields, ...sealed.auditFields],
      ...(request.audit.requestId ? { requestId: request.audit.requestId } : {}),
    },
    alsoInTransaction: (tx) => storeCountersignedContract(tx, order.id, sealed, request.at),
    notify: { from: 'TENANT_ADMIN_CLICK_CONFIRM' },
  });
}
