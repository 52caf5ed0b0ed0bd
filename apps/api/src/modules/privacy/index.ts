// The face of modules/privacy: what other modules and the flows may import.
export { scheduleRetention } from './retention.js';
export { privacyRoutes } from './routes.js';
export { erasureHolds } from './erasure-holds.js';
export { eraseAccount } from './service.js';
