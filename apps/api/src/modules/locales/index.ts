// The face of modules/locales: what other modules and the flows may import.
export { localeRoutes } from './routes.js';
