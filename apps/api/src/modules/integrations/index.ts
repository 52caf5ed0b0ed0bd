// The face of modules/integrations: what other modules and the flows may import.
export { authenticateApiKey, type IntegrationDeps } from './keys.js';
export { integrationRoutes } from './routes.js';
