import { DATA_EXPORT_FORMAT, type DataExport, type Role, type StepType } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { runAsSystem } from '../../db/scope.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { consume, type LimitRule, type RateLimiter } from '../../lib/rate-limiter.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import { confirmPassword } from '../account/step-up.js';
import { stepById } from '../orders/steps.js';
import { openPrivate, sealPrivate, type PrivateSnapshot, type SealedSnapshot } from '../orders/snapshot.js';
import { readSalaryProfile } from '../profile/salary-store.js';
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

/**
 * Exports per person: a copy now and then is the right, a stream of them from a stolen session is a
 * way to pull every decrypted record over and over.
 */
export const EXPORT_LIMIT: LimitRule = { limit: 10, windowMs: 60 * 60_000 };

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Art. 15 and 20: the copy of everything we hold about the signed-in person

/**
 * Reads as the person (row-level security shows them their own rows); the audit log and the outbox
 * are the platform's, so those two reads run in its scope, limited to this person by their WHERE.
 */
export async function exportData(deps: PrivacyDeps, subject: Subject, ctx: Ctx): Promise<DataExport> {
  await consume(deps.limiter, `export:user:${subject.id}`, EXPORT_LIMIT);
  const { db } = deps;
  const now = deps.clock.now();
  const found = await repo.findAccount(db, subject.id);
  if (!found) throw notFound();
  const { user, employer } = found;
  const address = await repo.findAddress(db, user.id);
  const salary = await readSalaryProfile(db, deps.cipher, { userId: user.id, tenantId: user.tenantId });
  const salaryUpdated = salary ? await repo.salaryProfileUpdatedAt(db, user.id) : undefined;
  const orderRows = await repo.ordersOf(db, user.id);
  const orderIds = orderRows.map((o) => o.id);
  const steps = await repo.stepsOf(db, orderIds);
  const cases = await repo.identCasesOf(db, orderIds);
  const documents = await repo.documentsOf(db, orderIds);
  const audit = await runAsSystem(() => repo.auditAbout(db, user.id, orderIds));
  const mails = await runAsSystem(() => repo.mailsTo(db, user.email));
  const tokens = await repo.refreshTokensOf(db, user.id);
  const codes = await repo.codesOf(db, user.id);
  const recoveryCodesLeft = await repo.unusedRecoveryCodes(db, user.id);

  const result: DataExport = {
    format: DATA_EXPORT_FORMAT,
    generatedAt: iso(now),
    account: {
      id: user.id,
      title: user.title,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      employeeId: user.employeeId,
      employer: employer ?? null,
      language: user.language,
      created: iso(user.createdAt),
      emailConfirmed: isoOrNull(user.emailConfirmedAt),
      disabled: isoOrNull(user.disabledAt),
    },
    address: address
      ? {
          street: address.street,
          streetNumber: address.streetNumber,
          postcode: address.postcode,
          place: address.place,
          state: address.state,
          placeOfBirth: address.placeOfBirth,
          updated: iso(address.updatedAt),
        }
      : null,
    salaryProfile: salary
      ? {
          version: salary.version,
          updated: iso(salaryUpdated ?? now),
          salaryInfo: salary.salaryInfo as Record<string, unknown>,
        }
      : null,
    orders: orderRows.map((order) => ({
      id: order.id,
      created: iso(order.createdAt),
      status: order.status as StepType,
      signed: isoOrNull(order.signedAt),
      color: order.color,
      delivery: order.delivery,
      handoverDate: order.handoverDate,
      declineReason: order.declineReason,
      terms: order.terms as Record<string, unknown>,
      privateSnapshot: openPrivate(deps.cipher, order) as unknown as Record<string, unknown>,
      steps: steps
        .filter((s) => s.orderId === order.id)
        .flatMap((s) => {
          const step = stepById(s.stepId);
          return step ? [{ step: step.stepType, status: s.status, modified: iso(s.modified) }] : [];
        }),
      identityChecks: cases
        .filter((c) => c.orderId === order.id)
        .map((c) => ({
          kind: c.kind,
          status: c.status,
          providerCaseId: c.providerCaseId,
          created: iso(c.createdAt),
          updated: iso(c.updatedAt),
        })),
    })),
    documents: documents.map((d) => ({
      id: d.id,
      orderId: d.orderId,
      name: d.name,
      kind: d.kind,
      created: iso(d.createdAt),
    })),
    audit: audit.map((row) => ({
      at: iso(row.at),
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      fields: row.fields,
      actor: actorOf(row, user.id),
    })),
    sessions: sessionsOf(tokens, now),
    mfa: { enrolled: user.mfaEnabledAt !== null, enabledSince: isoOrNull(user.mfaEnabledAt), recoveryCodesLeft },
    oneTimeCodes: codes.map((c) => ({
      purpose: c.purpose,
      created: iso(c.createdAt),
      expires: iso(c.expiresAt),
      used: isoOrNull(c.usedAt),
      newEmail: c.newEmail,
    })),
    mails: mails.map((m) => ({
      kind: m.kind,
      subject: m.subject,
      created: iso(m.createdAt),
      status: m.status,
      sent: isoOrNull(m.sentAt),
    })),
  };
  await recordAudit(db, {
    actorUserId: user.id,
    tenantId: user.tenantId,
    action: 'privacy.exported',
    subjectType: 'user',
    subjectId: user.id,
    fields: Object.keys(result).filter((key) => key !== 'format' && key !== 'generatedAt'),
    requestId: ctx.requestId,
    at: now,
  });
  deps.events.emit('privacy.exported', { actor: user.id, tenant: user.tenantId, target: `user:${user.id}` });
  return result;
}

/** Who acted, by role only: other people's identities are theirs, not part of this person's copy. */
function actorOf(row: { actorUserId: string | null; actorRole: Role | null }, userId: string) {
  if (row.actorUserId === null) return 'SYSTEM' as const;
  if (row.actorUserId === userId) return 'SELF' as const;
  if (row.actorRole === 'TENANT_ADMIN') return 'EMPLOYER' as const;
  if (row.actorRole === 'PROVIDER_ADMIN') return 'PROVIDER' as const;
  return 'OTHER' as const;
}

/** One entry per sign-in (refresh family): its start, its last rotation, its absolute end. */
function sessionsOf(
  tokens: { familyId: string; createdAt: Date; familyExpiresAt: Date; usedAt: Date | null; revokedAt: Date | null }[],
  now: Date,
): DataExport['sessions'] {
  const families = new Map<string, typeof tokens>();
  for (const token of tokens) families.set(token.familyId, [...(families.get(token.familyId) ?? []), token]);
  return [...families.values()].flatMap((family) => {
    const first = family[0];
    const last = family.at(-1);
    if (!first || !last) return [];
    const live = family.some((t) => t.usedAt === null && t.revokedAt === null) && first.familyExpiresAt > now;
    return [
      {
        created: iso(first.createdAt),
        lastUsed: iso(last.createdAt),
        expires: iso(first.familyExpiresAt),
        active: live,
      },
    ];
  });
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
