import type { LeasePackage, Order, TaxResult } from '@leasing/contract';

import type { FieldCipher } from '../../lib/field-encryption.js';

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

const aad = (orderId: number | string, tenantId: string) => `orders:private:${orderId}:${tenantId}`;

/** The order id is not known before the insert, so the AAD binds owner and tenant instead. */
export function sealPrivate(cipher: FieldCipher, userId: string, tenantId: string, value: PrivateSnapshot) {
  return cipher.encrypt(JSON.stringify(value), aad(userId, tenantId));
}

export function openPrivate(
  cipher: FieldCipher,
  row: { userId: string; tenantId: string; privateKeyId: string; privateIv: Buffer; privateCiphertext: Buffer },
): PrivateSnapshot {
  const json = cipher.decrypt(
    { keyId: row.privateKeyId, iv: row.privateIv, ciphertext: row.privateCiphertext },
    aad(row.userId, row.tenantId),
  );
  return JSON.parse(json) as PrivateSnapshot;
}
