/**
 * Odometer readings during a lease and the forecast at its end.
 *
 * Reported by the employee. docs/decisions/0054-mileage-during-the-lease.md. The employee reports the odometer
 * (`/v1/order/{orderId}/odometer`, never backwards, under an advisory lock; JSON, or multipart with `reading` and
 * one optional `photo`, read by `lib/json-form.ts` after the order's checks and re-encoded by provider's
 * `processDamagePhoto`: `photo.ts`, served at `/v1/order/{orderId}/odometer/{readingId}/photo` to whoever reads the
 * mileage; `readings.ts`); everyone who sees the order reads the readings; the forecast at the lease's end at the
 * pace so far and what the return would settle for it, by lease-end's own `settle` (`forecast.ts`, pure).
 *
 * The face of modules/mileage: what other modules and the flows may import.
 */
export { mileageForecast } from './forecast.js';
export { mileageRoutes } from './routes.js';
