import { z } from 'zod/mini';

import { EmailSchema, TitleSchema } from './account.js';
import { AdminOrderSummarySchema, DeliveryWindowSchema, ProviderCaseFailureSchema, StepTypeSchema } from './orders.js';
import { pageNumberField, pageOf, pageSizeField, searchTermField } from './paging.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * The provider's back office (role PROVIDER_ADMIN): employers, their register codes, the order
 * pipeline and its dashboard. The price list and photos are in provider-catalog.ts.
 */

const text = (max: number) =>
  z
    .string({ error: msg.required })
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(max, msg.max(max)), z.regex(SINGLE_LINE, msg.invalid));

/** An ISO calendar date (`2026-03-31`). */
export const IsoDateSchema = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, msg.date),
  z.refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), msg.date),
);

export const TenantIdParamsSchema = z.object({ tenantId: z.uuid() });

/** The employer's data the provider keeps: name, business address, contact address. */
export const TenantFieldsSchema = z.object({
  name: text(200),
  street: text(200),
  streetNumber: text(20),
  postcode: z.string({ error: msg.required }).check(z.trim(), z.regex(/^\d{5}$/, msg.postcode)),
  place: text(200),
  contactEmail: EmailSchema,
});

/** `POST /v1/provider/tenants`: the employer and its first HR admin (invited by mail). */
export const CreateTenantRequestSchema = z.strictObject({
  ...TenantFieldsSchema.shape,
  admin: z.strictObject({
    title: z.nullish(TitleSchema),
    firstName: text(100),
    lastName: text(100),
    email: EmailSchema,
  }),
});
export type CreateTenantRequest = z.infer<typeof CreateTenantRequestSchema>;

/** `PUT /v1/provider/tenants/{tenantId}`. */
export const UpdateTenantRequestSchema = z.strictObject(TenantFieldsSchema.shape);
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequestSchema>;

/** A code is usable while ACTIVE; every other state is refused exactly like an unknown code. */
export const RegisterCodeStateSchema = z.enum(['ACTIVE', 'EXPIRED', 'USED_UP', 'REVOKED']);
export type RegisterCodeState = z.infer<typeof RegisterCodeStateSchema>;

export const RegisterCodeSchema = z.object({
  code: z.string(),
  state: RegisterCodeStateSchema,
  uses: z.number().check(z.int()),
  maxUses: z.nullable(z.number().check(z.int())),
  expiresAt: z.nullable(z.string()),
  revokedAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type RegisterCode = z.infer<typeof RegisterCodeSchema>;

export const REGISTER_CODE_MAX_USES = 100_000;

/** `POST /v1/provider/tenants/{tenantId}/register-codes`: both limits optional. */
export const CreateRegisterCodeRequestSchema = z.strictObject({
  maxUses: z.nullish(
    z
      .number()
      .check(z.int(msg.invalid), z.gte(1, msg.min(1)), z.lte(REGISTER_CODE_MAX_USES, msg.max(REGISTER_CODE_MAX_USES))),
  ),
  /** The last day the code works (a date), or an exact instant. */
  expiresAt: z.nullish(z.union([IsoDateSchema, z.iso.datetime({ offset: true, message: msg.date })])),
});
export type CreateRegisterCodeRequest = z.infer<typeof CreateRegisterCodeRequestSchema>;

export const RegisterCodeParamsOfTenantSchema = z.extend(TenantIdParamsSchema, {
  code: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)),
});

export const TenantSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  enabled: z.boolean(),
  street: z.nullable(z.string()),
  streetNumber: z.nullable(z.string()),
  postcode: z.nullable(z.string()),
  place: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
  employees: z.number().check(z.int()),
  /** Orders that are neither declined, expired nor cancelled (running leases included). */
  activeOrders: z.number().check(z.int()),
  /** Codes usable right now. */
  activeCodes: z.number().check(z.int()),
  createdAt: z.string(),
});
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

export const TENANTS_PAGE_SIZE_MAX = 100;
export const TenantSorts = ['name', 'newest'] as const;
export const TenantStates = ['ENABLED', 'DISABLED'] as const;

/** `GET /v1/provider/tenants`: searched (name, place, postcode, contact), filtered and paged on the server. */
export const ProviderTenantsQuerySchema = z.strictObject({
  q: searchTermField(),
  status: z.optional(z.enum(TenantStates)),
  /** By name (A–Z) or the newest first. */
  sort: z._default(z.enum(TenantSorts), 'name'),
  page: pageNumberField(),
  pageSize: pageSizeField(TENANTS_PAGE_SIZE_MAX, 25),
});
/** The query as a client builds it (every field optional; page and size default on the server). */
export type ProviderTenantsQuery = Partial<z.output<typeof ProviderTenantsQuerySchema>>;

export const ProviderTenantsPageSchema = pageOf(TenantSummarySchema);
export type ProviderTenantsPage = z.infer<typeof ProviderTenantsPageSchema>;

export const TenantAdminSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** False until the invited admin has set a password. */
  active: z.boolean(),
});

export const TenantDetailSchema = z.extend(TenantSummarySchema, {
  registerCodes: z.array(RegisterCodeSchema),
  admins: z.array(TenantAdminSchema),
});
export type TenantDetail = z.infer<typeof TenantDetailSchema>;

/** `201` of `POST /v1/provider/tenants`: the employer and its first register code. */
export const CreateTenantResponseSchema = z.extend(TenantDetailSchema, { registerCode: z.string() });
export type CreateTenantResponse = z.infer<typeof CreateTenantResponseSchema>;

// -------------------------------------------------------------------------------------------------
// Pipeline

/** Where an order stands, coarser than its step: the pipeline's status filter and dashboard. */
export const PipelineStatuses = [
  'EMPLOYEE_STEPS',
  'EMPLOYER_APPROVAL',
  'ORDERING',
  'DELIVERY',
  'ACTIVE',
  'CLOSED',
] as const;
export const PipelineStatusSchema = z.enum(PipelineStatuses);
export type PipelineStatus = z.infer<typeof PipelineStatusSchema>;

export const PIPELINE_PAGE_SIZE_MAX = 100;

export const ProviderOrdersQuerySchema = z.strictObject({
  tenantId: z.optional(z.uuid()),
  status: z.optional(PipelineStatusSchema),
  step: z.optional(StepTypeSchema),
  /** Created on or after this day / on or before this day (Europe/Berlin). */
  from: z.optional(IsoDateSchema),
  to: z.optional(IsoDateSchema),
  /** Employee name, e-mail or order number. */
  q: z.optional(z.string().check(z.trim(), z.maxLength(100), z.regex(SINGLE_LINE))),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(PIPELINE_PAGE_SIZE_MAX)), 25),
});
/** The query as a client builds it (every field optional; page and size default on the server). */
export type ProviderOrdersQuery = Partial<z.output<typeof ProviderOrdersQuerySchema>>;

/** `GET /v1/provider/orders/export.csv`: the pipeline's filters, every matching order in one file. */
export const ProviderOrdersExportQuerySchema = z.strictObject({
  tenantId: z.optional(z.uuid()),
  status: z.optional(PipelineStatusSchema),
  step: z.optional(StepTypeSchema),
  from: z.optional(IsoDateSchema),
  to: z.optional(IsoDateSchema),
});
export type ProviderOrdersExportQuery = z.output<typeof ProviderOrdersExportQuerySchema>;

export const ProviderOrderRowSchema = z.extend(AdminOrderSummarySchema, {
  tenantId: z.uuid(),
  pipelineStatus: PipelineStatusSchema,
  deliveryWindow: z.nullable(DeliveryWindowSchema),
  handoverDate: z.nullable(z.string()),
});
export type ProviderOrderRow = z.infer<typeof ProviderOrderRowSchema>;

export const ProviderOrdersPageSchema = z.object({
  items: z.array(ProviderOrderRowSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type ProviderOrdersPage = z.infer<typeof ProviderOrdersPageSchema>;

/**
 * One entry of an order's timeline: a step change, a change of the delivery window, or an attempt at
 * the licence check or the signature that ended without success (the employee may try again, up to a
 * limit, so the back office sees why an order stands still at those steps).
 */
export const OrderTimelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['STEP', 'DELIVERY_WINDOW', 'ATTEMPT']),
  stepType: z.nullable(StepTypeSchema),
  /** CURRENT: the step became current; ACCEPTED/DECLINED: it was completed that way. */
  outcome: z.nullable(z.enum(['CURRENT', 'ACCEPTED', 'DECLINED'])),
  /** Null: the platform itself (expiry, signature callback, data change). */
  actor: z.nullable(z.object({ name: z.string(), role: z.string() })),
  deliveryWindow: z.nullable(DeliveryWindowSchema),
  /** ATTEMPT: which check, how it ended and what the employee was told; null for the other kinds. */
  attempt: z.nullable(z.omit(ProviderCaseFailureSchema, { at: true })),
});
export type OrderTimelineEvent = z.infer<typeof OrderTimelineEventSchema>;

/** `PUT /v1/provider/orders/{orderId}/delivery-window`. */
export const DeliveryWindowRequestSchema = z
  .strictObject({ from: IsoDateSchema, to: IsoDateSchema })
  .check(z.refine((v) => v.from <= v.to, { message: 'dateOrder', path: ['to'] }));
export type DeliveryWindowRequest = z.infer<typeof DeliveryWindowRequestSchema>;

export const ProviderDashboardSchema = z.object({
  byStatus: z.array(z.object({ status: PipelineStatusSchema, count: z.number().check(z.int()) })),
  byTenant: z.array(z.object({ tenantId: z.uuid(), name: z.string(), count: z.number().check(z.int()) })),
  /** Median days from a step becoming current to its completion (null: none completed yet). */
  medianDaysPerStep: z.array(
    z.object({ stepType: StepTypeSchema, medianDays: z.nullable(z.number()), samples: z.number().check(z.int()) }),
  ),
  handoversThisMonth: z.number().check(z.int()),
  month: z.string(),
});
export type ProviderDashboard = z.infer<typeof ProviderDashboardSchema>;
