import type { LeasePackage, Order, TaxResult } from '@leasing/contract';

import type { EncryptedValue, FieldCipher } from '../../lib/field-encryption.js';

/** Vehicle and package terms frozen at order time (not personal: stored as JSON). */
export interface OrderTerms {
  vehicle: Order['vehicle'] & {
    batteryKwh: number;
    driveType: string;
    listPriceGrossCents: number;
    approximate: boolean;
  };
  leasePackage: LeasePackage;
  totalMonthlyGrossCostCents: number;
  grossComparisonCostCents: number;
}

/** The employee's data frozen at order time: encrypted at rest like the salary profile. */
export interface PrivateSnapshot {
  orderUserInfo: Order['orderUserInfo'] & { dateOfBirth: string | null };
  /** Null once the person erased their account: kept signed orders keep only what the contract needs. */
  taxResult: TaxResult | null;
  conversion: {
    monthlyConversionCents: number;
    employerContributionCents: number;
    netMonthlyRateCents: number;
    privateUseBenefitCents: number;
    commutingBenefitCents: number;
    benefitRuleLabel: string;
    /** The tax result's warnings (JAEG, Midijob, minimum wage) for the contract; absent in older orders. */
    warnings?: { code: string; message: string }[];
  };
}

/** The order a snapshot belongs to: its ciphertext opens only in this row (security checklist 24). */
export interface SnapshotOwner {
  id: number;
  userId: string;
  tenantId: string;
}

/** New snapshots bind the row; version 1 (before) bound only owner and employer. */
export const SNAPSHOT_AAD_VERSION = 2;

function aad(order: SnapshotOwner, version: number): string {
  return version === 1
    ? `orders:private:${order.userId}:${order.tenantId}`
    : `orders:private:v2:${order.id}:${order.userId}:${order.tenantId}`;
}

export type SealedSnapshot = EncryptedValue & { aadVersion: number };

/** Seals a snapshot for one order row (its id is taken before the insert, see create-order.ts). */
export function sealPrivate(cipher: FieldCipher, order: SnapshotOwner, value: PrivateSnapshot): SealedSnapshot {
  return {
    ...cipher.encrypt(JSON.stringify(value), aad(order, SNAPSHOT_AAD_VERSION)),
    aadVersion: SNAPSHOT_AAD_VERSION,
  };
}

export interface SealedSnapshotRow extends SnapshotOwner {
  privateKeyId: string;
  privateIv: Buffer;
  privateCiphertext: Buffer;
  privateAadVersion: number;
}

export function openPrivate(cipher: FieldCipher, row: SealedSnapshotRow): PrivateSnapshot {
  const json = cipher.decrypt(
    { keyId: row.privateKeyId, iv: row.privateIv, ciphertext: row.privateCiphertext },
    aad(row, row.privateAadVersion),
  );
  return JSON.parse(json) as PrivateSnapshot;
}
