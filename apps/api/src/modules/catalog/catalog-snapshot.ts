import type { DeliveryOption, Tires } from '@leasing/contract';
import { asc, eq } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import {
  carModels,
  catalogState,
  leasePackages,
  manufacturers,
  vehiclePhotos,
  vehicles,
} from '../../db/schema-catalog.js';

/** One lease package as the API serves it; money in integer cents. */
export interface CatalogPackage {
  id: string;
  vehicleId: string;
  durationMonths: number;
  kmPerYear: number;
  tires: Tires;
  totalMonthlyGrossCostCents: number;
  grossComparisonCostCents: number;
  maintenanceAndServicingIncluded: boolean;
  vehicleInsuranceIncluded: boolean;
  tirePackageIncluded: boolean;
  tireChangeIncluded: boolean;
  rateInsuranceIncluded: boolean;
  costsMoreKilometers: number;
  reimbursementLessKilometers: number;
  excessMileageAllowance: number;
  exemptionLimitLessKilometers: number;
  capFewerKilometers: number;
  capExtraKilometers: number;
}

export interface CatalogVehicle {
  id: string;
  brand: string;
  model: string;
  trimLevel: string | null;
  segment: string;
  driveType: 'BEV' | 'PHEV' | 'ICE';
  maximumPowerKw: number;
  rangeKm: number;
  consumption: number | null;
  batteryKwh: number;
  listPriceGrossCents: number;
  deliveryFromWeeks: number | null;
  deliveryToWeeks: number | null;
  colors: string[];
  deliveryOptions: DeliveryOption[];
  technicalDetails: string | null;
  standardEquipment: string | null;
  specialEquipment: string | null;
  approximate: boolean;
  /** Uploaded photos in their order (the first is the main photo); empty: generated pictures. */
  photos: { id: string; widths: number[] }[];
  /** Sorted by total monthly gross cost, then km per year. */
  packages: CatalogPackage[];
}

export interface CatalogSnapshot {
  version: number;
  /** Sorted by brand, then model, then trim level. */
  vehicles: CatalogVehicle[];
  byId: Map<string, CatalogVehicle>;
  packagesById: Map<string, { vehicle: CatalogVehicle; pkg: CatalogPackage }>;
  /** Serialised search answers of this catalogue version, by personal-rate key and filter. */
  responses: Map<string, string>;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/**
 * The catalogue in memory, reloaded when `catalog_state.version` changes (a trigger bumps it on every
 * vehicle or package change, from any instance). Search answers from memory: one tiny query per call.
 */
export class CatalogCache {
  private snapshot: CatalogSnapshot | null = null;
  private loading: Promise<CatalogSnapshot> | null = null;

  constructor(private readonly db: Database) {}

  /** The snapshot of `knownVersion` (read with the request's user), or of the current version. */
  async get(knownVersion?: number): Promise<CatalogSnapshot> {
    const version = knownVersion ?? (await this.currentVersion());
    if (this.snapshot?.version === version) return this.snapshot;
    this.loading ??= loadSnapshot(this.db, version).finally(() => {
      this.loading = null;
    });
    this.snapshot = await this.loading;
    return this.snapshot;
  }

  private async currentVersion(): Promise<number> {
    const [state] = await this.db
      .select({ version: catalogState.version })
      .from(catalogState)
      .where(eq(catalogState.id, 1));
    return Number(state?.version ?? 0);
  }
}

/** Reads the whole catalogue (also inside a transaction, for the price list's before-and-after). */
export async function loadSnapshot(db: Database, version: number): Promise<CatalogSnapshot> {
  const rows = await db
    .select({ vehicle: vehicles, brand: manufacturers.name, model: carModels.name })
    .from(vehicles)
    .innerJoin(carModels, eq(carModels.id, vehicles.modelId))
    .innerJoin(manufacturers, eq(manufacturers.id, carModels.manufacturerId));
  const packageRows = await db
    .select()
    .from(leasePackages)
    .orderBy(asc(leasePackages.totalMonthlyGrossCostCents), asc(leasePackages.kmPerYear));
  const photoRows = await db
    .select({ id: vehiclePhotos.id, vehicleId: vehiclePhotos.vehicleId, widths: vehiclePhotos.widths })
    .from(vehiclePhotos)
    .orderBy(asc(vehiclePhotos.position), asc(vehiclePhotos.createdAt));
  const photosByVehicle = new Map<string, CatalogVehicle['photos']>();
  for (const p of photoRows) {
    const list = photosByVehicle.get(p.vehicleId) ?? [];
    list.push({ id: p.id, widths: p.widths });
    photosByVehicle.set(p.vehicleId, list);
  }
  const packagesByVehicle = new Map<string, CatalogPackage[]>();
  for (const p of packageRows) {
    const list = packagesByVehicle.get(p.vehicleId) ?? [];
    list.push(p);
    packagesByVehicle.set(p.vehicleId, list);
  }
  const list: CatalogVehicle[] = rows.map(({ vehicle: v, brand, model }) => ({
    id: v.id,
    brand,
    model,
    trimLevel: v.trimLevel,
    segment: v.segment,
    driveType: v.driveType,
    maximumPowerKw: v.maximumPowerKw,
    rangeKm: v.rangeKm,
    consumption: v.consumptionKwh100km,
    batteryKwh: v.batteryKwh,
    listPriceGrossCents: v.listPriceGrossCents,
    deliveryFromWeeks: v.deliveryFromWeeks,
    deliveryToWeeks: v.deliveryToWeeks,
    colors: v.colors,
    deliveryOptions: v.deliveryOptions as DeliveryOption[],
    technicalDetails: v.technicalDetails,
    standardEquipment: v.standardEquipment,
    specialEquipment: v.specialEquipment,
    approximate: v.approximate,
    photos: photosByVehicle.get(v.id) ?? [],
    packages: packagesByVehicle.get(v.id) ?? [],
  }));
  list.sort(
    (a, b) =>
      collator.compare(a.brand, b.brand) ||
      collator.compare(a.model, b.model) ||
      collator.compare(a.trimLevel ?? '', b.trimLevel ?? '') ||
      a.id.localeCompare(b.id),
  );
  const byId = new Map(list.map((v) => [v.id, v]));
  const packagesById = new Map(
    list.flatMap((vehicle) => vehicle.packages.map((pkg) => [pkg.id, { vehicle, pkg }] as const)),
  );
  return { version, vehicles: list, byId, packagesById, responses: new Map() };
}

export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(collator.compare);
}
