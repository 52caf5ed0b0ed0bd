/**
 * The vehicle catalogue: search, pictures, pricing and the personal net rates.
 *
 * The demo import (`demo-data/vehicles-demo.csv`, `demo-catalog.ts`, read by `csv.ts`); the pricing model
 * (`pricing.ts`, docs/pricing.md); generated SVG pictures (`illustration*.ts`) and uploaded photos served by
 * `media-routes.ts`; the in-memory catalogue (`catalog-snapshot.ts`, `CatalogCache`); the personal net rates
 * (`PersonalRates`, `personal-rates.ts`, through `preparePayslipProfile` + `compareOffer` of `@leasing/payroll`)
 * within the employer's programme (`programme.ts`: allowed cars, subsidy); search, vehicle and tax (`routes.ts`,
 * `service.ts#searchAnswer`), answers prepared once per catalogue, programme and profile version: compressed, ETag,
 * LRU by bytes (`answer-cache.ts`, docs/decisions/0015-revalidated-catalogue-answers.md,
 * docs/decisions/0007-personal-rate-caching.md); the search
 * sorted by rate, range, delivery or price and filtered by range and rate over the whole filtered list
 * (`search-order.ts`, docs/decisions/0062-role-homes-and-pickers.md). A published price list's changes, planned by
 * provider, are applied by `applyCatalogueChanges` (`catalogue-changes.ts`). The vehicle photos are the catalogue's
 * media (`vehicle_photos`, `vehicle_photo_variants`): the provider uploads them through `addVehiclePhoto` and its
 * siblings (`vehicle-photo-store.ts`). The vehicle page's answer names its first picture for an early load
 * (`firstPictureOfPage`, docs/architecture/web-first-paint.md).
 *
 * The face of modules/catalog: what other modules and the flows may import.
 */
export {
  CatalogCache,
  loadSnapshot,
  type CatalogPackage,
  type CatalogSnapshot,
  type CatalogVehicle,
} from './catalog-snapshot.js';
export {
  applyCatalogueChanges,
  type CatalogueChanges,
  type PackageFields,
  type VehicleFields,
} from './catalogue-changes.js';
export { DELIVERY_OPTIONS, STANDARD_EQUIPMENT, seedDemoCatalog, technicalDetails } from './demo-catalog.js';
export { colorsFor } from './illustration.js';
export { displayWidth, firstPictureOfPage, mediaRoutes, photoUrls, uploadedPhotoUrl } from './media-routes.js';
export { PersonalRates } from './personal-rates.js';
export { segmentFor } from './pricing.js';
export { programmeFor, programmeVerdict } from './programme.js';
export { catalogRoutes } from './routes.js';
export { provisionalWarnings, toTaxResult } from './service.js';
export {
  addVehiclePhoto,
  deleteVehiclePhoto,
  photoCountsByVehicle,
  photosOfVehicle,
  reorderVehiclePhotos,
  vehicleExists,
  type EncodedPhoto,
  type VehiclePhotoRow,
} from './vehicle-photo-store.js';
