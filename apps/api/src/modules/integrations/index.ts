/**
 * The employer's API keys, used as bearer tokens on the tenant routes.
 *
 * Made, listed and revoked by HR. docs/decisions/0057-api-keys.md. HR makes, lists and revokes them
 * (`/v1/tenant/api-keys`, `routes.ts`); shown once and stored as SHA-256 (`keys.ts`), used as bearer tokens on the
 * existing tenant routes their scopes open (`scopes.ts`, 403 beyond), each use rate-limited and audited.
 * `authenticateApiKey` is handed to `plugins/authenticate.ts` by app.ts.
 *
 * The face of modules/integrations: what other modules and the flows may import.
 */
export { authenticateApiKey, type IntegrationDeps } from './keys.js';
export { integrationRoutes } from './routes.js';
