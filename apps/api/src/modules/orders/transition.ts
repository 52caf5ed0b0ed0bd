import type { StepType } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { enqueueOrderWebhook } from '../webhooks/index.js';
import type { OrderDeps } from './deps.js';
import { notifyTransition } from './notify.js';
import * as repo from './repository.js';
import type { Transition } from './steps.js';

/** One step of the workflow as it is committed: whoever moves the order (a click, the programme, the system). */
export interface TransitionCommit {
  order: repo.OrderRow;
  /** The status record the mover saw: the conditional update wins only while it is still the current one. */
  expectedUserStepId: string;
  transition: Transition;
  /** Who moved it; null for the platform (a check, the programme's approval, a completed signature). */
  actorUserId: string | null;
  now: Date;
  extra?: Partial<Pick<repo.OrderRow, repo.OrderExtra>>;
  audit: {
    action: string;
    /** The audit line's actor when it is not the mover (a signature is the employee's act). */
    actorUserId?: string | null;
    fields?: string[];
    requestId?: string;
  };
  /** Runs first in the transaction; false ends it unchanged (e.g. the signature case was closed meanwhile). */
  claim?: (tx: Database) => Promise<boolean>;
  /** More writes of the same transaction once the transition won (a document, the end of replaced leases). */
  alsoInTransaction?: (tx: Database) => Promise<unknown>;
  /** The mails: from which step the order came (the default: its status), the reason and the options. */
  notify?: {
    from?: StepType;
    reason?: string | null;
    options?: Parameters<typeof notifyTransition>[7];
  };
}

/**
 * The transition transaction, the same for every mover: the conditional update on the current status
 * record (of two parallel movers only one wins), the audit line, what else belongs to the step, and the
 * mails, all in one transaction; the mail worker is nudged after the commit. False when another mover
 * won first: nothing changed.
 */
export async function commitTransition(deps: OrderDeps, input: TransitionCommit): Promise<boolean> {
  const { order, transition, now } = input;
  const done = await deps.db.transaction(async (tx) => {
    if (input.claim && !(await input.claim(tx))) return false;
    const won = await repo.applyTransition(tx, {
      orderId: order.id,
      expectedUserStepId: input.expectedUserStepId,
      records: transition.records,
      status: transition.status,
      actorUserId: input.actorUserId,
      now,
      ...(input.extra ? { extra: input.extra } : {}),
    });
    if (!won) return false;
    await recordAudit(tx, {
      actorUserId: input.audit.actorUserId === undefined ? input.actorUserId : input.audit.actorUserId,
      tenantId: order.tenantId,
      action: input.audit.action,
      subjectType: 'order',
      subjectId: String(order.id),
      ...(input.audit.fields ? { fields: input.audit.fields } : {}),
      ...(input.audit.requestId ? { requestId: input.audit.requestId } : {}),
      at: now,
    });
    await input.alsoInTransaction?.(tx);
    // The employer's systems hear of the step with it (signed, approved, cancelled, handed over: ADR 0059).
    await enqueueOrderWebhook(tx, {
      order,
      from: order.status as StepType,
      to: transition.status,
      at: now,
      handoverDate: input.extra?.handoverDate ?? null,
    });
    await notifyTransition(
      tx,
      deps,
      order,
      input.notify?.from ?? (order.status as StepType),
      transition.status,
      input.notify?.reason ?? null,
      now,
      input.notify?.options ?? {},
    );
    return true;
  });
  if (done) deps.mailSent();
  return done;
}
