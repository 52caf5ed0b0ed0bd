import { VehiclePage } from '../../features/catalog/components/vehicle-page';

/** /vehicle/:vehicleId: vehicle detail and package choice (spec 2.4). */
export { VehiclePage as Component };
export { preloadVehicle as preload } from '../../features/catalog/api/preload-vehicle';
