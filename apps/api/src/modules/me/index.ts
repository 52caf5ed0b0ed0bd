// The face of modules/me: what other modules and the flows may import.
export { meRoutes } from './routes.js';
