/**
 * Additional drivers of a leased car, each with a licence check.
 *
 * The check is the identity provider's. docs/decisions/0055-additional-drivers.md. The employee names up to three
 * (18 to 75, licence held two years, EU/EEA: `rules.ts`, pure; changes of one order serialised in `service.ts`);
 * each gets the identity provider's licence check mailed to them (`licence-check.ts`, decided by lease-end's
 * `decideLicenceCheck`; `syncDriverCheckCase` takes the provider's callback); HR sees the names, the provider
 * everything; each change files a "Zusatzfahrer" PDF among the order's documents (`drivers-pdf.ts`).
 *
 * The face of modules/drivers: what other modules and the flows may import.
 */
export { syncDriverCheckCase } from './licence-check.js';
export { driverRoutes } from './routes.js';
