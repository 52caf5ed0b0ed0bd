/**
 * SCIM 2.0 provisioning from the employer's directory (`/scim/v2`).
 *
 * docs/decisions/0060-scim-provisioning.md. Tokens HR makes (`/v1/tenant/scim-tokens`, shown once, SHA-256:
 * `token-routes.ts`, `tokens.ts`); `Users` with filters, paging, PUT and PATCH in Entra's forms (`users.ts`,
 * `filter.ts`, `patch.ts` over `scim-patch`, `wire.ts`), discovery (`discovery.ts`), RFC 7644 errors (`errors.ts`).
 * A created user is an employee (account's `provisioning.ts`, the welcome mail, or the company sign-in's when the
 * employer requires it); `active: false` is a leaving today through employer's `markLeaving`; `DELETE` erases
 * through privacy's `eraseAccount` or, with a lease under way, after it (`lifecycle.ts`, `scheduleScimErasures`).
 * In the graph above `employer` and `privacy`.
 *
 * The face of modules/scim: what app.ts may import (no module imports scim: it stands above them all).
 */
export { type ScimDeps } from './deps.js';
export { runPendingErasures, scheduleScimErasures } from './lifecycle.js';
export { scimRoutes } from './routes.js';
export { scimTokenRoutes } from './token-routes.js';
