import type {
  EmployerOverview,
  PayrollExport,
  PayrollRow,
  PayrollSettings,
  PayrollTotals,
  TenantEmployee,
  TenantPolicyResponse,
} from '@leasing/contract';

/** One person of `GET /v1/tenant/employees`, active with one running lease by default. */
export function buildEmployee(overrides: Partial<TenantEmployee> = {}): TenantEmployee {
  return {
    id: '0b9a3c1e-2f4d-4a5b-8c6d-7e8f9a0b1c2d',
    firstName: 'Max',
    lastName: 'Mustermann',
    email: 'max.mustermann@example.com',
    employeeId: 'M-1001',
    status: 'ACTIVE',
    leavingDate: null,
    orders: [{ orderId: 42, status: 'LEASING_ACTIVE', vehicle: 'Audi Q4 e-tron 45', handoverDate: '2026-02-16' }],
    activeLeases: 1,
    ...overrides,
  };
}

export function buildPayrollTotals(overrides: Partial<PayrollTotals> = {}): PayrollTotals {
  return {
    leases: 1,
    grossConversionEur: 543.21,
    employerContributionEur: 100,
    benefitPrivateUseEur: 132.5,
    benefitCommuteEur: 39.75,
    employeePaysEur: 0,
    employerPaysEur: 0,
    rateInsurancePaysEur: 0,
    settlementEur: 0,
    claimExcessEur: 0,
    employerSavingEur: 108.64,
    employerSavingYearEur: 1303.68,
    savingNotComputed: 0,
    ...overrides,
  };
}

export function buildPayrollRow(overrides: Partial<PayrollRow> = {}): PayrollRow {
  return {
    employeeId: 'M-1001',
    name: 'Max Mustermann',
    orderId: 42,
    grossConversionEur: 543.21,
    employerContributionEur: 100,
    benefitPrivateUseEur: 132.5,
    benefitCommuteEur: 39.75,
    benefitRule: '0,25 %',
    commutingMethod: 'PAUSCHAL_0_03',
    endDate: null,
    change: 'NEW',
    status: 'ACTIVE',
    pause: null,
    employeePaysEur: 0,
    employerPaysEur: 0,
    rateInsurancePaysEur: 0,
    ...overrides,
  };
}

export function buildPayroll(month: string, overrides: Partial<PayrollExport> = {}): PayrollExport {
  return { month, rows: [buildPayrollRow()], totals: buildPayrollTotals(), ...overrides };
}

export function buildOverview(overrides: Partial<EmployerOverview> = {}): EmployerOverview {
  return {
    participants: 12,
    invited: 3,
    leaving: 1,
    openApprovals: 2,
    activeLeases: 7,
    month: '2026-04',
    totals: buildPayrollTotals({ leases: 7, employerSavingEur: 760.48, employerSavingYearEur: 9125.76 }),
    ...overrides,
  };
}

export function buildPayrollSettings(overrides: Partial<PayrollSettings> = {}): PayrollSettings {
  return {
    datevConsultantNumber: '1234567',
    datevClientNumber: '12345',
    wageTypeConversion: 2000,
    wageTypePrivateUse: 2001,
    wageTypeCommute: 2002,
    wageTypeClaimExcess: 2003,
    ...overrides,
  };
}

/** The policy before the employer saved any (version 0). */
export function buildPolicy(overrides: Partial<TenantPolicyResponse> = {}): TenantPolicyResponse {
  return {
    employerSubsidy: { kind: 'NONE', value: 0 },
    maxListPriceEur: null,
    maxMonthlyGrossRateEur: null,
    allowedBrands: [],
    minGrossAfterConversionEur: 2409.29,
    deductionStart: 'HANDOVER_MONTH',
    approval: 'MANUAL',
    version: 0,
    updatedAt: null,
    minGrossAfterConversionSource: 'Gesetzlicher Mindestlohn 2026: 13,90 EUR je Stunde × 173,33 Stunden im Monat',
    ...overrides,
  };
}
