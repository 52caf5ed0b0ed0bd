import { and, eq } from 'drizzle-orm';

import { identCases, orderDocuments } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { approveAfterSignature, plansAutomaticApproval } from './auto-approval.js';
import type { OrderDeps } from './deps.js';
import { contractFileName } from './documents.js';
import { notifyTransition } from './notify.js';
import * as repo from './repository.js';
import { transitionFor } from './steps.js';

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
  const moved = await deps.db.transaction(async (tx) => {
    const closed = await tx
      .update(identCases)
      // The prepared contract (personal data) is not needed once the signed one is stored.
      .set({ status: 'SUCCEEDED', updatedAt: now, preparedPdf: null })
      .where(and(eq(identCases.id, input.caseRowId), eq(identCases.status, 'PENDING')))
      .returning({ id: identCases.id });
    if (closed.length === 0) return false;
    const won = await repo.applyTransition(tx, {
      orderId: order.id,
      expectedUserStepId: order.currentUserStepId ?? '',
      records: transition.records,
      status: transition.status,
      actorUserId: null,
      now,
      extra: { signedAt: now },
    });
    if (!won) return false;
    await tx.insert(orderDocuments).values({
      orderId: order.id,
      name: contractFileName(order.id, true),
      kind: 'CONTRACT_SIGNED',
      pdf: Buffer.from(input.signed),
      createdAt: now,
    });
    await recordAudit(tx, {
      actorUserId: order.userId,
      tenantId: order.tenantId,
      action: 'order.signed',
      subjectType: 'order',
      subjectId: String(order.id),
      fields: input.auditFields,
      at: now,
    });
    await notifyTransition(tx, deps, order, 'NECT_SIGN', transition.status, null, now, {
      ...(automatic ? { automaticApproval: 'PLANNED' as const } : {}),
    });
    return true;
  });
  if (!moved) return false;
  deps.mailSent();
  if (automatic) await approveAfterSignature(deps, order.id);
  return true;
}
