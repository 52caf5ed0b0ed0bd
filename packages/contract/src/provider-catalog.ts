import { z } from 'zod/mini';

import { pageNumberField, pageOf, pageSizeField, searchTermField } from './paging.js';

/**
 * The provider's price list (CSV export, import preview, publish, versions, rollback) and vehicle
 * photos. The CSV columns and their rules are the API's (apps/api/src/modules/provider/price-list-csv.ts).
 */

export const ImportIdParamsSchema = z.object({ importId: z.uuid() });
export const PriceListVersionParamsSchema = z.object({
  versionId: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});

/** One problem of an uploaded file: the row as a spreadsheet numbers it (header = 1), the column, the rule. */
export const PriceListErrorSchema = z.object({
  row: z.number().check(z.int()),
  column: z.string(),
  message: z.string(),
});
export type PriceListError = z.infer<typeof PriceListErrorSchema>;

export const PriceListAddedSchema = z.object({
  row: z.number().check(z.int()),
  label: z.string(),
  /** The row brings a vehicle the catalogue does not have yet (e.g. a new trim level). */
  newVehicle: z.boolean(),
});
const PriceListChangesSchema = z.array(z.object({ column: z.string(), from: z.string(), to: z.string() }));
/** An existing package whose prices or inclusions change (its own columns only). */
export const PriceListChangedSchema = z.object({
  row: z.number().check(z.int()),
  packageId: z.string(),
  label: z.string(),
  changes: PriceListChangesSchema,
});
/**
 * An existing vehicle whose figures (list price, power, range, battery, consumption, delivery time)
 * change, whether its rows are existing packages, new ones or both; `row` is its first row.
 */
export const PriceListVehicleChangedSchema = z.object({
  row: z.number().check(z.int()),
  vehicleId: z.string(),
  label: z.string(),
  changes: PriceListChangesSchema,
});
export const PriceListWithdrawnSchema = z.object({ packageId: z.string(), label: z.string() });

/** `201` of `POST /v1/provider/catalog/imports`: what publishing would do. Nothing is live yet. */
export const PriceListPreviewSchema = z.object({
  importId: z.uuid(),
  fileName: z.string(),
  createdAt: z.string(),
  status: z.enum(['PREVIEW', 'PUBLISHED']),
  /** False when the file has errors (or was published already). */
  publishable: z.boolean(),
  added: z.array(PriceListAddedSchema),
  changed: z.array(PriceListChangedSchema),
  changedVehicles: z.array(PriceListVehicleChangedSchema),
  withdrawn: z.array(PriceListWithdrawnSchema),
  /** At most the first 1,000; `counts.errors` has the total. */
  errors: z.array(PriceListErrorSchema),
  counts: z.object({
    rows: z.number().check(z.int()),
    added: z.number().check(z.int()),
    /** Existing packages whose own columns change. */
    changed: z.number().check(z.int()),
    /** Existing vehicles whose figures change. */
    changedVehicles: z.number().check(z.int()),
    withdrawn: z.number().check(z.int()),
    /** Rows of existing packages whose own columns stay as they are. */
    unchanged: z.number().check(z.int()),
    newVehicles: z.number().check(z.int()),
    errors: z.number().check(z.int()),
  }),
});
export type PriceListPreview = z.infer<typeof PriceListPreviewSchema>;

export const PriceListVersionSchema = z.object({
  id: z.number().check(z.int()),
  kind: z.enum(['PUBLISH', 'ROLLBACK']),
  fileName: z.string(),
  publishedAt: z.string(),
  publishedBy: z.nullable(z.string()),
  added: z.number().check(z.int()),
  /** Changed packages and changed vehicles. */
  changed: z.number().check(z.int()),
  withdrawn: z.number().check(z.int()),
  /** For a rollback: the version whose changes it took back. */
  rolledBackVersionId: z.nullable(z.number().check(z.int())),
  /** The newest version: the live price list. */
  current: z.boolean(),
});
export type PriceListVersion = z.infer<typeof PriceListVersionSchema>;

export const PRICE_LIST_VERSIONS_PAGE_SIZE_MAX = 100;

/** `GET /v1/provider/catalog/versions`: searched (file name, version number), sorted and paged on the server. */
export const PriceListVersionsQuerySchema = z.strictObject({
  q: searchTermField(),
  sort: z._default(z.enum(['newest', 'oldest']), 'newest'),
  page: pageNumberField(),
  pageSize: pageSizeField(PRICE_LIST_VERSIONS_PAGE_SIZE_MAX, 20),
});
export type PriceListVersionsQuery = Partial<z.output<typeof PriceListVersionsQuerySchema>>;

export const PriceListVersionsPageSchema = pageOf(PriceListVersionSchema);
export type PriceListVersionsPage = z.infer<typeof PriceListVersionsPageSchema>;

// -------------------------------------------------------------------------------------------------
// Vehicles and photos

export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTOS_PER_VEHICLE_MAX = 30;

export const ProviderVehicleSchema = z.object({
  id: z.uuid(),
  brand: z.string(),
  model: z.string(),
  trimLevel: z.nullable(z.string()),
  listPrice: z.number(),
  packages: z.number().check(z.int()),
  photos: z.number().check(z.int()),
  mainPhotoUrl: z.nullable(z.string()),
});
export type ProviderVehicle = z.infer<typeof ProviderVehicleSchema>;

export const ProviderVehicleParamsSchema = z.object({ vehicleId: z.uuid() });
export const VehiclePhotoParamsSchema = z.extend(ProviderVehicleParamsSchema, { photoId: z.uuid() });

export const VehiclePhotoSchema = z.object({
  id: z.uuid(),
  position: z.number().check(z.int()),
  main: z.boolean(),
  width: z.number().check(z.int()),
  height: z.number().check(z.int()),
  /** The stored widths; every one exists as WebP and AVIF. */
  widths: z.array(z.number().check(z.int())),
  url: z.string(),
  srcSetWebp: z.string(),
  srcSetAvif: z.string(),
});
export type VehiclePhoto = z.infer<typeof VehiclePhotoSchema>;

/** `PUT /v1/provider/vehicles/{vehicleId}/photos/order`: every photo once; the first is the main photo. */
export const PhotoOrderRequestSchema = z
  .strictObject({ photoIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(PHOTOS_PER_VEHICLE_MAX)) })
  .check(z.refine((v) => new Set(v.photoIds).size === v.photoIds.length, { message: 'invalid', path: ['photoIds'] }));
