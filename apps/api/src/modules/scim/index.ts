// The face of modules/scim: what app.ts may import (no module imports scim: it stands above them all).
export { type ScimDeps } from './deps.js';
export { runPendingErasures, scheduleScimErasures } from './lifecycle.js';
export { scimRoutes } from './routes.js';
export { scimTokenRoutes } from './token-routes.js';
