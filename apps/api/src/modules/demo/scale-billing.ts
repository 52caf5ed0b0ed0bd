import {
  BillingProfileSchema,
  leitwegIdCheckDigits,
  TenantBillingSchema,
  type BillingProfile,
  type InvoiceFormat,
  type TenantBilling,
} from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { billingProfile, tenantBilling } from '../../db/schema-billing.js';
import { between } from './scale-plan.js';

/**
 * The billing master data of a generated provider (ADR 0052): the provider's billing profile and
 * every employer's billing data, as the back office would have saved them (each checked by the
 * contract's schema). Most employers take XRechnung UBL, some CII or ZUGFeRD; about one in twenty is
 * a public body with a Leitweg-ID of its place (its municipality key and the MOD 97-10 check digits),
 * and two more public bodies have none yet, which the monthly run skips.
 */

/** The provider: the seller of every invoice (one row; a profile already saved is kept). */
export const SCALE_BILLING_PROFILE: BillingProfile = BillingProfileSchema.parse({
  legalName: 'E-Auto-Leasing Service GmbH',
  street: 'Invalidenstraße',
  streetNumber: '12',
  postcode: '10115',
  place: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE123456789',
  taxNumber: '30/123/45678',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
  bankName: 'Deutsche Kreditbank',
  contactName: 'Forderungsmanagement',
  contactPhone: '+49 30 1234567',
  contactEmail: 'rechnung@e-auto-leasing.example',
  invoicePrefix: 'RE',
  paymentTermsDays: 14,
  datevRevenueAccount: '8400',
  datevDebtorAccount: '10000',
  datevTaxKey: null,
  datevConsultantNumber: '1001',
  datevClientNumber: '1',
});

/** The official municipality key (AGS) of the generator's places: a public body's coarse address. */
const MUNICIPALITY_KEYS: Record<string, string> = {
  Köln: '05315000',
  München: '09162000',
  Berlin: '11000000',
  Hamburg: '02000000',
  Leipzig: '14713000',
  Stuttgart: '08111000',
  'Frankfurt am Main': '06412000',
  Hannover: '03241001',
  Dresden: '14612000',
  Bremen: '04011000',
  Mainz: '07315000',
};

/** A Leitweg-ID of the municipality of `place`: coarse address, a fine address, check digits. */
export function leitwegIdOf(place: string, fine: string): string {
  const coarse = MUNICIPALITY_KEYS[place] ?? '99';
  return `${coarse}-${fine}-${leitwegIdCheckDigits(coarse, fine)}`;
}

/** The employers (by their position, the demo employer 0) that are public bodies without a Leitweg-ID yet. */
const WITHOUT_LEITWEG_ID = new Set([15, 35]);

export interface BilledEmployer {
  tenantId: string;
  street: string;
  streetNumber: string;
  postcode: string;
  place: string;
  /** The domain of the employer's addresses (`firma7.example.com`). */
  domain: string;
}

/**
 * The billing data of the `k`-th employer (0: the demo employer). Every 20th from the 10th is a public
 * body with a Leitweg-ID (XRechnung, UBL or CII), the 15th and the 35th are public bodies without one;
 * of the others about 80 % take UBL, 12 % CII and 8 % ZUGFeRD, some with a VAT id, an own buyer
 * reference or an own DATEV debtor account.
 */
export function tenantBillingOf(k: number, employer: BilledEmployer, random: () => number): TenantBilling {
  const publicBody = k % 20 === 10 || WITHOUT_LEITWEG_ID.has(k);
  const r = random();
  const format: InvoiceFormat = publicBody
    ? r < 0.7
      ? 'XRECHNUNG_UBL'
      : 'XRECHNUNG_CII'
    : r < 0.8
      ? 'XRECHNUNG_UBL'
      : r < 0.92
        ? 'XRECHNUNG_CII'
        : 'ZUGFERD_EN16931';
  return TenantBillingSchema.parse({
    billingEmail: `rechnung@${employer.domain}`,
    street: employer.street,
    streetNumber: employer.streetNumber,
    postcode: employer.postcode,
    place: employer.place,
    countryCode: 'DE',
    vatId: !publicBody && random() < 0.6 ? `DE${String(between(random, 100_000_000, 999_999_999))}` : null,
    buyerReference: !publicBody && random() < 0.3 ? `KST-${between(random, 1000, 9999)}` : null,
    isPublicBody: publicBody,
    leitwegId: publicBody && !WITHOUT_LEITWEG_ID.has(k) ? leitwegIdOf(employer.place, `K${k}`) : null,
    format,
    datevDebtorAccount: random() < 0.25 ? String(10_000 + k) : null,
  });
}

/** Writes the profile (unless one is saved) and the employers' billing data (unless theirs is). */
export async function seedBilling(
  db: Database,
  employers: readonly BilledEmployer[],
  random: () => number,
  now: Date,
): Promise<{ billed: number; publicBodies: number; withoutLeitwegId: number; byFormat: Record<string, number> }> {
  await db
    .insert(billingProfile)
    .values({ id: 1, profile: SCALE_BILLING_PROFILE, updatedAt: now })
    .onConflictDoNothing();
  const rows = employers.map((employer, k) => ({
    tenantId: employer.tenantId,
    billing: tenantBillingOf(k, employer, random),
    updatedAt: now,
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(tenantBilling)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing();
  }
  const byFormat: Record<string, number> = {};
  for (const row of rows) byFormat[row.billing.format] = (byFormat[row.billing.format] ?? 0) + 1;
  const publicBodies = rows.filter((r) => r.billing.isPublicBody);
  return {
    billed: rows.length,
    publicBodies: publicBodies.length,
    withoutLeitwegId: publicBodies.filter((r) => !r.billing.leitwegId).length,
    byFormat,
  };
}
