// The face of modules/site-config: what other modules and the flows may import.
export { siteConfigRoutes } from './routes.js';
