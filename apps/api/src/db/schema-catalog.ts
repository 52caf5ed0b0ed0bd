import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { bytea } from './schema.js';

// The vehicle catalogue's tables (spec 3): makes, models, vehicles, their lease packages, and the
// catalogue's version that keys the personal-rate caches.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Vehicle catalogue (spec 3). Prices in integer cents; kilometre rules in EUR per km (4 decimals). (owner: catalog) */
export const manufacturers = pgTable('manufacturers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
});

/** owner: catalog */
export const carModels = pgTable(
  'car_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('car_models_manufacturer_name_idx').on(t.manufacturerId, t.name)],
);

/** owner: catalog */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    modelId: uuid('model_id')
      .notNull()
      .references(() => carModels.id),
    trimLevel: text('trim_level'),
    segment: text('segment').notNull(),
    driveType: text('drive_type', { enum: ['BEV', 'PHEV', 'ICE'] })
      .notNull()
      .default('BEV'),
    maximumPowerKw: integer('maximum_power_kw').notNull(),
    rangeKm: integer('range_km').notNull(),
    consumptionKwh100km: numeric('consumption_kwh_100km', { precision: 5, scale: 1, mode: 'number' }),
    batteryKwh: numeric('battery_kwh', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    listPriceGrossCents: bigint('list_price_gross_cents', { mode: 'number' }).notNull(),
    deliveryFromWeeks: integer('delivery_from_weeks'),
    deliveryToWeeks: integer('delivery_to_weeks'),
    colors: text('colors').array().notNull(),
    deliveryOptions: text('delivery_options').array().notNull(),
    technicalDetails: text('technical_details'),
    standardEquipment: text('standard_equipment'),
    specialEquipment: text('special_equipment'),
    /** Demo figures are approximate; the UI says so in its small print. */
    approximate: boolean('approximate').notNull().default(true),
    /** Grows whenever a price of the vehicle or its packages changes: part of the personal-rate cache key. */
    priceVersion: integer('price_version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('vehicles_model_idx').on(t.modelId)],
);

/** owner: catalog */
export const leasePackages = pgTable(
  'lease_packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    durationMonths: integer('duration_months').notNull(),
    kmPerYear: integer('km_per_year').notNull(),
    tires: text('tires', { enum: ['ALL_SEASON', 'SUMMER_WINTER_SETS'] }).notNull(),
    totalMonthlyGrossCostCents: bigint('total_monthly_gross_cost_cents', { mode: 'number' }).notNull(),
    grossComparisonCostCents: bigint('gross_comparison_cost_cents', { mode: 'number' }).notNull(),
    maintenanceAndServicingIncluded: boolean('maintenance_and_servicing_included').notNull(),
    vehicleInsuranceIncluded: boolean('vehicle_insurance_included').notNull(),
    tirePackageIncluded: boolean('tire_package_included').notNull(),
    tireChangeIncluded: boolean('tire_change_included').notNull(),
    rateInsuranceIncluded: boolean('rate_insurance_included').notNull(),
    costsMoreKilometers: numeric('costs_more_kilometers', { precision: 8, scale: 4, mode: 'number' }).notNull(),
    reimbursementLessKilometers: numeric('reimbursement_less_kilometers', {
      precision: 8,
      scale: 4,
      mode: 'number',
    }).notNull(),
    excessMileageAllowance: integer('excess_mileage_allowance').notNull(),
    exemptionLimitLessKilometers: integer('exemption_limit_less_kilometers').notNull(),
    capFewerKilometers: integer('cap_fewer_kilometers').notNull(),
    capExtraKilometers: integer('cap_extra_kilometers').notNull(),
  },
  (t) => [uniqueIndex('lease_packages_terms_idx').on(t.vehicleId, t.durationMonths, t.kmPerYear, t.tires)],
);

/** Single row; bumped by triggers on `vehicles` and `lease_packages` (migration 0004). (owner: catalog) */
export const catalogState = pgTable('catalog_state', {
  id: integer('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

/**
 * A vehicle photo: the upload re-encoded (metadata stripped) into responsive widths, WebP and AVIF.
 * `position` orders the photos; the first is the main photo.
 * owner: catalog (the catalogue's media: the provider uploads them through catalog's face)
 */
export const vehiclePhotos = pgTable(
  'vehicle_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The widths stored, ascending. */
    widths: integer('widths')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('vehicle_photos_vehicle_idx').on(t.vehicleId, t.position)],
);

/** One encoded width and format of a vehicle photo. owner: catalog */
export const vehiclePhotoVariants = pgTable(
  'vehicle_photo_variants',
  {
    photoId: uuid('photo_id')
      .notNull()
      .references(() => vehiclePhotos.id, { onDelete: 'cascade' }),
    format: text('format', { enum: ['webp', 'avif'] }).notNull(),
    width: integer('width').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.photoId, t.format, t.width] })],
);
