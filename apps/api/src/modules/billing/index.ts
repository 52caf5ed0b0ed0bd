// The face of modules/billing: what other modules and the flows may import.
export { scheduleInvoiceRun } from './jobs.js';
export { providerBillingRoutes, tenantBillingRoutes } from './routes.js';
