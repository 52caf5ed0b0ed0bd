/**
 * The order workflow: orders, their frozen snapshot, the steps and their transitions.
 *
 * One transition transaction for every mover. Orders and their frozen snapshot with the programme policy in force
 * (`snapshot.ts`); step definitions and state machine (`steps.ts`, docs/decisions/0008-order-workflow.md); one
 * transition transaction for every mover (`transition.ts`: a click, the programme, the system, a signature); the
 * end of replaced leases at a handover (`replaced-leases.ts`); scheduled expiry and breaking-change checks, always
 * in the system's scope (`system-transitions.ts`, `jobs.ts`, docs/decisions/0028-system-checks-in-system-scope.md);
 * the week to cancel after the signature (the rules in `cancellation.ts`; cancel, waiver and the provider's window
 * length in `cancel-order.ts`; the cancellation note beside the contract, `cancellation-note.ts`;
 * docs/decisions/0053-the-week-to-cancel.md); the employer's automatic approval by that frozen policy
 * (`auto-approval.ts`, shown to HR as `employerApproval`, `employer-approval.ts`; the approval itself is the flow
 * `flows/approve-order.ts`).
 *
 * `OrderDeps` (`deps.ts`) carries `flows`, the operations above the workflow that app.ts fills in. The service is
 * one file per verb: `create-order.ts`, `read-orders.ts`, `admin-order-list.ts` (the admins' list at
 * `/admin/orders`, paged, filtered open/all and searched in the database,
 * docs/decisions/0042-server-paged-lists.md), `admin-summaries.ts` (a page of the admins' and the pipeline's rows
 * as one statement; orders are searched by the person keys they carry,
 * docs/decisions/0046-order-lists-by-their-own-keys.md), `change-order.ts`, `ident-cases.ts`, `auto-approval.ts`,
 * `documents.ts`, `system-transitions.ts`, `notify.ts`, `transition.ts`; `service.ts` re-exports them for its own
 * routes and jobs. The signature completion shared by the trust service and the provider path is
 * `signature-completion.ts`; the order's documents are the workflow's, so the long-term retry of a sealed contract
 * is here too (`long-term-retry.ts`, job `signing.long-term-retry`). A saved salary profile is answered by
 * `recheckOrdersAfterSave` (profile's `onSaved`, wired in app.ts).
 *
 * The face of modules/orders: what other modules and the flows may import.
 */
export { countedNewestFirstPage, orderNumberOf } from './admin-order-list.js';
export { adminSummaries } from './admin-summaries.js';
export { type Actor, type ApprovalRequest, type LeaseLoss, type OrderDeps } from './deps.js';
export { contractToCountersign, fileOrderDocument, renderContract, storeCountersignedContract } from './documents.js';
export { scheduleOrderJobs } from './jobs.js';
export { admins, mailOrderAdmins, mailOrderEmployee } from './notify.js';
export { openApprovalCount } from './open-approvals.js';
export { ownOrderFirst } from './own-order-first.js';
export { endRunningLease } from './end-lease.js';
export { getOrder, visibleOrder } from './read-orders.js';
export { RETURNABLE_STATUSES, conversionEndedOn, isReturnable } from './replaced-leases.js';
export { findOrder, findOrders, syncStepDefinitions, unsuccessfulCasesOf, type OrderRow } from './repository.js';
export { resealLegacySnapshots } from './reseal-snapshots.js';
export { orderRoutes, providerCallbackRoutes } from './routes.js';
export { recheckOrdersAfterSave } from './service.js';
export { completeSignedCase } from './signature-completion.js';
export { openPrivate, sealPrivate, type OrderTerms, type PrivateSnapshot, type SealedSnapshot } from './snapshot.js';
export { STEP_DEFINITIONS, stepById, stepOfType, transitionFor } from './steps.js';
export { commitTransition } from './transition.js';
export { billableLeasesOf, tenantsWithBillableLeases, type BillableLeaseRow } from './billable-leases.js';
export { payrollLeasesVersion, type PayrollLeasesVersion } from './payroll-version.js';
export { runningLeaseOf } from './running-lease.js';
export { openStepAges, ordersPlacedByPeriod, undeliveredByWindow } from './trend-counts.js';
export { scheduleLongTermRetry } from './long-term-retry.js';
