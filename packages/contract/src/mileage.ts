import { z } from 'zod/mini';

import { CalendarDateSchema, SettlementSchema } from './lease-end.js';
import { OrderIdParamsSchema } from './orders.js';
import { msg } from './validation-messages.js';

/**
 * Mileage during a lease (ADR 0054): the employee reports the odometer, the order page shows where the
 * contract's kilometres are heading and what the return would settle for that distance.
 */

/** An odometer no car reaches in a lease; a typo of a zero too many is refused, not projected. */
export const ODOMETER_MAX_KM = 1_000_000;

/**
 * `POST /v1/order/{orderId}/odometer`: as JSON, or as multipart/form-data with this JSON in the field
 * `ODOMETER_READING_FIELD` and an optional photo of the odometer in `ODOMETER_PHOTO_FIELD`.
 */
export const OdometerReadingRequestSchema = z.strictObject({
  readingKm: z
    .number()
    .check(z.int(msg.invalid), z.gte(0, msg.min(0)), z.lte(ODOMETER_MAX_KM, msg.max(ODOMETER_MAX_KM))),
  /** The day the odometer was read (Europe/Berlin), from the handover to today. */
  readOn: CalendarDateSchema,
});
export type OdometerReadingRequest = z.infer<typeof OdometerReadingRequestSchema>;

/** The multipart form's field with the reading's JSON. */
export const ODOMETER_READING_FIELD = 'reading';
/**
 * The multipart form's field with the optional photo of the odometer: one file, under the damage
 * photos' rules (`PHOTO_CONTENT_TYPES`, up to `PHOTO_MAX_BYTES`), stored re-encoded as WebP.
 */
export const ODOMETER_PHOTO_FIELD = 'photo';

export const OdometerReadingSchema = z.object({
  id: z.string(),
  readingKm: z.number(),
  readOn: z.string(),
  /** When it was reported (ISO time). */
  recordedAt: z.string(),
  /** A photo of the odometer came with it: `GET /v1/order/{orderId}/odometer/{id}/photo` (WebP). */
  hasPhoto: z.boolean(),
});
export type OdometerReading = z.infer<typeof OdometerReadingSchema>;

/**
 * `GET /v1/order/{orderId}/odometer/{readingId}/photo`. Any text as the reading's id: one that names
 * no reading of the order (malformed or not) is a 404, as an unknown one is.
 */
export const OdometerPhotoParamsSchema = z.extend(OrderIdParamsSchema, {
  readingId: z.string().check(z.maxLength(100, msg.max(100))),
});

/** `GET /v1/order/{orderId}/mileage`. */
export const MileageSchema = z.object({
  /** Oldest first. */
  readings: z.array(OdometerReadingSchema),
  handoverDate: z.string(),
  /** The lease's last day (handover + duration − 1 day). */
  endsOn: z.string(),
  /** The kilometres of the contract's whole term. */
  contractKm: z.number(),
  /** Kilometres a year at the pace so far (from the handover at 0 km to the latest reading); null without one. */
  kmPerYearSoFar: z.nullable(z.number()),
  /** The odometer at the lease's end at that pace; null without a reading a day or more after the handover. */
  forecastEndKm: z.nullable(z.number()),
  /** What the return would settle for the forecast distance (the return's own function; no damages). */
  projectedSettlement: z.nullable(SettlementSchema),
  /** The forecast passes the contract's kilometres and their tolerance: extra kilometres would be charged. */
  overTolerance: z.boolean(),
});
export type Mileage = z.infer<typeof MileageSchema>;

/** Most orders one forecast request may name: a pipeline page. */
export const MILEAGE_FORECASTS_MAX = 100;

/** `GET /v1/provider/mileage-forecasts?orderIds=1,2,3`: the pipeline page's orders. */
export const MileageForecastsQuerySchema = z.strictObject({
  orderIds: z
    .string()
    .check(z.regex(new RegExp(`^\\d{1,10}(,\\d{1,10}){0,${MILEAGE_FORECASTS_MAX - 1}}$`), msg.invalid)),
});

/** One running lease's forecast in the provider's pipeline (ADR 0054); only leases with a reading. */
export const MileageForecastRowSchema = z.object({
  orderId: z.number().check(z.int()),
  latestReadingKm: z.number(),
  latestReadOn: z.string(),
  contractKm: z.number(),
  forecastEndKm: z.nullable(z.number()),
  overTolerance: z.boolean(),
  /** What the return would settle for the forecast (EUR; positive owed, negative refunded). */
  projectedTotalEur: z.nullable(z.number()),
});
export type MileageForecastRow = z.infer<typeof MileageForecastRowSchema>;
