// The face of modules/orders: what other modules and the flows may import.
export { countedNewestFirstPage, orderNumberOf } from './admin-order-list.js';
export { adminSummaries } from './admin-summaries.js';
export { type Actor, type ApprovalRequest, type OrderDeps } from './deps.js';
export { contractToCountersign, fileOrderDocument, renderContract, storeCountersignedContract } from './documents.js';
export { scheduleOrderJobs } from './jobs.js';
export { admins, mailOrderAdmins, mailOrderEmployee } from './notify.js';
export { ownOrderFirst } from './own-order-first.js';
export { getOrder, visibleOrder } from './read-orders.js';
export { RETURNABLE_STATUSES, conversionEndedOn, isReturnable } from './replaced-leases.js';
export { findOrder, syncStepDefinitions, type OrderRow } from './repository.js';
export { resealLegacySnapshots } from './reseal-snapshots.js';
export { orderRoutes, providerCallbackRoutes } from './routes.js';
export { recheckOrdersAfterSave } from './service.js';
export { completeSignedCase } from './signature-completion.js';
export { openPrivate, sealPrivate, type OrderTerms, type PrivateSnapshot, type SealedSnapshot } from './snapshot.js';
export { STEP_DEFINITIONS, stepById, stepOfType, transitionFor } from './steps.js';
export { commitTransition } from './transition.js';
export { billableLeasesOf, tenantsWithBillableLeases, type BillableLeaseRow } from './billable-leases.js';
