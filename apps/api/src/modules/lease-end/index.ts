/**
 * The end of a lease: return, settlement, loss or theft, licence checks, reminders.
 *
 * docs/decisions/0037-lease-end-settlement.md; by a total loss or theft too (`recordLoss`, `losses.ts`,
 * docs/decisions/0056-damage-and-theft-reports.md). The car's return (`POST /v1/provider/orders/{id}/return`,
 * `returns.ts`) settled by the order's kilometre rules as pure functions (`settlement.ts`, integer cents); the
 * return's damages that name a damage report (`return-claims.ts`); the closing step "Leasing beendet"; the final
 * statement PDF among the order's documents (`final-statement-pdf.ts`, after a total loss or theft
 * `loss-statement-pdf.ts`, both filed by `fileFinalStatement` through orders' `fileOrderDocument`); damage photos
 * (`return-photos.ts`); the return appointment; the order page's view of the end (`GET /v1/order/{id}/lease-end`:
 * next car, appointment, licence check; `lease-info.ts`). Driving-licence checks (`GET /v1/tenant/licence-checks`,
 * `licence-checks.ts`; the check at the identity provider as a case of kind `LICENCE_CHECK` in
 * `licence-check-cases.ts`, completed by callback, page or the job `lease-end.licence-checks`
 * (`licence-check-job.ts`), decided in `licence-check-outcome.ts`; HR sees only the provider's reason:
 * docs/decisions/0039-licence-check-case-kind.md; interval `licenceCheckMonths` of the policy). The hourly
 * reminders, each sent once (`reminders.ts`). How returns and follow-up leases reach the payroll export
 * (`payroll-ends.ts`, its version `payroll-version.ts`). A follow-up's handover moves the earlier lease to
 * "Gehaltsumwandlung beendet – Rückgabe offen" (`CONVERSION_ENDED`, orders' `replaced-leases.ts`,
 * docs/decisions/0040-replaced-lease-conversion-ended.md). Tables in `db/schema-lease-end.ts`.
 *
 * The face of modules/lease-end: what other modules and the flows may import.
 */
export { syncLicenceCheckCase } from './licence-check-cases.js';
export { scheduleLicenceCheckRefresh } from './licence-check-job.js';
export { leaseEndsOf, withLeaseEnds, withSettlements, type LeaseEnd } from './payroll-ends.js';
export { recordLoss } from './losses.js';
export { scheduleLeaseReminders } from './reminders.js';
export { leaseEndRoutes } from './routes.js';
export { rulesOf } from './returns.js';
export { contractKmOf, leaseEndsOn, settle, type KilometreRules } from './settlement.js';
export { decideLicenceCheck, type ProviderAnswer } from './licence-check-outcome.js';
export { leaseEndsVersion } from './payroll-version.js';
