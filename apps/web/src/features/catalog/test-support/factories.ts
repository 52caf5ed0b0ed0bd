import {
  estimatedNetRateCents,
  type PackageTaxResult,
  type PolicyVerdict,
  type Vehicle,
  type VehicleLeasePackage,
  type VehicleSummary,
} from '@leasing/contract';

import { buildTaxResult } from '../../../test/tax-results';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

export function buildSummary(overrides: Partial<VehicleSummary> = {}): VehicleSummary {
  return {
    id: nextId(),
    brand: 'Kia',
    model: 'EV3',
    trimLevel: 'Long Range',
    maximumPowerKw: 150,
    rangeKm: 605,
    mainPhotoUrl: '/media/vehicles/ev3/side-0.svg',
    leaseFrom: 581.14,
    yourLeaseFrom: 322.34,
    estimateLeaseFrom: 344.65,
    listPrice: 42290,
    consumption: 14.9,
    deliveryFromWeeks: 8,
    deliveryToWeeks: 16,
    approximate: true,
    ...overrides,
  };
}

/** A package of the vehicle page; its estimate is the server's (70 % of the gross cost, no subsidy) unless given. */
export function buildPackage(overrides: Partial<VehicleLeasePackage> = {}): VehicleLeasePackage {
  const pkg: Omit<VehicleLeasePackage, 'estimatedUserPrice'> = {
    id: nextId(),
    durationMonths: 36,
    kmPerYear: 10000,
    tires: 'ALL_SEASON',
    userPrice: 328.56,
    grossComparisonCostEur: 606.94,
    grossRetailPriceEur: 42290,
    totalMonthlyGrossCostEur: 505.06,
    maintenanceAndServicingIncluded: true,
    vehicleInsuranceIncluded: true,
    tirePackageIncluded: true,
    tireChangeIncluded: true,
    rateInsuranceIncluded: true,
    costsMoreKilometers: 0.1111,
    reimbursementLessKilometers: 0.0667,
    excessMileageAllowance: 2500,
    exemptionLimitLessKilometers: 2500,
    capFewerKilometers: 7500,
    capExtraKilometers: 15000,
    ...overrides,
  };
  return {
    ...pkg,
    estimatedUserPrice:
      overrides.estimatedUserPrice ?? estimatedNetRateCents(Math.round(pkg.totalMonthlyGrossCostEur * 100)) / 100,
  };
}

/**
 * Every combination of 24/36/48 months, 10,000/15,000 km and both tyre packages. The net rate falls with
 * the duration and rises with km and with two tyre sets, like the demo catalogue; `personal: false`
 * leaves out the net rates (no salary data).
 */
export function buildPackageGrid({ personal = true }: { personal?: boolean } = {}): VehicleLeasePackage[] {
  const packages: VehicleLeasePackage[] = [];
  for (const durationMonths of [24, 36, 48]) {
    for (const kmPerYear of [10000, 15000]) {
      for (const tires of ['ALL_SEASON', 'SUMMER_WINTER_SETS'] as const) {
        const gross =
          500 + (48 - durationMonths) * 1.5 + (kmPerYear - 10000) / 100 + (tires === 'SUMMER_WINTER_SETS' ? 30 : 0);
        packages.push(
          buildPackage({
            durationMonths,
            kmPerYear,
            tires,
            totalMonthlyGrossCostEur: gross,
            grossComparisonCostEur: Math.round(gross * 120) / 100,
            userPrice: personal ? Math.round(gross * 65) / 100 : null,
          }),
        );
      }
    }
  }
  return packages;
}

export function buildVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: nextId(),
    brand: 'Kia',
    carModel: 'EV3',
    trimLevel: 'Long Range',
    maximumPowerKw: 150,
    rangeKm: 605,
    batteryKwh: 78,
    consumption: 14.9,
    listPrice: 42290,
    mainPhotoUrl: '/media/ev3/side-0.svg',
    otherPhotos: ['/media/ev3/front34-0.svg'],
    pictureUrls: ['/media/ev3/side-0.svg', '/media/ev3/front34-0.svg'],
    colors: ['Kupferorange', 'Reflexsilber'],
    deliveryOptions: ['HOME', 'COMPANY', 'DEALER'],
    deliveryFromWeeks: 8,
    deliveryToWeeks: 16,
    vehicleDetails: {
      technicalDetails: 'Antrieb: Elektro\nLeistung: 150 kW (204 PS)',
      standardEquipment: 'Klimaautomatik\nRückfahrkamera',
      specialEquipment: null,
    },
    leasePackages: buildPackageGrid(),
    approximate: true,
    ...overrides,
  };
}

/** The demo employee's payslip for the Kia EV3 lives with the shared test support (the payslip table uses it too). */
export { buildTaxResult } from '../../../test/tax-results';

/** The programme's verdict on a package the employee may order. */
export const ORDERABLE: PolicyVerdict = { orderable: true, reasons: [], policyVersion: 1 };

/** The tax result as `GET /v1/lease-packages/{id}/tax` answers it: with the programme's verdict. */
export function buildPackageTaxResult(overrides: Partial<PackageTaxResult> = {}): PackageTaxResult {
  return { ...buildTaxResult(), policy: ORDERABLE, ...overrides };
}
