import fs from 'node:fs';
import path from 'node:path';

import type { DeliveryOption, Tires } from '@leasing/contract';
import { count } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { carModels, leasePackages, manufacturers, vehicles } from '../../db/schema-catalog.js';
import { parseCsv } from './csv.js';
import { colorsFor } from './illustration.js';
import { priceLeasePackage, segmentFor, type VehicleSegment } from './pricing.js';

/**
 * The demo catalogue: every car of `demo-data/vehicles-demo.csv` (approximate public figures, marked
 * as such in the UI) with packages for 24/36/48 months × 5 yearly km options × 2 tyre options, priced
 * by the documented model of `pricing.ts` (docs/pricing.md).
 */
const CSV_FILE = path.resolve(import.meta.dirname, '../../../demo-data/vehicles-demo.csv');
const DURATIONS = [24, 36, 48] as const;
const KM_OPTIONS = [10_000, 15_000, 20_000, 25_000, 30_000] as const;
const TIRE_OPTIONS: Tires[] = ['ALL_SEASON', 'SUMMER_WINTER_SETS'];
export const DELIVERY_OPTIONS: DeliveryOption[] = ['HOME', 'COMPANY', 'DEALER'];
const INSERT_CHUNK = 500;

export interface DemoVehicle {
  brand: string;
  model: string;
  trimLevel: string;
  listPriceGrossEur: number;
  powerKw: number;
  rangeKm: number;
  consumptionKwh100km: number | null;
  batteryKwh: number;
  deliveryWeeksFrom: number | null;
  deliveryWeeksTo: number | null;
}

export function readDemoVehicles(file = CSV_FILE): DemoVehicle[] {
  return parseCsv(fs.readFileSync(file, 'utf8')).map((row) => ({
    brand: required(row, 'brand'),
    model: required(row, 'model'),
    trimLevel: row['trimLevel'] ?? '',
    listPriceGrossEur: Number(required(row, 'listPriceGrossEur')),
    powerKw: Number(required(row, 'powerKw')),
    rangeKm: Number(required(row, 'rangeKm')),
    consumptionKwh100km: row['consumptionKwh100km'] ? Number(row['consumptionKwh100km']) : null,
    batteryKwh: Number(required(row, 'batteryKwh')),
    deliveryWeeksFrom: row['deliveryWeeksFrom'] ? Number(row['deliveryWeeksFrom']) : null,
    deliveryWeeksTo: row['deliveryWeeksTo'] ? Number(row['deliveryWeeksTo']) : null,
  }));
}

function required(row: Record<string, string>, key: string): string {
  const value = row[key];
  if (value === undefined || value === '') throw new Error(`vehicles-demo.csv: missing ${key}`);
  return value;
}

/**
 * Synthetic variants for load tests (DEMO_CATALOG_SIZE): numbered editions of the real cars with a
 * slightly different price, until the catalogue holds `size` vehicles.
 */
export function expandToSize(base: DemoVehicle[], size: number): DemoVehicle[] {
  const out = [...base];
  for (let i = 0; out.length < size; i++) {
    const source = base[i % base.length];
    if (!source) break;
    const edition = Math.floor(i / base.length) + 2;
    out.push({
      ...source,
      trimLevel: `${source.trimLevel} Edition ${edition}`.trim(),
      listPriceGrossEur: Math.round(source.listPriceGrossEur * (1 + (edition % 7) * 0.015)),
    });
  }
  return out.slice(0, Math.max(size, base.length));
}

/** Loads the demo catalogue into an empty catalogue; returns the number of vehicles created. */
export async function seedDemoCatalog(db: Database, size?: number): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(vehicles);
  if ((existing?.n ?? 0) > 0) return 0;
  const base = readDemoVehicles();
  const all = size && size > base.length ? expandToSize(base, size) : base;
  await db.transaction(async (tx) => {
    const brandIds = new Map<string, string>();
    for (const brand of [...new Set(all.map((v) => v.brand))]) {
      const [row] = await tx.insert(manufacturers).values({ name: brand }).returning({ id: manufacturers.id });
      if (row) brandIds.set(brand, row.id);
    }
    const modelIds = new Map<string, string>();
    for (const v of all) {
      const key = `${v.brand}\u0000${v.model}`;
      if (modelIds.has(key)) continue;
      const [row] = await tx
        .insert(carModels)
        .values({ manufacturerId: brandIds.get(v.brand) ?? '', name: v.model })
        .returning({ id: carModels.id });
      if (row) modelIds.set(key, row.id);
    }
    for (let start = 0; start < all.length; start += INSERT_CHUNK) {
      const chunk = all.slice(start, start + INSERT_CHUNK);
      const inserted = await tx
        .insert(vehicles)
        .values(chunk.map((v) => vehicleRow(v, modelIds.get(`${v.brand}\u0000${v.model}`) ?? '')))
        .returning({ id: vehicles.id, segment: vehicles.segment });
      const packages = inserted.flatMap((row, i) =>
        packageRows(row.id, chunk[i] as DemoVehicle, row.segment as VehicleSegment),
      );
      for (let p = 0; p < packages.length; p += INSERT_CHUNK * 2) {
        await tx.insert(leasePackages).values(packages.slice(p, p + INSERT_CHUNK * 2));
      }
    }
  });
  return all.length;
}

function vehicleRow(v: DemoVehicle, modelId: string): typeof vehicles.$inferInsert {
  const segment = segmentFor({
    brand: v.brand,
    model: v.model,
    listPriceGrossEur: v.listPriceGrossEur,
    batteryKwh: v.batteryKwh,
  });
  return {
    modelId,
    trimLevel: v.trimLevel || null,
    segment,
    driveType: 'BEV',
    maximumPowerKw: v.powerKw,
    rangeKm: v.rangeKm,
    consumptionKwh100km: v.consumptionKwh100km,
    batteryKwh: v.batteryKwh,
    listPriceGrossCents: Math.round(v.listPriceGrossEur * 100),
    deliveryFromWeeks: v.deliveryWeeksFrom,
    deliveryToWeeks: v.deliveryWeeksTo,
    colors: colorsFor(v.brand, v.model),
    deliveryOptions: DELIVERY_OPTIONS,
    technicalDetails: technicalDetails(v),
    standardEquipment: STANDARD_EQUIPMENT,
    specialEquipment: null,
    approximate: true,
  };
}

function packageRows(
  vehicleId: string,
  v: DemoVehicle,
  segment: VehicleSegment,
): (typeof leasePackages.$inferInsert)[] {
  return DURATIONS.flatMap((durationMonths) =>
    KM_OPTIONS.flatMap((kmPerYear) =>
      TIRE_OPTIONS.map((tires) => {
        const price = priceLeasePackage({
          listPriceGrossCents: Math.round(v.listPriceGrossEur * 100),
          batteryKwh: v.batteryKwh,
          powerKw: v.powerKw,
          segment,
          durationMonths,
          kmPerYear,
          tires,
        });
        return {
          vehicleId,
          durationMonths,
          kmPerYear,
          tires,
          totalMonthlyGrossCostCents: price.totalMonthlyGrossCostCents,
          grossComparisonCostCents: price.grossComparisonCostCents,
          maintenanceAndServicingIncluded: price.flags.maintenanceAndServicingIncluded,
          vehicleInsuranceIncluded: price.flags.vehicleInsuranceIncluded,
          tirePackageIncluded: price.flags.tirePackageIncluded,
          tireChangeIncluded: price.flags.tireChangeIncluded,
          rateInsuranceIncluded: price.flags.rateInsuranceIncluded,
          costsMoreKilometers: price.costsMoreKilometersEurPerKm,
          reimbursementLessKilometers: price.reimbursementLessKilometersEurPerKm,
          excessMileageAllowance: price.excessMileageAllowanceKm,
          exemptionLimitLessKilometers: price.exemptionLimitLessKilometersKm,
          capFewerKilometers: price.capFewerKilometersKm,
          capExtraKilometers: price.capExtraKilometersKm,
        };
      }),
    ),
  );
}

const formatDe = (value: number, digits = 0) =>
  new Intl.NumberFormat('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

/** The "technical data" text of a vehicle from its figures (demo import and price-list imports). */
export function technicalDetails(
  v: Pick<DemoVehicle, 'powerKw' | 'rangeKm' | 'batteryKwh' | 'consumptionKwh100km' | 'listPriceGrossEur'>,
  approximate = true,
): string {
  return [
    `Antrieb: Elektro`,
    `Leistung: ${formatDe(v.powerKw)} kW (${formatDe(Math.round(v.powerKw * 1.35962))} PS)`,
    `Reichweite (WLTP): ${formatDe(v.rangeKm)} km`,
    `Batterie (netto): ${formatDe(v.batteryKwh, 1)} kWh`,
    v.consumptionKwh100km === null
      ? 'Verbrauch: ?'
      : `Verbrauch (WLTP, kombiniert): ${formatDe(v.consumptionKwh100km, 1)} kWh/100 km`,
    'CO₂-Emissionen: 0 g/km',
    `Bruttolistenpreis: ${formatDe(v.listPriceGrossEur)} €`,
    ...(approximate ? ['Alle Angaben sind ungefähre Werte und ohne Gewähr.'] : []),
  ].join('\n');
}

export const STANDARD_EQUIPMENT = [
  'Klimaautomatik',
  'Navigationssystem mit Ladeplanung',
  'Wärmepumpe (modellabhängig)',
  'Ladekabel Mode 3 (Typ 2)',
  'DC-Schnellladen (CCS)',
  'LED-Scheinwerfer',
  'Rückfahrkamera',
  'Adaptiver Tempomat',
  'Spurhalteassistent',
  'Smartphone-Integration (Apple CarPlay, Android Auto)',
].join('\n');
