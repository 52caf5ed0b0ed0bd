import type { TransferContractInput } from '../modules/contract/contract-pdf.js';

/** Inputs of the transfer contract for its tests: a typical order, a signature, hostile values. */
export function typicalInput(overrides: Partial<TransferContractInput> = {}): TransferContractInput {
  return {
    orderId: 10234,
    createdAt: '2026-11-23T09:15:00Z',
    employer: { name: 'Muster Maschinenbau GmbH' },
    employee: {
      title: 'ms',
      firstName: 'Erika',
      lastName: 'Mustermann',
      street: 'Hauptstraße',
      streetNumber: '12a',
      postcode: '70173',
      place: 'Stuttgart',
      placeOfBirth: 'Ulm',
      dateOfBirth: '1988-04-17',
      employeeId: 'P-4711',
      email: 'erika.mustermann@example.com',
    },
    vehicle: {
      brand: 'Volkswagen',
      model: 'ID.4',
      trimLevel: 'Pro Performance',
      listPriceGrossCents: 4_799_500,
      maximumPowerKw: 210,
      rangeKm: 550,
      batteryKwh: 77,
      color: 'Moonstone-Grau Metallic',
      approximate: true,
    },
    leasePackage: {
      durationMonths: 36,
      kmPerYear: 15_000,
      tires: 'SUMMER_WINTER_SETS',
      totalMonthlyGrossCostCents: 61_234,
      costsMoreKilometers: 0.0832,
      reimbursementLessKilometers: 0.0416,
      excessMileageAllowance: 2_500,
      exemptionLimitLessKilometers: 2_500,
      capFewerKilometers: 7_500,
      capExtraKilometers: 15_000,
      maintenanceAndServicingIncluded: true,
      vehicleInsuranceIncluded: true,
      tirePackageIncluded: true,
      tireChangeIncluded: true,
      rateInsuranceIncluded: false,
    },
    delivery: 'COMPANY',
    conversion: {
      monthlyConversionCents: 56_234,
      employerContributionCents: 5_000,
      netMonthlyRateCents: 31_456,
      privateUseBenefitCents: 11_999,
      commutingBenefitCents: 4_320,
      benefitRuleLabel: '0,25 % des Bruttolistenpreises',
    },
    ...overrides,
  };
}

export const SIGNATURE = {
  signedAt: '2026-11-24T13:05:00Z',
  signerName: 'Erika Mustermann',
  method: 'Qualifizierte elektronische Signatur (Simulator)',
  caseId: 'SIM-2026-000123',
};

export const HOSTILE_NAME =
  'Robert\u0000"); DROP TABLE\n<script>alert(1)</script> )\n/JS (app.alert(1)) %PDF-1.7 \u202Eevil\u202C\u200F ' +
  '😀👨‍👩‍👧 שלום مرحبا Z̷̢̛̖̗͙a̵̡̛l̸g̶o';

export function hostileInput(): TransferContractInput {
  const base = typicalInput();
  return {
    ...base,
    employer: { name: `ACME ${'W'.repeat(600)} <script>` },
    employee: {
      ...base.employee,
      title: 'other',
      firstName: `${HOSTILE_NAME} ${'x'.repeat(500)}`,
      lastName: 'A'.repeat(500),
      street: 'Straße\r\n\tmit\u0007Steuerzeichen',
      streetNumber: '1\u0000',
      place: '東京 \uD800',
      placeOfBirth: '\u202E<script>alert(2)</script>',
      email: `${'a'.repeat(300)}@example.com`,
      employeeId: '%%EOF\nendobj',
    },
    vehicle: { ...base.vehicle, color: '\u{F0000}privat', model: 'M'.repeat(2_000), trimLevel: ') Tj /JS (' },
    conversion: { ...base.conversion, benefitRuleLabel: 'BT /F1 12 Tf (x) Tj ET' },
    signature: { ...SIGNATURE, signerName: HOSTILE_NAME, caseId: `${'9'.repeat(400)}\n` },
  };
}

// ---------------------------------------------------------------------------------------------
// A small text extractor: decodes the glyph ids of every text-showing operator through the
// fonts' ToUnicode maps, with position, size and font of each run.
// ---------------------------------------------------------------------------------------------
