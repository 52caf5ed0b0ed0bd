import { z } from 'zod/mini';

import { msg, SINGLE_LINE } from './validation-messages.js';

/** The end of a lease: the car's return, the mileage settlement, the return appointment, licence checks. */

const line = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid));

/** A calendar date that exists (`2026-02-30` does not; `Date.parse` would roll it over). */
export const CalendarDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, msg.date),
  z.refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
  }, msg.date),
);

/** Euros with at most two decimals. */
const EurSchema = z.number().check(
  z.minimum(0, msg.min(0)),
  z.maximum(1_000_000, msg.max(1_000_000)),
  z.refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, msg.step(0.01)),
);

export const MAX_DAMAGES = 50;

/**
 * A damage found at the return. `claimNumber` names the damage report it belongs to ("S-2026-000042",
 * ADR 0056): only a rejected claim's damage is charged at the return; one the insurance covered was
 * settled during the lease, and an open one is decided first.
 */
export const ReturnDamageSchema = z.strictObject({
  description: line(500),
  costEur: EurSchema,
  claimNumber: z.optional(z.nullable(z.string().check(z.regex(/^S-\d{4}-\d{6}$/, msg.invalid)))),
});
export type ReturnDamage = z.infer<typeof ReturnDamageSchema>;

/** `POST /v1/provider/orders/{orderId}/return`. */
export const LeaseReturnRequestSchema = z.strictObject({
  returnedOn: CalendarDateSchema,
  odometerKm: z.number().check(z.int(msg.invalid), z.minimum(0, msg.min(0)), z.maximum(2_000_000, msg.max(2_000_000))),
  damages: z._default(z.array(ReturnDamageSchema).check(z.maxLength(MAX_DAMAGES, msg.max(MAX_DAMAGES))), []),
});
export type LeaseReturnRequest = z.infer<typeof LeaseReturnRequestSchema>;

/**
 * The mileage settlement in EUR (two decimals). `extraKm`/`fewerKm` are the kilometres above/below the
 * contract; the amounts count only those beyond the tolerance, up to the caps. `totalEur` is what the
 * employee owes (positive) or gets back (negative): extra km and damages less the refund.
 */
export const SettlementSchema = z.object({
  contractKm: z.number(),
  drivenKm: z.number(),
  extraKm: z.number(),
  chargedExtraKm: z.number(),
  extraKmEur: z.number(),
  fewerKm: z.number(),
  refundedFewerKm: z.number(),
  fewerKmEur: z.number(),
  damagesEur: z.number(),
  totalEur: z.number(),
});
export type Settlement = z.infer<typeof SettlementSchema>;

export const LeaseReturnSchema = z.object({
  orderId: z.number(),
  returnedOn: z.string(),
  odometerKm: z.number(),
  damages: z.array(z.object({ description: z.string(), costEur: z.number(), claimNumber: z.optional(z.string()) })),
  settlement: SettlementSchema,
  /** The final statement among the order's documents. */
  documentId: z.string(),
});
export type LeaseReturn = z.infer<typeof LeaseReturnSchema>;

/** `PUT /v1/provider/orders/{orderId}/return-appointment`. */
export const ReturnAppointmentRequestSchema = z.strictObject({ date: CalendarDateSchema, place: line(200) });
export type ReturnAppointmentRequest = z.infer<typeof ReturnAppointmentRequestSchema>;

/** What the employee's order page shows about the lease's end. */
export const LeaseEndInfoSchema = z.object({
  orderId: z.number(),
  /** The last day of the lease (handover + duration − 1 day), null before the handover. */
  endsOn: z.nullable(z.string()),
  /** Six months before the end: the next car is offered. */
  nextCarOffered: z.boolean(),
  appointment: z.nullable(z.object({ date: z.string(), place: z.string() })),
  returnedOn: z.nullable(z.string()),
  licenceCheck: z.nullable(
    z.object({
      lastCheckedOn: z.string(),
      dueOn: z.string(),
      status: z.enum(['OK', 'DUE', 'OVERDUE']),
      /** The provider's reason of the newest attempt when it failed: the employee may try again. */
      lastFailureReason: z.nullable(z.string()),
    }),
  ),
  /**
   * The last day of the salary conversion when a follow-up car's handover ended it before this car
   * came back (ADR 0040): the day before that handover. Null otherwise.
   */
  conversionEndedOn: z.optional(z.nullable(z.string())),
});
export type LeaseEndInfo = z.infer<typeof LeaseEndInfoSchema>;

export const LicenceCheckStatusSchema = z.enum(['OK', 'DUE', 'OVERDUE']);
export type LicenceCheckStatus = z.infer<typeof LicenceCheckStatusSchema>;

/** `GET /v1/tenant/licence-checks`: one row per person with an active lease. */
export const LicenceCheckRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  orderId: z.number(),
  lastCheckedOn: z.string(),
  dueOn: z.string(),
  status: LicenceCheckStatusSchema,
  /** The identity provider's reason of the last failed or refused check, nothing more. */
  lastFailureReason: z.nullable(z.string()),
});
export type LicenceCheckRow = z.infer<typeof LicenceCheckRowSchema>;

export const DEFAULT_LICENCE_CHECK_MONTHS = 6;

/** `POST`/`GET /v1/order/{orderId}/licence-check`: the employee's check at the identity provider. */
export const LicenceCheckCaseSchema = z.object({
  status: z.enum(['PENDING', 'SUCCEEDED', 'FAILED']),
  /** The provider's page (new tab) while the check is open. */
  link: z.nullable(z.string()),
  checkedOn: z.nullable(z.string()),
  /** The provider's reason of a failed or refused check. */
  reason: z.nullable(z.string()),
});
export type LicenceCheckCase = z.infer<typeof LicenceCheckCaseSchema>;
