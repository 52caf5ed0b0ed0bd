/**
 * The employer portal: people, leaving, the payroll export and the overview's trend.
 *
 * `/v1/tenant/…`, tenant admins only (`routes.ts`): the versioned programme policy (policy's face), people (list,
 * bulk invite from a list or CSV, leaving: `people.ts`, `invite-csv.ts`, `leaving*.ts`), the monthly payroll export
 * as JSON, CSV for Excel and DATEV LODAS (figures from `packages/payroll/src/payroll-export`,
 * docs/decisions/0014-payroll-export.md), with the month's claim excesses from claims' face, read and written a
 * batch of people at a time (`payroll.ts`, `payroll-leases.ts`, `payroll-repository.ts`, `payroll-totals.ts`,
 * `payroll-stream.ts`, `payroll-files.ts`, docs/decisions/0041-streamed-exports.md); the payroll settings
 * (`settings.ts`). The overview's trend over 12 months (`GET /v1/tenant/overview/trend`, `trend.ts`) comes from the
 * same `payrollTotalsOf` as the export, each month kept encrypted under a version of its inputs that every owner's
 * face gives (`payroll-inputs-version.ts`, the owners' `payroll-version.ts`), missing months computed in the
 * background (`trend-cache.ts`, docs/decisions/0063-charts-and-my-car.md). Tables in `db/schema-employer.ts`. A
 * payroll row as a file chain: docs/ARCHITECTURE.md, "Flows".
 *
 * The face of modules/employer: what other modules and the flows may import.
 */
export { employerRoutes } from './routes.js';
export { leavingDatesOf } from './leaving-dates.js';
export { markLeaving } from './leaving.js';
export { withdrawLeaving } from './leaving-withdrawal.js';
