// The face of modules/webhooks: what other modules and the flows may import.
export { type WebhookDeps } from './deps.js';
export { enqueueOrderWebhook, enqueueWebhookEvent, webhookPerson, type WebhookEvent } from './events.js';
export { scheduleWebhookJobs } from './jobs.js';
export { webhookRoutes } from './routes.js';
export { deliverDueWebhooks, WebhookWorker } from './worker.js';
