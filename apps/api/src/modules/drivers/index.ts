// The face of modules/drivers: what other modules and the flows may import.
export { syncDriverCheckCase } from './licence-check.js';
export { driverRoutes } from './routes.js';
