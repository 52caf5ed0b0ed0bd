/**
 * A larger kilometre package during the lease.
 *
 * Asked by the employee, decided by the provider. docs/decisions/0058-package-change.md. The employee asks for one
 * of the car's packages of the current price list with the same term (`/v1/order/{orderId}/package-change`), the
 * provider approves or declines (`/v1/provider/package-changes`; `routes.ts`, `service.ts`); approved, the new rate
 * applies from the next month in the payroll (`rateHistory` of `PayrollLease`, read by employer's
 * `payroll-leases.ts`) and the invoices (billing's `leases.ts`); the return and the forecast settle by the amended
 * kilometre terms (`terms.ts`, pure); the addendum joins the order's documents (`addendum-pdf.ts`).
 *
 * The face of modules/package-change: what other modules and the flows may import.
 */
export { approvedChangesOf, changesOfPerson } from './repository.js';
export { packageChangeRoutes, providerPackageChangeRoutes } from './routes.js';
export { changeView, kilometreTermsAfter, rateHistoryOf, rateInMonth, type ApprovedPackageChange } from './terms.js';
export { approvedChangesVersion } from './payroll-version.js';
