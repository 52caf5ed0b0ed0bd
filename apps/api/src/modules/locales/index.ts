/**
 * The translation files the web app loads.
 *
 * `GET /locales/{lng}/{ns}.json`. In development only, from this machine, by a signed-in admin: i18next's missing
 * keys are recorded (`POST /locales/add/{lng}/{ns}`, `routes.ts`).
 *
 * The face of modules/locales: what other modules and the flows may import.
 */
export { localeRoutes } from './routes.js';
