import type { Order, StepDefinition, StepType, UserStep } from '@leasing/contract';

import { buildOrderTaxResult } from '../../../test/tax-results';

/** The server's step definitions (ids are stable; flags as in the API's step table). */
const step = (id: number, stepType: StepType, flags: Partial<StepDefinition> = {}): StepDefinition => ({
  id,
  stepType,
  stepName: stepType,
  orderNumber: id,
  final: false,
  success: false,
  userEnabled: false,
  userVisible: true,
  adminVisible: true,
  adminEnabled: false,
  tenantAdminVisible: true,
  tenantAdminEnabled: false,
  ...flags,
});

export const STEPS: StepDefinition[] = [
  step(1, 'CONFIRM_SUMMARY', { userEnabled: true }),
  step(2, 'PREVIEW_CONTRACT', { userEnabled: true }),
  step(3, 'NECT_DRIVERS_LICENCE', { userEnabled: true }),
  step(4, 'NECT_SIGN', { userEnabled: true }),
  step(5, 'TENANT_ADMIN_CLICK_CONFIRM', { tenantAdminEnabled: true }),
  step(6, 'ADMIN_CONFIRM', { adminEnabled: true }),
  step(7, 'LEASING_ACTIVE', { final: true, success: true, adminEnabled: true }),
  step(8, 'DECLINED_BY_TENANT', { final: true }),
  step(9, 'DECLINED_BY_ADMIN', { final: true }),
  step(10, 'EXPIRED', { final: true }),
  step(11, 'BREAKING_CHANGE', { final: true }),
  step(14, 'CANCELLED_BY_EMPLOYEE', { final: true }),
];

export const stepIdOf = (type: StepType): number => {
  const found = STEPS.find((s) => s.stepType === type);
  if (!found) throw new Error(type);
  return found.id;
};

let recordCounter = 0;

/** A status record; `minute` orders records in time (2026-03-01T10:<minute>). */
export function record(type: StepType, status: UserStep['status'], minute: number, id?: string): UserStep {
  recordCounter += 1;
  return {
    id: id ?? `00000000-0000-4000-8000-${String(recordCounter).padStart(12, '0')}`,
    stepId: stepIdOf(type),
    status,
    modified: `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
  };
}

/**
 * Records of the happy path up to (and including) `current`, as the server writes them: each
 * transition accepts the current step and opens the next one at the same instant.
 */
export function recordsUpTo(current: StepType): UserStep[] {
  const path: StepType[] = [
    'CONFIRM_SUMMARY',
    'PREVIEW_CONTRACT',
    'NECT_DRIVERS_LICENCE',
    'NECT_SIGN',
    'TENANT_ADMIN_CLICK_CONFIRM',
    'ADMIN_CONFIRM',
    'LEASING_ACTIVE',
  ];
  const records: UserStep[] = [];
  for (const [index, type] of path.entries()) {
    if (index > path.indexOf(current)) break;
    const open = record(type, null, index);
    records.push(open);
    if (type !== current) records.push(record(type, 'ACCEPTED', index + 1));
  }
  return records;
}

export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: 42,
    created: '2026-03-01T09:00:00.000Z',
    status: 'CONFIRM_SUMMARY',
    leasePackage: {
      id: '7f9c2a59-6d7c-4d8a-9a53-4c1b3f2f0a01',
      durationMonths: 48,
      kmPerYear: 10000,
      tires: 'ALL_SEASON',
      userPrice: 427,
      grossComparisonCostEur: 759,
      grossRetailPriceEur: 57900,
      totalMonthlyGrossCostEur: 643,
      maintenanceAndServicingIncluded: true,
      vehicleInsuranceIncluded: true,
      tirePackageIncluded: true,
      tireChangeIncluded: true,
      rateInsuranceIncluded: true,
      costsMoreKilometers: 0.1234,
      reimbursementLessKilometers: 0.05,
      excessMileageAllowance: 2500,
      exemptionLimitLessKilometers: 2500,
      capFewerKilometers: 10000,
      capExtraKilometers: 10000,
    },
    vehicle: {
      id: '2b1f7f0e-2f44-4b7e-9d0e-0c7f6b1d5a10',
      brand: 'Audi',
      carModel: 'Q4 e-tron',
      trimLevel: '45',
      maximumPowerKw: 210,
      rangeKm: 562,
      consumption: 15.8,
      listPrice: 57900,
      mainPhotoUrl: '/media/q4.svg',
      pictureUrls: ['/media/q4.svg', '/media/q4-front.svg'],
      deliveryFromWeeks: 12,
      deliveryToWeeks: 24,
      vehicleDetails: {
        technicalDetails: 'Antrieb: Elektro',
        standardEquipment: 'Klimaautomatik',
        specialEquipment: null,
      },
    },
    color: 'Kupferorange',
    delivery: 'HOME',
    orderUserInfo: {
      addressDto: {
        title: 'mr',
        firstName: 'Max',
        lastName: 'Mustermann',
        street: 'Musterstraße',
        streetNumber: '12a',
        place: 'Köln',
        postcode: '50667',
        state: 'NW',
        placeOfBirth: 'Köln',
        employeeId: 'M-1001',
        email: 'max.mustermann@example.com',
      },
      salaryInfo: {
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
        arrivalKilometers: 18,
        arrivalNumber: 15,
        salaryConversions: [],
      },
    },
    taxResult: buildOrderTaxResult(),
    steps: STEPS,
    userSteps: recordsUpTo('CONFIRM_SUMMARY'),
    documents: [],
    employee: { firstName: 'Max', lastName: 'Mustermann', email: 'max.mustermann@example.com', employeeId: 'M-1001' },
    tenantName: 'Muster GmbH',
    declineReason: null,
    handoverDate: null,
    deliveryWindow: null,
    employerApproval: null,
    cancellation: null,
    providerCaseFailure: null,
    ...overrides,
  };
}

/** An order standing at `current` on the happy path. */
export function orderAt(current: StepType, overrides: Partial<Order> = {}): Order {
  return buildOrder({ status: current, userSteps: recordsUpTo(current), ...overrides });
}
