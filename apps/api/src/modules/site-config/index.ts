/**
 * What the browser needs before sign-in: the page analytics.
 *
 * `GET /v1/site-config`. The analytics script is null when `ANALYTICS_SCRIPT_URL` is unset; the CSP names its
 * origin only then (`routes.ts`, docs/decisions/0021-analytics-with-consent.md).
 *
 * The face of modules/site-config: what other modules and the flows may import.
 */
export { siteConfigRoutes } from './routes.js';
