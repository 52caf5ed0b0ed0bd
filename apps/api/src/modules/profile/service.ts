import {
  createUserInfoUpdateSchema,
  defaultUserInfoConfig,
  SalaryInfoSchema,
  type FieldError,
  type UserInfoConfig,
  type UserInfoResponse,
} from '@leasing/contract';
import { eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { userAddresses, users } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { readSalaryProfile, writeSalaryProfile } from './salary-store.js';

export interface ProfileDeps {
  db: Database;
  cipher: FieldCipher;
  clock: Clock;
  userInfoConfig: UserInfoConfig;
  /**
   * Told after a successful save, and not waited for: moving the orders made on the old data to
   * BREAKING_CHANGE is work in proportion to the person's open orders, done in the background
   * (the orders' `recheckOrdersAfterSave`, wired in app.ts: profile knows no order).
   */
  onSaved?: (userId: string) => void;
}

interface Owner {
  id: string;
  tenantId: string | null;
}

const ADDRESS_FIELDS = ['street', 'streetNumber', 'postcode', 'place', 'state', 'placeOfBirth'] as const;
const ACCOUNT_FIELDS = ['title', 'firstName', 'lastName', 'employeeId'] as const;

export async function getUserInfo(deps: ProfileDeps, owner: Owner): Promise<UserInfoResponse> {
  const [row] = await deps.db
    .select()
    .from(users)
    .leftJoin(userAddresses, eq(userAddresses.userId, users.id))
    .where(eq(users.id, owner.id))
    .limit(1);
  if (!row) throw notFound();
  const stored = await readSalaryProfile(deps.db, deps.cipher, { userId: owner.id, tenantId: owner.tenantId });
  const addressDto = {
    title: row.users.title,
    firstName: row.users.firstName,
    lastName: row.users.lastName,
    street: row.user_addresses?.street ?? null,
    streetNumber: row.user_addresses?.streetNumber ?? null,
    place: row.user_addresses?.place ?? null,
    postcode: row.user_addresses?.postcode ?? null,
    state: row.user_addresses?.state ?? null,
    placeOfBirth: row.user_addresses?.placeOfBirth ?? null,
    employeeId: row.users.employeeId,
    email: row.users.email,
  };
  const salary = stored ? SalaryInfoSchema.safeParse(stored.salaryInfo) : null;
  const addressComplete = ADDRESS_FIELDS.every((f) => Boolean(addressDto[f]));
  return {
    addressDto,
    salaryInfo: salary?.success ? salary.data : null,
    profileComplete: Boolean(salary?.success) && addressComplete,
  };
}

/**
 * Saves address and salary profile after checking every rule of spec 5 with the same schema as the
 * form. A refused save stores nothing and answers the field errors.
 */
export async function saveUserInfo(deps: ProfileDeps, owner: Owner, body: unknown, requestId: string): Promise<void> {
  const parsed = createUserInfoUpdateSchema(deps.userInfoConfig).safeParse(body);
  if (!parsed.success) {
    const errors: FieldError[] = parsed.error.issues.map((issue) => ({
      field: issue.path.join('.') || 'body',
      message: issue.message,
    }));
    throw new AppError('VALIDATION_FAILED', 'Die Angaben sind unvollständig oder ungültig.', { errors });
  }
  const { addressDto, salaryInfo } = parsed.data;
  const now = deps.clock.now();
  const before = await getUserInfo(deps, owner);
  const changed = [
    ...ACCOUNT_FIELDS.filter((f) => (before.addressDto[f] ?? null) !== (addressDto[f] ?? null)).map(
      (f) => `addressDto.${f}`,
    ),
    ...ADDRESS_FIELDS.filter((f) => (before.addressDto[f] ?? null) !== (addressDto[f] ?? null)).map(
      (f) => `addressDto.${f}`,
    ),
    ...changedSalaryFields(before.salaryInfo, salaryInfo),
  ];
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        title: addressDto.title ?? null,
        firstName: addressDto.firstName,
        lastName: addressDto.lastName,
        employeeId: addressDto.employeeId ?? null,
      })
      .where(eq(users.id, owner.id));
    const address = {
      street: addressDto.street,
      streetNumber: addressDto.streetNumber,
      postcode: addressDto.postcode,
      place: addressDto.place,
      state: addressDto.state,
      placeOfBirth: addressDto.placeOfBirth,
      updatedAt: now,
    };
    await tx
      .insert(userAddresses)
      .values({ userId: owner.id, ...address })
      .onConflictDoUpdate({ target: userAddresses.userId, set: address });
    await writeSalaryProfile(tx, deps.cipher, { userId: owner.id, tenantId: owner.tenantId }, salaryInfo, now);
    await recordAudit(tx, {
      actorUserId: owner.id,
      tenantId: owner.tenantId,
      action: 'profile.updated',
      subjectType: 'user',
      subjectId: owner.id,
      fields: changed,
      requestId,
      at: now,
    });
  });
  deps.onSaved?.(owner.id);
}

function changedSalaryFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  return Object.keys(after)
    .filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => `salaryInfo.${key}`);
}

export function userInfoConfig(deps: ProfileDeps): UserInfoConfig {
  return deps.userInfoConfig ?? defaultUserInfoConfig;
}
