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
import { userAddresses } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { accountDetailsOf, saveAccountDetails } from '../account/index.js';
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

/** The person's details as an order freezes them and the form shows them (spec 3 addressDto); undefined without an account. */
export async function addressDtoOf(db: Database, userId: string): Promise<UserInfoResponse['addressDto'] | undefined> {
  const account = await accountDetailsOf(db, userId);
  if (!account) return undefined;
  const [address] = await db.select().from(userAddresses).where(eq(userAddresses.userId, userId)).limit(1);
  return {
    title: account.title,
    firstName: account.firstName,
    lastName: account.lastName,
    street: address?.street ?? null,
    streetNumber: address?.streetNumber ?? null,
    place: address?.place ?? null,
    postcode: address?.postcode ?? null,
    state: address?.state ?? null,
    placeOfBirth: address?.placeOfBirth ?? null,
    employeeId: account.employeeId,
    email: account.email,
  };
}

export async function getUserInfo(deps: ProfileDeps, owner: Owner): Promise<UserInfoResponse> {
  const addressDto = await addressDtoOf(deps.db, owner.id);
  if (!addressDto) throw notFound();
  const stored = await readSalaryProfile(deps.db, deps.cipher, { userId: owner.id, tenantId: owner.tenantId });
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
    await saveAccountDetails(tx, owner.id, {
      title: addressDto.title ?? null,
      firstName: addressDto.firstName,
      lastName: addressDto.lastName,
      employeeId: addressDto.employeeId ?? null,
    });
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
