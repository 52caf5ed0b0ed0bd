/**
 * The signed-in user and their interface language.
 *
 * `GET /v1/me`, `PUT /v1/user/language`. Reads the signed-in user through `plugins/authenticate.ts` (`routes.ts`);
 * owns no table.
 *
 * The face of modules/me: what other modules and the flows may import.
 */
export { meRoutes } from './routes.js';
