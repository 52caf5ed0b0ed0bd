import { z } from 'zod';

import { EmailSchema, TitleSchema } from './account.js';
import { AdminOrderSummarySchema, DeliveryWindowSchema, StepTypeSchema } from './orders.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * The provider's back office (role PROVIDER_ADMIN): employers, their register codes, the order
 * pipeline and its dashboard. The price list and photos are in provider-catalog.ts.
 */

const text = (max: number) =>
  z.string({ error: msg.required }).trim().min(1, msg.required).max(max, msg.max(max)).regex(SINGLE_LINE, msg.invalid);

/** An ISO calendar date (`2026-03-31`). */
export const IsoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg.date)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), msg.date);

export const TenantIdParamsSchema = z.object({ tenantId: z.uuid() });

/** The employer's data the provider keeps: name, business address, contact address. */
export const TenantFieldsSchema = z.object({
  name: text(200),
  street: text(200),
  streetNumber: text(20),
  postcode: z
    .string({ error: msg.required })
    .trim()
    .regex(/^\d{5}$/, msg.postcode),
  place: text(200),
  contactEmail: EmailSchema,
});

/** `POST /v1/provider/tenants`: the employer and its first HR admin (invited by mail). */
export const CreateTenantRequestSchema = TenantFieldsSchema.extend({
  admin: z
    .object({
      title: TitleSchema.nullish(),
      firstName: text(100),
      lastName: text(100),
      email: EmailSchema,
    })
    .strict(),
}).strict();
export type CreateTenantRequest = z.infer<typeof CreateTenantRequestSchema>;

/** `PUT /v1/provider/tenants/{tenantId}`. */
export const UpdateTenantRequestSchema = TenantFieldsSchema.strict();
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequestSchema>;

/** A code is usable while ACTIVE; every other state is refused exactly like an unknown code. */
export const RegisterCodeStateSchema = z.enum(['ACTIVE', 'EXPIRED', 'USED_UP', 'REVOKED']);
export type RegisterCodeState = z.infer<typeof RegisterCodeStateSchema>;

export const RegisterCodeSchema = z.object({
  code: z.string(),
  state: RegisterCodeStateSchema,
  uses: z.number().int(),
  maxUses: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RegisterCode = z.infer<typeof RegisterCodeSchema>;

export const REGISTER_CODE_MAX_USES = 100_000;

/** `POST /v1/provider/tenants/{tenantId}/register-codes`: both limits optional. */
export const CreateRegisterCodeRequestSchema = z
  .object({
    maxUses: z
      .number()
      .int(msg.invalid)
      .min(1, msg.min(1))
      .max(REGISTER_CODE_MAX_USES, msg.max(REGISTER_CODE_MAX_USES))
      .nullish(),
    /** The last day the code works (a date), or an exact instant. */
    expiresAt: z.union([IsoDateSchema, z.iso.datetime({ offset: true, message: msg.date })]).nullish(),
  })
  .strict();
export type CreateRegisterCodeRequest = z.infer<typeof CreateRegisterCodeRequestSchema>;

export const RegisterCodeParamsOfTenantSchema = TenantIdParamsSchema.extend({ code: z.string().trim().min(1).max(64) });

export const TenantSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  enabled: z.boolean(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  postcode: z.string().nullable(),
  place: z.string().nullable(),
  contactEmail: z.string().nullable(),
  employees: z.number().int(),
  /** Orders that are neither declined, expired nor cancelled (running leases included). */
  activeOrders: z.number().int(),
  /** Codes usable right now. */
  activeCodes: z.number().int(),
  createdAt: z.string(),
});
export type TenantSummary = z.infer<typeof TenantSummarySchema>;

export const TenantAdminSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** False until the invited admin has set a password. */
  active: z.boolean(),
});

export const TenantDetailSchema = TenantSummarySchema.extend({
  registerCodes: z.array(RegisterCodeSchema),
  admins: z.array(TenantAdminSchema),
});
export type TenantDetail = z.infer<typeof TenantDetailSchema>;

/** `201` of `POST /v1/provider/tenants`: the employer and its first register code. */
export const CreateTenantResponseSchema = TenantDetailSchema.extend({ registerCode: z.string() });
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

export const ProviderOrdersQuerySchema = z
  .object({
    tenantId: z.uuid().optional(),
    status: PipelineStatusSchema.optional(),
    step: StepTypeSchema.optional(),
    /** Created on or after this day / on or before this day (Europe/Berlin). */
    from: IsoDateSchema.optional(),
    to: IsoDateSchema.optional(),
    /** Employee name, e-mail or order number. */
    q: z.string().trim().max(100).regex(SINGLE_LINE).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PIPELINE_PAGE_SIZE_MAX).default(25),
  })
  .strict();
/** The query as a client builds it (every field optional; page and size default on the server). */
export type ProviderOrdersQuery = Partial<z.output<typeof ProviderOrdersQuerySchema>>;

export const ProviderOrderRowSchema = AdminOrderSummarySchema.extend({
  tenantId: z.uuid(),
  pipelineStatus: PipelineStatusSchema,
  deliveryWindow: DeliveryWindowSchema.nullable(),
  handoverDate: z.string().nullable(),
});
export type ProviderOrderRow = z.infer<typeof ProviderOrderRowSchema>;

export const ProviderOrdersPageSchema = z.object({
  items: z.array(ProviderOrderRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProviderOrdersPage = z.infer<typeof ProviderOrdersPageSchema>;

/** One entry of an order's timeline: a step change, or a change of the delivery window. */
export const OrderTimelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(['STEP', 'DELIVERY_WINDOW']),
  stepType: StepTypeSchema.nullable(),
  /** CURRENT: the step became current; ACCEPTED/DECLINED: it was completed that way. */
  outcome: z.enum(['CURRENT', 'ACCEPTED', 'DECLINED']).nullable(),
  /** Null: the platform itself (expiry, signature callback, data change). */
  actor: z.object({ name: z.string(), role: z.string() }).nullable(),
  deliveryWindow: DeliveryWindowSchema.nullable(),
});
export type OrderTimelineEvent = z.infer<typeof OrderTimelineEventSchema>;

/** `PUT /v1/provider/orders/{orderId}/delivery-window`. */
export const DeliveryWindowRequestSchema = z
  .object({ from: IsoDateSchema, to: IsoDateSchema })
  .strict()
  .refine((v) => v.from <= v.to, { message: 'dateOrder', path: ['to'] });
export type DeliveryWindowRequest = z.infer<typeof DeliveryWindowRequestSchema>;

export const ProviderDashboardSchema = z.object({
  byStatus: z.array(z.object({ status: PipelineStatusSchema, count: z.number().int() })),
  byTenant: z.array(z.object({ tenantId: z.uuid(), name: z.string(), count: z.number().int() })),
  /** Median days from a step becoming current to its completion (null: none completed yet). */
  medianDaysPerStep: z.array(
    z.object({ stepType: StepTypeSchema, medianDays: z.number().nullable(), samples: z.number().int() }),
  ),
  handoversThisMonth: z.number().int(),
  month: z.string(),
});
export type ProviderDashboard = z.infer<typeof ProviderDashboardSchema>;
