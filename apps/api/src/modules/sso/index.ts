// The face of modules/sso: what other modules, the flows and app.ts may import.
export { scheduleSsoCleanup } from './cleanup.js';
export type { SsoDeps } from './deps.js';
export { companySignInRequired, ssoRequired } from './required.js';
export { ssoRoutes } from './routes.js';
