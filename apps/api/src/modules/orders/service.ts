/**
 * The order service, one file per verb: create, read, change (steps and deletion), identity cases,
 * documents, system transitions (expiry, breaking change) and the mails they send. Routes, jobs and
 * the app import from here.
 */
export { MAX_CASES_PER_STEP, type Actor, type Ctx, type OrderDeps } from './deps.js';
export { createOrder } from './create-order.js';
export { adminOrders } from './admin-order-list.js';
export { getOrder, listOwnOrders, visibleOrder } from './read-orders.js';
export { deleteOrder, stepAction } from './change-order.js';
export { cancelOrder, readOrderSettings, saveOrderSettings, waiveCancellation } from './cancel-order.js';
export { detectBreakingChange, recheckOrdersAfterSave, runOrderChecks } from './system-transitions.js';
export {
  checkCase,
  handleCallback,
  reconcileCases,
  startCase,
  syncCase,
  type CaseKind,
  type CaseSync,
} from './ident-cases.js';
export { contractDocument, contractFileName, contractPreview } from './documents.js';
