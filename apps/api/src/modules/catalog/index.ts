// The face of modules/catalog: what other modules and the flows may import.
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
