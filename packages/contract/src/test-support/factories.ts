import type { SalaryInfoInput } from '../user-info.js';

/** Factory with overrides: a valid statutory profile. */
export function buildSalaryInfo(
  overrides: Partial<Record<keyof SalaryInfoInput, unknown>> = {},
): Record<string, unknown> {
  return {
    federalState: 'NW',
    dateOfBirth: '1986-04-12',
    grossMonthlySalaryEur: 5200,
    taxClass: 1,
    spouseFactor: null,
    taxAllowance: 0,
    children: false,
    childrenUnder25: 0,
    childrenAllowances: 0,
    pensionInsurance: true,
    unemploymentInsurance: true,
    churchTax: true,
    akb: false,
    healthInsurance: 'STATUTORY',
    basicRateHealthInsurance: 14.6,
    additionalAmountHealthInsurance: 2.9,
    arbeitgeberzuschuss: false,
    beitragPkv: null,
    beitragPv: null,
    basisbeitragSteuerrelevant: null,
    companyPensionPlan: 0,
    arrivalKilometers: 18,
    arrivalNumber: 15,
    salaryConversions: [],
    ...overrides,
  };
}

/** Factory with overrides: a valid addressDto. */
export function buildAddress(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'mr',
    firstName: 'Max',
    lastName: 'Mustermann',
    street: 'Musterstraße',
    streetNumber: '12a',
    place: 'Köln',
    postcode: '50667',
    state: 'NW',
    placeOfBirth: 'Köln',
    employeeId: null,
    ...overrides,
  };
}
