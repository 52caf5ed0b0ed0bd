/**
 * Signed webhooks to the employer's systems, from an outbox with retries.
 *
 * HR's endpoints, an outbox row per event, a delivery worker. docs/decisions/0059-signed-webhooks.md. HR's
 * endpoints (`/v1/tenant/webhooks`, `endpoints.ts`; the `whsec_` secret shown once and stored encrypted,
 * `secrets.ts`); an outbox row per event and endpoint written in the emitter's transaction where the change happens
 * (`enqueueWebhookEvent`, `enqueueOrderWebhook`, `webhookPerson`: `events.ts`; emitters: `orders/transition.ts`,
 * lease-end's returns and losses, lease-life's absences, employer's leaving, billing's issue; `payroll.month_ready`
 * by the hourly job, `jobs.ts`), delivered by the Standard Webhooks signature (`send.ts`) from a worker that claims
 * rows with `FOR UPDATE SKIP LOCKED` (`worker.ts`), retried with the same id for 24 h, then the endpoint failing
 * and HR mailed (the log HR reads: `deliveries.ts`); every target resolved and checked at connect time
 * (`targets.ts`: https only and no private, loopback or link-local address in production). Low in the graph (core,
 * `mail`, `account`) so every emitter may import it.
 *
 * The face of modules/webhooks: what other modules and the flows may import.
 */
export { type WebhookDeps } from './deps.js';
export { enqueueOrderWebhook, enqueueWebhookEvent, webhookPerson, type WebhookEvent } from './events.js';
export { scheduleWebhookJobs } from './jobs.js';
export { webhookRoutes } from './routes.js';
export { deliverDueWebhooks, WebhookWorker } from './worker.js';
