import { z } from 'zod/mini';

import { pageNumberField, pageOf, pageSizeField } from './paging.js';
import { msg } from './validation-messages.js';

/**
 * A larger kilometre package during the lease (ADR 0058): the employee asks for one of the car's
 * packages of the current price list with the same term and more kilometres a year, the provider
 * approves or declines; approved, the new rate and kilometre terms apply from the month after the
 * decision (payroll, invoices, the return's settlement), and an addendum joins the documents.
 */

export const PACKAGE_CHANGE_STATUSES = ['REQUESTED', 'APPROVED', 'DECLINED'] as const;
export type PackageChangeStatus = (typeof PACKAGE_CHANGE_STATUSES)[number];

/** A package as a change names it: its kilometres a year and monthly gross rate. */
export const PackageTermsSchema = z.object({
  leasePackageId: z.string(),
  kmPerYear: z.number(),
  monthlyGrossRateEur: z.number(),
});
export type PackageTerms = z.infer<typeof PackageTermsSchema>;

export const PackageChangeSchema = z.object({
  id: z.string(),
  orderId: z.number(),
  status: z.enum(PACKAGE_CHANGE_STATUSES),
  from: PackageTermsSchema,
  to: PackageTermsSchema,
  /** `YYYY-MM`: the first month at the new rate (approved only). */
  effectiveMonth: z.nullable(z.string()),
  /** The provider's note with the decision. */
  note: z.nullable(z.string()),
  requestedAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type PackageChange = z.infer<typeof PackageChangeSchema>;

export const PackageChangeOptionSchema = z.object({
  ...PackageTermsSchema.shape,
  /** The new rate minus the one in force: what the monthly conversion grows by. */
  differenceEur: z.number(),
});
export type PackageChangeOption = z.infer<typeof PackageChangeOptionSchema>;

/** `GET /v1/order/{orderId}/package-change`. */
export const PackageChangeOverviewSchema = z.object({
  /** The package in force (after any approved change). */
  current: PackageTermsSchema,
  /** Larger packages the employee may ask for (none while a request is open, or once the lease ended). */
  options: z.array(PackageChangeOptionSchema),
  /** Every request of the lease, newest first. */
  changes: z.array(PackageChangeSchema),
});
export type PackageChangeOverview = z.infer<typeof PackageChangeOverviewSchema>;

/** `POST /v1/order/{orderId}/package-change`: the kilometres a year of one of the offered packages. */
export const PackageChangeRequestSchema = z.strictObject({
  kmPerYear: z.number(msg.invalid).check(z.int(msg.invalid), z.gte(1, msg.min(1)), z.lte(200_000, msg.max(200_000))),
});
export type PackageChangeRequest = z.infer<typeof PackageChangeRequestSchema>;

export const PACKAGE_CHANGE_DECISIONS = ['APPROVE', 'DECLINE'] as const;

/** `POST /v1/provider/package-changes/{changeId}/decision`; a declined request says why. */
export const PackageChangeDecisionSchema = z
  .strictObject({
    decision: z.enum(PACKAGE_CHANGE_DECISIONS, msg.invalid),
    note: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(1000, msg.max(1000))))),
  })
  .check(
    // The employee is told why a request was declined.
    z.refine((body) => body.decision === 'APPROVE' || (body.note ?? '').length > 0, {
      message: msg.required,
      path: ['note'],
    }),
  );
export type PackageChangeDecision = z.infer<typeof PackageChangeDecisionSchema>;

export const PackageChangeParamsSchema = z.object({ changeId: z.uuid() });

/** A request in the provider's queue: with the person, employer and car it concerns. */
export const ProviderPackageChangeSchema = z.object({
  ...PackageChangeSchema.shape,
  personName: z.string(),
  tenantName: z.string(),
  car: z.string(),
});
export type ProviderPackageChange = z.infer<typeof ProviderPackageChangeSchema>;

/** `GET /v1/provider/package-changes?status=&page=&pageSize=`: oldest request first. */
export const ProviderPackageChangesQuerySchema = z.strictObject({
  status: z.optional(z.enum(PACKAGE_CHANGE_STATUSES, msg.invalid)),
  page: pageNumberField(),
  pageSize: pageSizeField(100, 25),
});
export type ProviderPackageChangesQuery = z.infer<typeof ProviderPackageChangesQuerySchema>;

export const ProviderPackageChangePageSchema = pageOf(ProviderPackageChangeSchema);
export type ProviderPackageChangePage = z.infer<typeof ProviderPackageChangePageSchema>;
