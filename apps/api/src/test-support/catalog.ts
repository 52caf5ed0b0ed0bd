import type { CatalogPackage, CatalogVehicle } from '../modules/catalog/catalog-snapshot.js';

/** A package of the catalogue in memory, with prices that differ by its terms. */
export function catalogPackage(
  id: string,
  vehicleId: string,
  durationMonths: number,
  kmPerYear: number,
): CatalogPackage {
  return {
    id,
    vehicleId,
    durationMonths,
    kmPerYear,
    tires: 'ALL_SEASON',
    totalMonthlyGrossCostCents: 50_000 + durationMonths * 100 + kmPerYear / 100,
    grossComparisonCostCents: 70_000,
    maintenanceAndServicingIncluded: true,
    vehicleInsuranceIncluded: true,
    tirePackageIncluded: true,
    tireChangeIncluded: false,
    rateInsuranceIncluded: false,
    costsMoreKilometers: 0.125,
    reimbursementLessKilometers: 0.0625,
    excessMileageAllowance: 2500,
    exemptionLimitLessKilometers: 2500,
    capFewerKilometers: 10_000,
    capExtraKilometers: 20_000,
  };
}

/** A vehicle of the catalogue in memory (the demo's Kia EV3) with a 24- and a 36-month package. */
export function catalogVehicle(id: string, fields: Partial<CatalogVehicle> = {}): CatalogVehicle {
  return {
    id,
    brand: 'Kia',
    model: 'EV3',
    trimLevel: 'GT-Line',
    segment: 'compact',
    driveType: 'BEV',
    maximumPowerKw: 150,
    rangeKm: 560,
    consumption: 15.4,
    batteryKwh: 78,
    listPriceGrossCents: 4_199_000,
    deliveryFromWeeks: 8,
    deliveryToWeeks: 16,
    colors: [],
    deliveryOptions: [],
    technicalDetails: null,
    standardEquipment: null,
    specialEquipment: null,
    approximate: false,
    photos: [],
    packages: [
      catalogPackage(`${id.slice(0, 24)}000000000024`, id, 24, 10_000),
      catalogPackage(`${id.slice(0, 24)}000000000036`, id, 36, 15_000),
    ],
    ...fields,
  };
}
