import { and, eq } from 'drizzle-orm';

import { identCases, orderDocuments } from '../../db/schema.js';
import { approveAfterSignature, plansAutomaticApproval } from './auto-approval.js';
import { signatureColumns } from './cancellation.js';
import type { OrderDeps } from './deps.js';
import { contractFileName } from './documents.js';
import type * as repo from './repository.js';
import { transitionFor } from './steps.js';
import { commitTransition } from './transition.js';

export interface SignedCase {
  order: repo.OrderRow;
  /** The open (PENDING) signature case the contract was signed in. */
  caseRowId: string;
  signed: Uint8Array;
  /** What the audit line names about the signed file (e.g. its SHA-256). */
  auditFields: string[];
  now: Date;
}

/**
 * A completed signature, however it was made (the remote-signing service, or a provider that signs
 * itself): the case closes as SUCCEEDED, the step moves on, the signed contract is stored and the
 * mails are queued, all in one transaction, so a check that reads "signed" always finds the order moved
 * on. The step moves by the platform's check, not a click (no actor); the audit line is the employee's
 * act. After the commit, the programme's automatic approval when it was announced. False when the case
 * or the step was no longer open (a parallel completion won): nothing changed.
 */
export async function completeSignedCase(deps: OrderDeps, input: SignedCase): Promise<boolean> {
  const { order, now } = input;
  const transition = transitionFor('NECT_SIGN', 'accept');
  if (!transition) return false;
  const automatic = await plansAutomaticApproval(deps, order);
  const moved = await commitTransition(deps, {
    order,
    expectedUserStepId: order.currentUserStepId ?? '',
    transition,
    actorUserId: null,
    now,
    extra: await signatureColumns(deps.db, now),
    claim: async (tx) => {
      const closed = await tx
        .update(identCases)
        // The prepared contract (personal data) is not needed once the signed one is stored.
        .set({ status: 'SUCCEEDED', updatedAt: now, preparedPdf: null })
        .where(and(eq(identCases.id, input.caseRowId), eq(identCases.status, 'PENDING')))
        .returning({ id: identCases.id });
      return closed.length > 0;
    },
    // The step moves by the platform's check; the audit line is the employee's act.
    audit: { action: 'order.signed', actorUserId: order.userId, fields: input.auditFields },
    alsoInTransaction: (tx) =>
      tx.insert(orderDocuments).values({
        orderId: order.id,
        name: contractFileName(order.id, true),
        kind: 'CONTRACT_SIGNED',
        pdf: Buffer.from(input.signed),
        createdAt: now,
      }),
    notify: { from: 'NECT_SIGN', options: automatic ? { automaticApproval: 'PLANNED' as const } : {} },
  });
  if (!moved) return false;
  if (automatic) await approveAfterSignature(deps, order.id);
  return true;
}
