// The face of modules/health: what other modules and the flows may import.
export { checkDependencies, healthRoutes } from './routes.js';
