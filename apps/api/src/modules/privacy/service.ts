import type { Role } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import { confirmPassword } from '../auth/index.js';
import { openPrivate, sealPrivate, type PrivateSnapshot, type SealedSnapshot } from '../orders/index.js';
import * as repo from './repository.js';

export interface PrivacyDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  events: SecurityEvents;
  limiter: RateLimiter;
}

export interface Subject {
  id: string;
  role: Role;
  tenantId: string | null;
}

export interface Ctx {
  requestId: string;
}

// ---------------------------------------------------------------------------------------------
// Art. 17: erasure

/** What an erasure did: counts only (the log and the security event carry nothing personal). */
export interface ErasureOutcome {
  deletedOrders: number;
  keptOrders: number;
  deletedMails: number;
}

/** The categories an erasure removes; the pseudonymous audit row names them. */
const ERASED_FIELDS = [
  'title',
  'firstName',
  'lastName',
  'email',
  'employeeId',
  'password',
  'address',
  'salaryProfile',
  'mfa',
  'oneTimeCodes',
  'sessions',
  'mails',
  'orders.unsigned',
  'orders.signed.salaryInfo',
  'orders.signed.taxResult',
  'orders.signed.email',
];

/**
 * `DELETE /v1/user`: the signed-in employee erases their account after confirming the password.
 * Admin accounts belong to the employer's or provider's organisation: they remove them (off-boarding),
 * so an admin cannot leave an employer without anyone to approve orders.
 */
export async function deleteAccount(deps: PrivacyDeps, subject: Subject, password: string, ctx: Ctx): Promise<void> {
  if (subject.role !== 'EMPLOYEE') {
    throw new AppError(
      'FORBIDDEN',
      'Administratorkonten werden vom Arbeitgeber bzw. vom Anbieter entfernt. Bitte wenden Sie sich dorthin.',
    );
  }
  await confirmPassword(deps, subject.id, password);
  await eraseAccount(deps, subject.id, ctx);
}

/**
 * Erases or anonymises everything personal of one account, in one transaction. Orders never signed
 * go entirely; signed orders (a contract exists) stay because commercial and tax law require them,
 * stripped to what the contract needs (see restrictedSnapshot). Idempotent: the user row is locked
 * and an erased account is left as it is (null), so a repeated or parallel call changes nothing and
 * writes no second audit row.
 */
export async function eraseAccount(
  deps: Pick<PrivacyDeps, 'db' | 'cipher' | 'clock' | 'events'>,
  userId: string,
  ctx: Ctx,
): Promise<ErasureOutcome | null> {
  const now = deps.clock.now();
  const erased = await deps.db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user || user.deletedAt) return null;
    const all = await repo.ordersOf(tx, userId);
    const kept = all.filter((order) => order.signedAt !== null);
    const deletedOrders = await repo.deleteOrders(
      tx,
      all.filter((order) => order.signedAt === null).map((order) => order.id),
    );
    for (const order of kept) await repo.replacePrivateSnapshot(tx, order.id, restrictedSnapshot(deps.cipher, order));
    await repo.dropCaseLinks(
      tx,
      kept.map((order) => order.id),
    );
    await repo.deletePersonalRows(tx, userId);
    await repo.anonymiseUser(tx, userId, now);
    // Pseudonymous: the id and field names only. Earlier rows (append-only) hold no more than that either.
    await recordAudit(tx, {
      actorUserId: userId,
      tenantId: user.tenantId,
      action: 'account.erased',
      subjectType: 'user',
      subjectId: userId,
      fields: ERASED_FIELDS,
      requestId: ctx.requestId,
      at: now,
    });
    return { email: user.email, tenantId: user.tenantId, deletedOrders, keptOrders: kept.length };
  });
  if (!erased) return null;
  // The outbox is the platform's: after the commit, in its scope, only mails to the erased address.
  const deletedMails = await runAsSystem(() => repo.deleteMailsTo(deps.db, erased.email));
  deps.events.emit('privacy.account_erased', { actor: userId, tenant: erased.tenantId, target: `user:${userId}` });
  return { deletedOrders: erased.deletedOrders, keptOrders: erased.keptOrders, deletedMails };
}

/**
 * A signed order after erasure: the contract's parties and terms as signed (name, address, date of
 * birth, employee number, the conversion figures, all also in the signed PDF) stay; the salary
 * profile, the tax comparison and the e-mail address, which the contract does not need, go.
 */
function restrictedSnapshot(cipher: FieldCipher, order: repo.OrderRow): SealedSnapshot {
  const full = openPrivate(cipher, order);
  const restricted: PrivateSnapshot = {
    orderUserInfo: {
      addressDto: { ...full.orderUserInfo.addressDto, email: '' },
      salaryInfo: null,
      dateOfBirth: full.orderUserInfo.dateOfBirth,
    },
    taxResult: null,
    conversion: full.conversion,
  };
  return sealPrivate(cipher, order, restricted);
}
