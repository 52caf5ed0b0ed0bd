import type {
  BillingProfile,
  InvoiceDetail,
  InvoiceRunAnswer,
  InvoiceRunProgress,
  InvoiceSummary,
  TenantBilling,
  TenantBillingAnswer,
} from '@leasing/contract';

export const TENANT_ID = '5b0a4c1e-2f7d-4f55-9a53-4c1b3f2f0a01';
export const INVOICE_ID = '1a2b3c4d-0000-4000-8000-000000000001';
export const CREDIT_NOTE_ID = '1a2b3c4d-0000-4000-8000-000000000002';

/** An issued invoice of Muster GmbH for November 2026, sent to its billing address. */
export function buildInvoiceSummary(overrides: Partial<InvoiceSummary> = {}): InvoiceSummary {
  return {
    id: INVOICE_ID,
    number: 'RE-2026-000001',
    type: 'INVOICE',
    tenantId: TENANT_ID,
    tenantName: 'Muster GmbH',
    month: '2026-11',
    issueDate: '2026-12-01',
    dueDate: '2026-12-15',
    netEur: 1234.5,
    vatEur: 234.56,
    grossEur: 1469.06,
    status: 'ISSUED',
    format: 'XRECHNUNG_UBL',
    mailedAt: '2026-12-01T08:15:00.000Z',
    mailedWithFiles: true,
    ...overrides,
  };
}

export function buildInvoiceDetail(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return {
    ...buildInvoiceSummary(),
    lines: [
      {
        orderId: 42,
        description: 'Leasingrate Audi Q4 e-tron 45, Max Mustermann (M-1001), Vertrag 42',
        quantity: 1,
        unitCode: 'MON',
        netEur: 734.5,
        periodStart: '2026-11-01',
        periodEnd: '2026-11-30',
      },
      {
        orderId: 43,
        description: 'Leasingrate Kia EV6, Erika Musterfrau, Vertrag 43 (anteilig)',
        quantity: 15,
        unitCode: 'DAY',
        netEur: 250,
        periodStart: '2026-11-16',
        periodEnd: '2026-11-30',
      },
      {
        orderId: 44,
        description: 'Abrechnung Rückgabe Vertrag 44: Mehrkilometer',
        quantity: 1,
        unitCode: 'C62',
        netEur: 250,
        periodStart: null,
        periodEnd: null,
      },
    ],
    reason: null,
    xmlSha256: 'a'.repeat(64),
    pdfSha256: 'b'.repeat(64),
    ...overrides,
  };
}

export function buildCreditNote(overrides: Partial<InvoiceDetail> = {}): InvoiceDetail {
  return buildInvoiceDetail({
    id: CREDIT_NOTE_ID,
    number: 'RE-2026-000002',
    type: 'CREDIT_NOTE',
    issueDate: '2026-12-05',
    dueDate: '2026-12-05',
    mailedAt: null,
    mailedWithFiles: null,
    creditNoteOf: { id: INVOICE_ID, number: 'RE-2026-000001' },
    reason: 'Falscher Leasingvertrag abgerechnet',
    ...overrides,
  });
}

export function buildRunAnswer(overrides: Partial<InvoiceRunAnswer> = {}): InvoiceRunAnswer {
  return {
    month: '2026-11',
    created: [buildInvoiceSummary()],
    existing: [
      buildInvoiceSummary({
        id: '1a2b3c4d-0000-4000-8000-000000000003',
        number: 'RE-2026-000000',
        tenantId: '6c1b5d2f-3a8e-4a66-8b64-5d2c4a3b1b02',
        tenantName: 'Beispiel AG',
        grossEur: 595,
      }),
    ],
    skipped: [
      {
        tenantId: '7d2c6e3a-4b9f-4b77-9c75-6e3d5b4c2c03',
        tenantName: 'Stadtwerke Musterstadt',
        reason: 'LEITWEG_ID_MISSING',
        message: 'Öffentlicher Auftraggeber ohne Leitweg-ID: Bitte die Rechnungsdaten ergänzen.',
      },
    ],
    ...overrides,
  };
}

export function buildBillingProfile(overrides: Partial<BillingProfile> = {}): BillingProfile {
  return {
    legalName: 'E-Auto-Leasing GmbH',
    street: 'Leasingallee',
    streetNumber: '1',
    postcode: '10115',
    place: 'Berlin',
    countryCode: 'DE',
    vatId: 'DE123456789',
    taxNumber: null,
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
    bankName: 'Commerzbank',
    contactName: 'Rita Rechnung',
    contactPhone: '+49 30 1234567',
    contactEmail: 'rechnung@leasing.example',
    invoicePrefix: 'RE',
    paymentTermsDays: 14,
    datevRevenueAccount: '8400',
    datevDebtorAccount: '10000',
    datevTaxKey: null,
    datevConsultantNumber: '1234567',
    datevClientNumber: '12345',
    ...overrides,
  };
}

export function buildTenantBilling(overrides: Partial<TenantBilling> = {}): TenantBilling {
  return {
    billingEmail: 'rechnungen@muster.example',
    street: 'Industriestraße',
    streetNumber: '7',
    postcode: '50667',
    place: 'Köln',
    countryCode: 'DE',
    vatId: 'DE987654321',
    buyerReference: 'KST-4711',
    isPublicBody: false,
    leitwegId: null,
    format: 'XRECHNUNG_UBL',
    datevDebtorAccount: null,
    ...overrides,
  };
}

export function buildTenantBillingAnswer(billing: TenantBilling | null = buildTenantBilling()): TenantBillingAnswer {
  return { tenantId: TENANT_ID, tenantName: 'Muster GmbH', billing };
}

/** A run's record as `GET /v1/provider/invoices/runs/{runId}` answers it. */
export function buildRunProgress(overrides: Partial<InvoiceRunProgress> = {}): InvoiceRunProgress {
  return {
    runId: '2b3c4d5e-0000-4000-8000-000000000001',
    month: '2026-11',
    status: 'RUNNING',
    employersTotal: 300,
    employersDone: 120,
    createdCount: 117,
    skippedCount: 3,
    startedAt: '2026-12-01T08:00:00.000Z',
    finishedAt: null,
    answer: null,
    ...overrides,
  };
}
