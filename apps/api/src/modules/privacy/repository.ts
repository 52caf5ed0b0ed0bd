import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema-idempotency.js';
import {
  identCases,
  orders,
  outbox,
  salaryProfiles,
  tenants,
  userAddresses,
  users,
  userSteps,
} from '../../db/schema.js';
import { mfaChallenges, mfaRecoveryCodes, oneTimeCodes, refreshTokens } from '../../db/schema-auth.js';
import { scimIdentities } from '../../db/schema-scim.js';
import { ssoIdentities } from '../../db/schema-sso.js';
import type { SealedSnapshot } from '../orders/index.js';

export type OrderRow = typeof orders.$inferSelect;

/** A timestamp bound as text: both drivers read it the same way (see auth/repository.ts). */
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

// ---------------------------------------------------------------------------------------------
// Reading one person's data (the export)

export async function findAccount(db: Database, userId: string) {
  const [row] = await db
    .select({ user: users, employer: tenants.name })
    .from(users)
    .leftJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findAddress(db: Database, userId: string) {
  const [row] = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId)).limit(1);
  return row;
}

export async function salaryProfileUpdatedAt(db: Database, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ updatedAt: salaryProfiles.updatedAt })
    .from(salaryProfiles)
    .where(eq(salaryProfiles.userId, userId))
    .limit(1);
  return row?.updatedAt;
}

export async function ordersOf(db: Database, userId: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.id));
}

export async function stepsOf(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(userSteps).where(inArray(userSteps.orderId, orderIds)).orderBy(asc(userSteps.seq));
}

export async function identCasesOf(db: Database, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: identCases.orderId,
      kind: identCases.kind,
      status: identCases.status,
      providerCaseId: identCases.providerCaseId,
      createdAt: identCases.createdAt,
      updatedAt: identCases.updatedAt,
    })
    .from(identCases)
    .where(inArray(identCases.orderId, orderIds))
    .orderBy(asc(identCases.createdAt));
}

export async function refreshTokensOf(db: Database, userId: string) {
  return db
    .select({
      familyId: refreshTokens.familyId,
      createdAt: refreshTokens.createdAt,
      familyExpiresAt: refreshTokens.familyExpiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.userId, userId))
    .orderBy(asc(refreshTokens.createdAt));
}

export async function unusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return Number(row?.n ?? 0);
}

export async function codesOf(db: Database, userId: string) {
  return db
    .select({
      purpose: oneTimeCodes.purpose,
      createdAt: oneTimeCodes.createdAt,
      expiresAt: oneTimeCodes.expiresAt,
      usedAt: oneTimeCodes.usedAt,
      newEmail: oneTimeCodes.newEmail,
    })
    .from(oneTimeCodes)
    .where(eq(oneTimeCodes.userId, userId))
    .orderBy(asc(oneTimeCodes.createdAt));
}

// ---------------------------------------------------------------------------------------------
// Erasing one person's data

/** The user row, locked until the transaction ends: parallel erasures of one account run one after the other. */
export async function lockUser(tx: Database, userId: string) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  return row;
}

export async function deleteOrders(tx: Database, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  // Status records, provider cases and documents go with the order (ON DELETE CASCADE).
  const deleted = await tx.delete(orders).where(inArray(orders.id, orderIds)).returning({ id: orders.id });
  return deleted.length;
}

export async function replacePrivateSnapshot(tx: Database, orderId: number, sealed: SealedSnapshot): Promise<void> {
  await tx
    .update(orders)
    .set({
      privateKeyId: sealed.keyId,
      privateIv: sealed.iv,
      privateCiphertext: sealed.ciphertext,
      privateAadVersion: sealed.aadVersion,
    })
    .where(eq(orders.id, orderId));
}

/** Provider links carry access to the provider's pages; the case ids stay as evidence of the signature. */
export async function dropCaseLinks(tx: Database, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.update(identCases).set({ link: null }).where(inArray(identCases.orderId, orderIds));
}

/**
 * Everything of a person that lives in rows of its own: address, salary, codes, sessions, second
 * factor, and the remembered answers of their recent writes (an order's answer names the car and rate).
 */
export async function deletePersonalRows(tx: Database, userId: string): Promise<void> {
  await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
  await tx.delete(salaryProfiles).where(eq(salaryProfiles.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
  // The employer's directory's anchor (externalId): provisioned again, the person is a new account.
  await tx.delete(scimIdentities).where(eq(scimIdentities.userId, userId));
  // The company sign-in's link (issuer and the IdP's id of the person): signing in again makes a new account.
  await tx.delete(ssoIdentities).where(eq(ssoIdentities.userId, userId));
}

/** The address that replaces an erased person's: unique like an address, deliverable nowhere (RFC 6761 .invalid). */
export const erasedEmail = (userId: string) => `geloescht-${userId}@invalid`;

/**
 * What is left of the account row: id, employer, role and dates (kept orders refer to it). Without a
 * password hash, a confirmed address or an enabled state no sign-in can ever succeed again, and
 * access tokens issued before now are refused.
 */
export async function anonymiseUser(tx: Database, userId: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      email: erasedEmail(userId),
      passwordHash: null,
      title: null,
      firstName: '',
      lastName: '',
      employeeId: null,
      emailConfirmedAt: null,
      disabledAt: now,
      deletedAt: now,
      tokensValidAfter: at(now),
      mfaSecretKeyId: null,
      mfaSecretIv: null,
      mfaSecretCiphertext: null,
      mfaEnabledAt: null,
      mfaLastStep: null,
    })
    .where(eq(users.id, userId));
}

/** Needs the platform's scope: mails to an erased address, sent or not, are of no further use. */
export async function deleteMailsTo(db: Database, email: string): Promise<number> {
  const deleted = await db.delete(outbox).where(eq(outbox.recipient, email)).returning({ id: outbox.id });
  return deleted.length;
}
