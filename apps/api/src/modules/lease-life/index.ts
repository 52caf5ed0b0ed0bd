/**
 * Life during a lease: absences without pay and the early-termination quote.
 *
 * Who carries the rate during an absence. docs/decisions/0036-absences-in-payroll.md. Absences without pay recorded
 * by HR (`/v1/tenant/employees/{id}/absences`, shown to the employee at `/v1/order/{orderId}/absences`;
 * `absences.ts`, `rules.ts`); who carries the rate by the policy's rule per absence type; the paused payroll month
 * split by calendar days (`packages/payroll/src/payroll-export/absences.ts`; its columns `payroll-columns.ts`, its
 * inputs `payroll-inputs.ts`); the salary profile's versions for the payroll's CHANGED; the early-termination quote
 * (`termination.ts`, `/v1/tenant/orders/{orderId}/termination-quote`, `/v1/order/{orderId}/termination-quote`) and
 * its mails (`notify.ts`). Tables in `db/schema-lease-life.ts`.
 *
 * The face of modules/lease-life: what other modules and the flows may import.
 */
export { notifyLeavingQuote, notifyLeavingQuoteToEmployer } from './notify.js';
export { PAUSE_CSV_COLUMNS, pauseCells, pauseComment } from './payroll-columns.js';
export { absenceInputs, commuteHistoriesOf, pauseOfLine } from './payroll-inputs.js';
export { leaseLifeRoutes } from './routes.js';
export { absencesVersion } from './payroll-version.js';
