import { z } from 'zod/mini';

import { OrderIdParamsSchema } from './orders.js';
import { pageNumberField, pageOf, pageSizeField, searchTermField } from './paging.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * Damage, accident and theft reports during a lease (ADR 0056). The employee reports, the provider
 * works the claim through its states and decides the excess the employee pays (the package's
 * insurance terms: 500 EUR per claim in the demo); the excess reaches the employer's payroll export
 * of the month it was decided in as a net deduction, once.
 */

export const CLAIM_KINDS = ['DAMAGE', 'ACCIDENT', 'THEFT', 'GLASS', 'VANDALISM'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_STATUSES = [
  'REPORTED',
  'IN_REVIEW',
  'REPAIR_SCHEDULED',
  'REPAIRED',
  'TOTAL_LOSS',
  'REJECTED',
] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/**
 * What the return does with a damage that names a claim (ADR 0056): only a rejected claim's damage is
 * charged; an open one is decided first; one the insurance covers was settled during the lease.
 */
export function returnChargeOf(status: ClaimStatus): 'CHARGEABLE' | 'OPEN' | 'SETTLED' {
  if (status === 'REJECTED') return 'CHARGEABLE';
  if (status === 'REPORTED' || status === 'IN_REVIEW') return 'OPEN';
  return 'SETTLED';
}

/** A claim in one of these states is closed: nothing changes any more. */
export const CLOSED_CLAIM_STATUSES: readonly ClaimStatus[] = ['REPAIRED', 'TOTAL_LOSS', 'REJECTED'];

/**
 * Where a claim may go from each state. Theft ends in TOTAL_LOSS (the car is gone) or REJECTED; a
 * claim under review may be closed at once (no repair needed, or refused).
 */
export const CLAIM_TRANSITIONS: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  REPORTED: ['IN_REVIEW', 'REJECTED'],
  IN_REVIEW: ['REPAIR_SCHEDULED', 'REPAIRED', 'TOTAL_LOSS', 'REJECTED'],
  REPAIR_SCHEDULED: ['REPAIRED', 'TOTAL_LOSS'],
  REPAIRED: [],
  TOTAL_LOSS: [],
  REJECTED: [],
};

/** The photos of one report, under the return photos' rules (JPEG, PNG or WebP up to 10 MB each). */
export const CLAIM_PHOTOS_MAX = 10;
/**
 * The photos of one report together: one request, which the documented reverse proxy passes up to
 * 21 MB (deploy/nginx.conf). Phone photos of 2–5 MB fit four to ten to a report.
 */
export const CLAIM_PHOTOS_TOTAL_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The highest excess per claim the insurance terms allow (spec FAQ "Versicherung": 500 EUR per
 * claim, not reducible). The provider decides the amount per claim, up to this.
 */
export const CLAIM_EXCESS_MAX_EUR = 500;

const line = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid));

const text = (max: number) => z.string().check(z.trim(), z.minLength(1, msg.required), z.maxLength(max, msg.max(max)));

/**
 * `POST /v1/order/{orderId}/claims`: the report, as JSON or as the `claim` field of a
 * multipart/form-data request with up to ten `photos` files.
 */
export const ClaimReportRequestSchema = z
  .strictObject({
    kind: z.enum(CLAIM_KINDS, msg.invalid),
    /** When it happened (ISO time, not in the future, not before the handover). */
    occurredAt: z.iso.datetime({ offset: true, message: msg.date }),
    place: line(200),
    description: text(4000),
    thirdPartyInvolved: z.boolean(),
    policeReportNumber: z.optional(z.nullable(line(60))),
    drivable: z.boolean(),
  })
  .check(
    // A theft is reported to the police first: the insurer asks for the report's number.
    z.refine((report) => report.kind !== 'THEFT' || !!report.policeReportNumber, {
      message: 'policeRequired',
      path: ['policeReportNumber'],
    }),
  );
export type ClaimReportRequest = z.infer<typeof ClaimReportRequestSchema>;

export const ClaimEventSchema = z.object({
  status: z.enum(CLAIM_STATUSES),
  /** The provider's note to the employee, if any. */
  note: z.nullable(z.string()),
  at: z.string(),
});
export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

export const ClaimSchema = z.object({
  id: z.string(),
  /** "S-2026-000042": what the employee, the provider and the payroll export call it. */
  number: z.string(),
  orderId: z.number().check(z.int()),
  kind: z.enum(CLAIM_KINDS),
  status: z.enum(CLAIM_STATUSES),
  /** null for HR, which sees only number, state and excess. */
  occurredAt: z.nullable(z.string()),
  place: z.nullable(z.string()),
  description: z.nullable(z.string()),
  thirdPartyInvolved: z.nullable(z.boolean()),
  policeReportNumber: z.nullable(z.string()),
  drivable: z.nullable(z.boolean()),
  /** The excess the employee pays, once decided; null before. */
  excessEur: z.nullable(z.number()),
  /** The payroll month (`YYYY-MM`) the excess is deducted in; null before it is decided. */
  excessMonth: z.nullable(z.string()),
  reportedAt: z.string(),
  /** Photo ids, in the order they were sent (empty for HR). */
  photoIds: z.array(z.string()),
  /** Oldest first: the report and every change of state. */
  events: z.array(ClaimEventSchema),
});
export type Claim = z.infer<typeof ClaimSchema>;

/** A claim in the provider's queue: with the person, employer and car it concerns. */
export const ProviderClaimSchema = z.extend(ClaimSchema, {
  personName: z.string(),
  tenantName: z.string(),
  car: z.string(),
});
export type ProviderClaim = z.infer<typeof ProviderClaimSchema>;

/** `GET /v1/provider/claims?status=&page=&pageSize=&q=` (q: claim or order number, the person's name). */
export const ProviderClaimsQuerySchema = z.strictObject({
  status: z.optional(z.enum(CLAIM_STATUSES, msg.invalid)),
  page: pageNumberField(),
  pageSize: pageSizeField(100, 25),
  q: searchTermField(),
});
export type ProviderClaimsQuery = Partial<z.output<typeof ProviderClaimsQuerySchema>>;

export const ProviderClaimPageSchema = pageOf(ProviderClaimSchema);
export type ProviderClaimPage = z.infer<typeof ProviderClaimPageSchema>;

/** Euros with at most two decimals, up to the terms' maximum excess. */
const ExcessEurSchema = z.number().check(
  z.minimum(0, msg.min(0)),
  z.maximum(CLAIM_EXCESS_MAX_EUR, msg.max(CLAIM_EXCESS_MAX_EUR)),
  z.refine((v) => Number.isFinite(v) && Math.abs(Math.round(v * 100) - v * 100) < 1e-6, msg.step(0.01)),
);

/**
 * `PATCH /v1/provider/claims/{claimId}`: the next state (one of `CLAIM_TRANSITIONS`), a note to the
 * employee, and the excess. The excess is decided once (409 after that) and not on a rejected claim.
 */
export const ClaimUpdateRequestSchema = z.strictObject({
  status: z.enum(CLAIM_STATUSES, msg.invalid),
  note: z.optional(z.nullable(text(2000))),
  excessEur: z.optional(ExcessEurSchema),
});
export type ClaimUpdateRequest = z.infer<typeof ClaimUpdateRequestSchema>;

export const ClaimParamsSchema = z.object({ claimId: z.uuid() });
export const ClaimPhotoParamsSchema = z.extend(OrderIdParamsSchema, { claimId: z.uuid(), photoId: z.uuid() });
