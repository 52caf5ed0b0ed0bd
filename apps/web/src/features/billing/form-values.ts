import type { z } from 'zod/mini';

import type { BillingProfile, BillingProfileSchema, TenantBilling, TenantBillingSchema } from '@leasing/contract';

/** What the forms hold: every text as a string (an empty optional field is ''), sent as null when empty. */
export type BillingProfileInput = z.input<typeof BillingProfileSchema>;
export type TenantBillingInput = z.input<typeof TenantBillingSchema>;

const PROFILE_OPTIONAL = ['vatId', 'taxNumber', 'bic', 'bankName', 'datevTaxKey'] as const;
const TENANT_OPTIONAL = ['vatId', 'buyerReference', 'leitwegId', 'datevDebtorAccount'] as const;

const orNull = (value: string | null | undefined) =>
  value === undefined || value === null || value === '' ? null : value;

export function profileToForm(profile: BillingProfile | null): BillingProfileInput {
  return {
    legalName: profile?.legalName ?? '',
    street: profile?.street ?? '',
    streetNumber: profile?.streetNumber ?? '',
    postcode: profile?.postcode ?? '',
    place: profile?.place ?? '',
    countryCode: profile?.countryCode ?? 'DE',
    vatId: profile?.vatId ?? '',
    taxNumber: profile?.taxNumber ?? '',
    iban: profile?.iban ?? '',
    bic: profile?.bic ?? '',
    bankName: profile?.bankName ?? '',
    contactName: profile?.contactName ?? '',
    contactPhone: profile?.contactPhone ?? '',
    contactEmail: profile?.contactEmail ?? '',
    invoicePrefix: profile?.invoicePrefix ?? '',
    paymentTermsDays: profile?.paymentTermsDays ?? 14,
    datevRevenueAccount: profile?.datevRevenueAccount ?? '',
    datevDebtorAccount: profile?.datevDebtorAccount ?? '',
    datevTaxKey: profile?.datevTaxKey ?? '',
    datevConsultantNumber: profile?.datevConsultantNumber ?? '',
    datevClientNumber: profile?.datevClientNumber ?? '',
  };
}

/** The checked values as sent: empty optional fields as null. */
export function profileToBody(values: BillingProfile): BillingProfile {
  const body = { ...values };
  for (const field of PROFILE_OPTIONAL) body[field] = orNull(values[field]);
  return body;
}

/** An employer's address where no billing data is saved yet: its master data as a suggestion. */
export interface AddressSuggestion {
  street?: string | null;
  streetNumber?: string | null;
  postcode?: string | null;
  place?: string | null;
  contactEmail?: string | null;
}

export function tenantBillingToForm(
  billing: Partial<TenantBilling> | null,
  suggestion: AddressSuggestion = {},
): TenantBillingInput {
  if (!billing) {
    return {
      billingEmail: suggestion.contactEmail ?? '',
      street: suggestion.street ?? '',
      streetNumber: suggestion.streetNumber ?? '',
      postcode: suggestion.postcode ?? '',
      place: suggestion.place ?? '',
      countryCode: 'DE',
      vatId: '',
      buyerReference: '',
      isPublicBody: false,
      leitwegId: '',
      format: 'XRECHNUNG_UBL',
      datevDebtorAccount: '',
    };
  }
  return {
    billingEmail: billing.billingEmail ?? '',
    street: billing.street ?? '',
    streetNumber: billing.streetNumber ?? '',
    postcode: billing.postcode ?? '',
    place: billing.place ?? '',
    countryCode: billing.countryCode ?? 'DE',
    vatId: billing.vatId ?? '',
    buyerReference: billing.buyerReference ?? '',
    isPublicBody: billing.isPublicBody ?? false,
    leitwegId: billing.leitwegId ?? '',
    format: billing.format ?? 'XRECHNUNG_UBL',
    datevDebtorAccount: billing.datevDebtorAccount ?? '',
  };
}

/** The checked values as sent: empty optional fields as null, no Leitweg-ID for a buyer that is not public. */
export function tenantBillingToBody(values: TenantBilling): TenantBilling {
  const body = { ...values };
  for (const field of TENANT_OPTIONAL) body[field] = orNull(values[field]);
  if (!body.isPublicBody) body.leitwegId = null;
  return body;
}
