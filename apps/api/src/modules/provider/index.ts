// The face of modules/provider: what other modules and the flows may import.
export { requireProvider } from './deps.js';
export { processDamagePhoto } from './photos.js';
export { providerRoutes } from './routes.js';
export { acceptUploads, readUpload, type Upload } from './upload.js';
export { tenantFactsOf, type TenantFacts } from './tenant-facts.js';
