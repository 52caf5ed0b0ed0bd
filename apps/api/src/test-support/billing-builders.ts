import type { BillingProfile, TenantBilling } from '@leasing/contract';
import { monthOfDate } from '@leasing/payroll';

import { leaseLines, type BillableLease } from '../modules/billing/lines.js';
import { invoiceTotals, type InvoiceDraft } from '../modules/billing/totals.js';

/** Factories of the provider's billing: master data, a billable lease, a draft invoice. */

export const DECEMBER_2026 = monthOfDate('2026-12-01', 'month');

/** The provider's billing profile as a test's provider saves it. */
export const billingProfileFixture = (overrides: Partial<BillingProfile> = {}): BillingProfile => ({
  legalName: 'E-Auto-Leasing Service GmbH',
  street: 'Invalidenstraße',
  streetNumber: '12',
  postcode: '10115',
  place: 'Berlin',
  countryCode: 'DE',
  vatId: 'DE123456789',
  taxNumber: null,
  iban: 'DE02 1203 0000 0000 2020 51',
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
  ...overrides,
});

/** Muster GmbH's billing data. */
export const tenantBillingFixture = (overrides: Partial<TenantBilling> = {}): TenantBilling => ({
  billingEmail: 'buchhaltung@muster.example',
  street: 'Musterweg',
  streetNumber: '5',
  postcode: '80331',
  place: 'München',
  countryCode: 'DE',
  vatId: null,
  buyerReference: null,
  isPublicBody: false,
  leitwegId: null,
  format: 'XRECHNUNG_UBL',
  datevDebtorAccount: null,
  ...overrides,
});

export const buildBillableLease = (overrides: Partial<BillableLease> = {}): BillableLease => ({
  orderId: 17,
  car: 'Volkswagen ID.3 Pro S',
  personName: 'Erika Muster',
  employeeId: '4711',
  handoverDate: '2025-03-10',
  durationMonths: 36,
  lastDayOfUse: '2028-03-09',
  monthlyGrossCents: 50776,
  settlement: null,
  terminationFeeGrossCents: null,
  ...overrides,
});

/** The seller as the unit tests draft with it: the profile as saved (IBAN without spaces), no bank details. */
export const sellerFixture: BillingProfile = billingProfileFixture({
  iban: 'DE02120300000000202051',
  bic: null,
  bankName: null,
});

/** A draft invoice of one lease's December 2026; override what a test is about. */
export function buildDraft(overrides: Partial<InvoiceDraft> = {}): InvoiceDraft {
  const lines = leaseLines(buildBillableLease(), DECEMBER_2026);
  return {
    type: 'INVOICE',
    month: '2026-12',
    issueDate: '2027-01-04',
    dueDate: '2027-01-18',
    seller: sellerFixture,
    buyer: { name: 'Muster GmbH', customerNumber: 'K-1234ABCD', billing: tenantBillingFixture() },
    lines,
    totals: invoiceTotals(lines),
    ...overrides,
  };
}

