// The face of modules/mileage: what other modules and the flows may import.
export { mileageForecast } from './forecast.js';
export { mileageRoutes } from './routes.js';
