import { and, eq, inArray, sql } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { carModels, leasePackages, manufacturers, vehicles } from '../../db/schema-catalog.js';
import type { CatalogPackage } from './catalog-snapshot.js';
import { DELIVERY_OPTIONS, STANDARD_EQUIPMENT, technicalDetails } from './demo-catalog.js';
import { colorsFor } from './illustration.js';
import { segmentFor } from './pricing.js';

/** A vehicle's figures as a price list names them (the same on every package row of the vehicle). */
export interface VehicleFields {
  brand: string;
  model: string;
  trimLevel: string | null;
  listPriceGrossCents: number;
  maximumPowerKw: number;
  rangeKm: number;
  batteryKwh: number;
  consumption: number | null;
  deliveryFromWeeks: number | null;
  deliveryToWeeks: number | null;
}

/** A package's terms and prices. */
export type PackageFields = Omit<CatalogPackage, 'id' | 'vehicleId'>;

/**
 * What a published price list changes in the catalogue (the provider's back office plans it: its
 * preview and diff; the catalogue owns the tables and writes them).
 */
export interface CatalogueChanges {
  /** Vehicles to create, by key (`new:…` or, when restoring, the old id). */
  newVehicles: Map<string, { id: string | null; fields: VehicleFields }>;
  vehicleUpdates: { vehicleId: string; fields: VehicleFields; priceChanged: boolean; approximate: boolean }[];
  packageUpdates: { packageId: string; vehicleId: string; fields: PackageFields; priceChanged: boolean }[];
  packageInserts: { id: string | null; vehicleKey: string; fields: PackageFields }[];
  packageDeletes: string[];
}

const CHUNK = 500;

/**
 * Applies a plan inside the caller's transaction. Withdrawals go first, so a package withdrawn and
 * added again with the same terms does not collide with itself. The catalogue triggers bump the
 * catalogue version with every statement: the in-memory catalogue, the search answers and the
 * personal rates all follow at the next request after the commit.
 */
export async function applyCatalogueChanges(tx: Database, plan: CatalogueChanges): Promise<void> {
  if (plan.packageDeletes.length > 0) {
    for (let i = 0; i < plan.packageDeletes.length; i += CHUNK)
      await tx.delete(leasePackages).where(inArray(leasePackages.id, plan.packageDeletes.slice(i, i + CHUNK)));
  }
  const vehicleIds = new Map<string, string>();
  for (const [key, { id, fields }] of plan.newVehicles) vehicleIds.set(key, await insertVehicle(tx, id, fields));
  for (const update of plan.vehicleUpdates) {
    // Brand, model and trim level name an existing vehicle and stay; the figures are the provider's.
    const { trimLevel: _name, ...figures } = vehicleColumns(update.fields);
    await tx
      .update(vehicles)
      .set({
        ...figures,
        technicalDetails: technicalDetailsOf(update.fields, update.approximate),
        ...(update.priceChanged ? { priceVersion: sql`${vehicles.priceVersion} + 1` } : {}),
      })
      .where(eq(vehicles.id, update.vehicleId));
  }
  const repriced = new Set<string>();
  for (const update of plan.packageUpdates) {
    await tx.update(leasePackages).set(update.fields).where(eq(leasePackages.id, update.packageId));
    if (update.priceChanged) repriced.add(update.vehicleId);
  }
  // The price version keys caches of net rates per vehicle: it grows with every price change.
  const alreadyBumped = new Set(plan.vehicleUpdates.filter((u) => u.priceChanged).map((u) => u.vehicleId));
  const bump = [...repriced].filter((id) => !alreadyBumped.has(id));
  if (bump.length > 0)
    await tx
      .update(vehicles)
      .set({ priceVersion: sql`${vehicles.priceVersion} + 1` })
      .where(inArray(vehicles.id, bump));
  const inserts = plan.packageInserts.map((p) => ({
    ...(p.id ? { id: p.id } : {}),
    vehicleId: vehicleIds.get(p.vehicleKey) ?? p.vehicleKey,
    ...p.fields,
  }));
  for (let i = 0; i < inserts.length; i += CHUNK) await tx.insert(leasePackages).values(inserts.slice(i, i + CHUNK));
}

function vehicleColumns(v: VehicleFields) {
  return {
    trimLevel: v.trimLevel,
    maximumPowerKw: v.maximumPowerKw,
    rangeKm: v.rangeKm,
    batteryKwh: v.batteryKwh,
    consumptionKwh100km: v.consumption,
    listPriceGrossCents: v.listPriceGrossCents,
    deliveryFromWeeks: v.deliveryFromWeeks,
    deliveryToWeeks: v.deliveryToWeeks,
  };
}

function technicalDetailsOf(v: VehicleFields, approximate: boolean): string {
  return technicalDetails(
    {
      powerKw: v.maximumPowerKw,
      rangeKm: v.rangeKm,
      batteryKwh: v.batteryKwh,
      consumptionKwh100km: v.consumption,
      listPriceGrossEur: v.listPriceGrossCents / 100,
    },
    approximate,
  );
}

/** A vehicle the catalogue does not know yet (a new model or trim level), with its brand and model. */
async function insertVehicle(tx: Database, id: string | null, v: VehicleFields): Promise<string> {
  const manufacturerId = await upsertId(
    () => tx.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.name, v.brand)),
    () => tx.insert(manufacturers).values({ name: v.brand }).onConflictDoNothing().returning({ id: manufacturers.id }),
  );
  const modelId = await upsertId(
    () =>
      tx
        .select({ id: carModels.id })
        .from(carModels)
        .where(and(eq(carModels.manufacturerId, manufacturerId), eq(carModels.name, v.model))),
    () =>
      tx
        .insert(carModels)
        .values({ manufacturerId, name: v.model })
        .onConflictDoNothing()
        .returning({ id: carModels.id }),
  );
  const [row] = await tx
    .insert(vehicles)
    .values({
      ...(id ? { id } : {}),
      modelId,
      ...vehicleColumns(v),
      segment: segmentFor({
        brand: v.brand,
        model: v.model,
        listPriceGrossEur: v.listPriceGrossCents / 100,
        batteryKwh: v.batteryKwh,
      }),
      driveType: 'BEV',
      colors: colorsFor(v.brand, v.model),
      deliveryOptions: DELIVERY_OPTIONS,
      // The provider's own figures, not the demo's estimates.
      technicalDetails: technicalDetailsOf(v, false),
      standardEquipment: STANDARD_EQUIPMENT,
      specialEquipment: null,
      approximate: false,
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error('vehicle insert failed');
  return row.id;
}

async function upsertId(
  find: () => Promise<{ id: string }[]>,
  insert: () => Promise<{ id: string }[]>,
): Promise<string> {
  const [existing] = await find();
  if (existing) return existing.id;
  const [created] = await insert();
  if (created) return created.id;
  const [raced] = await find();
  if (!raced) throw new Error('catalogue insert failed');
  return raced.id;
}
