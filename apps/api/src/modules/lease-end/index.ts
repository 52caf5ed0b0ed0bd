// The face of modules/lease-end: what other modules and the flows may import.
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
