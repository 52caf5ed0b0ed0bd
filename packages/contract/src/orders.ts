import { z } from 'zod/mini';

import { DeliveryOptionSchema, LeasePackageSchema, TaxResultSchema } from './catalog.js';
import { pageNumberField, pageOf, pageSizeField, searchTermField } from './paging.js';
import { msg } from './validation-messages.js';

/** Spec 4.5: step types in workflow order, then the terminal states. */
export const StepTypes = [
  'CONFIRM_SUMMARY',
  'PREVIEW_CONTRACT',
  'NECT_DRIVERS_LICENCE',
  'NECT_SIGN',
  'TENANT_ADMIN_CLICK_CONFIRM',
  'ADMIN_CONFIRM',
  'LEASING_ACTIVE',
  'DECLINED_BY_TENANT',
  'DECLINED_BY_ADMIN',
  'EXPIRED',
  'BREAKING_CHANGE',
  /** After "Leasing aktiv": the car is back, the lease settled (modules/lease-end). */
  'LEASE_ENDED',
  /**
   * Between "Leasing aktiv" and "Leasing beendet" when a follow-up car was handed over first: the
   * salary conversion ended the day before that handover, the old car is still to be returned (ADR 0040).
   */
  'CONVERSION_ENDED',
  /** The employee cancelled a signed order within the week to cancel (ADR 0053). */
  'CANCELLED_BY_EMPLOYEE',
] as const;
export const StepTypeSchema = z.enum(StepTypes);
export type StepType = z.infer<typeof StepTypeSchema>;

/**
 * The transfer contract stays German: the German text is the legally binding one. People who chose
 * English read this notice on the contract's first page and beside its preview (ADR 0017); one text
 * for both, so the screen and the PDF never say different things.
 */
export const CONTRACT_ENGLISH_NOTICE =
  'This contract is in German; only the German text is legally binding. In short: your employer lets you use the electric car described here for business and private journeys for a fixed term. In return, your gross salary is reduced by the monthly amount in § 4 (salary conversion, "Gehaltsumwandlung"), and private use is taxed as a benefit in kind ("geldwerter Vorteil"). If your employment ends, the car goes back (§ 8).';

/** Spec 3 "Step definition". */
export const StepDefinitionSchema = z.object({
  id: z.number().check(z.int()),
  stepType: StepTypeSchema,
  stepName: z.string(),
  orderNumber: z.number().check(z.int()),
  final: z.boolean(),
  success: z.boolean(),
  userEnabled: z.boolean(),
  userVisible: z.boolean(),
  adminVisible: z.boolean(),
  adminEnabled: z.boolean(),
  tenantAdminVisible: z.boolean(),
  tenantAdminEnabled: z.boolean(),
});
export type StepDefinition = z.infer<typeof StepDefinitionSchema>;

export const StepStatusSchema = z.enum(['ACCEPTED', 'DECLINED']);
/** Spec 3 "User step": a status record. `status` null = the step is current. */
export const UserStepSchema = z.object({
  id: z.string(),
  stepId: z.number().check(z.int()),
  status: z.nullable(StepStatusSchema),
  modified: z.string(),
});
export type UserStep = z.infer<typeof UserStepSchema>;

export const OrderDocumentSchema = z.object({ id: z.string(), name: z.string(), created: z.string() });
export type OrderDocument = z.infer<typeof OrderDocumentSchema>;

export const OrderVehicleSchema = z.object({
  id: z.string(),
  brand: z.string(),
  carModel: z.string(),
  trimLevel: z.nullable(z.string()),
  maximumPowerKw: z.number(),
  rangeKm: z.number(),
  consumption: z.nullable(z.number()),
  listPrice: z.number(),
  mainPhotoUrl: z.nullable(z.string()),
  pictureUrls: z.array(z.string()),
  deliveryFromWeeks: z.nullable(z.number()),
  deliveryToWeeks: z.nullable(z.number()),
  vehicleDetails: z.object({
    technicalDetails: z.nullable(z.string()),
    standardEquipment: z.nullable(z.string()),
    specialEquipment: z.nullable(z.string()),
  }),
});

/** An expected delivery window (ISO dates, inclusive). */
export const DeliveryWindowSchema = z.object({ from: z.string(), to: z.string() });
export type DeliveryWindow = z.infer<typeof DeliveryWindowSchema>;

/**
 * How the employer approved the order (null until it has, and after a refusal): a tenant admin's
 * click, or the programme's automatic approval by the policy frozen with the order.
 */
export const EmployerApprovalSchema = z.object({
  kind: z.enum(['MANUAL', 'AUTOMATIC']),
  /** When (ISO time). */
  at: z.string(),
  /** AUTOMATIC: the version of the programme policy whose rules the order met; null for a click. */
  policyVersion: z.nullable(z.number().check(z.int())),
  /** AUTOMATIC: why, in German; null for a click. */
  reason: z.nullable(z.string()),
});
export type EmployerApproval = z.infer<typeof EmployerApprovalSchema>;

/**
 * The week to cancel (ADR 0053): from the employee's signature to the end of the window's last day in
 * Berlin. Null before the signature.
 */
export const OrderCancellationSchema = z.object({
  /** The window's last day (ISO date, Europe/Berlin), the day the order page names. */
  lastDay: z.string(),
  /** The instant the window closes (ISO time): midnight in Berlin after the last day. */
  endsAt: z.string(),
  /** Whether the employee may cancel now: within the window, not waived, the car not yet ordered. */
  open: z.boolean(),
  /** When the employee gave the window up for a faster delivery (ISO time). */
  waivedAt: z.nullable(z.string()),
  /** When the employee cancelled (ISO time). */
  cancelledAt: z.nullable(z.string()),
  /** The employee's reason, if they gave one. */
  reason: z.nullable(z.string()),
});
export type OrderCancellation = z.infer<typeof OrderCancellationSchema>;

/**
 * The employee's last attempt at the order's current provider step (the licence check or the
 * signature) when it ended without success: the order page says so, also in the tab that opened the
 * provider's page in another one. Null while an attempt is open, after a success, or before any.
 */
export const ProviderCaseFailureSchema = z.object({
  kind: z.enum(['IDENT', 'SIGN']),
  status: z.enum(['FAILED', 'CANCELLED', 'EXPIRED']),
  /** Why, in the German words the employee was told on the way back (signatures); null: say it by status. */
  message: z.nullable(z.string()),
  /** When the attempt ended (ISO time). */
  at: z.string(),
});
export type ProviderCaseFailure = z.infer<typeof ProviderCaseFailureSchema>;

/**
 * The order with its frozen snapshot (spec 3 "Order"). `orderUserInfo.salaryInfo` and the full tax
 * result are shown only to the employee who ordered; admins get the order without them.
 */
export const OrderSchema = z.object({
  id: z.number().check(z.int()),
  created: z.string(),
  status: StepTypeSchema,
  leasePackage: LeasePackageSchema,
  vehicle: OrderVehicleSchema,
  color: z.string(),
  delivery: DeliveryOptionSchema,
  orderUserInfo: z.object({
    addressDto: z.object({
      title: z.nullable(z.string()),
      firstName: z.string(),
      lastName: z.string(),
      street: z.string(),
      streetNumber: z.string(),
      place: z.string(),
      postcode: z.string(),
      state: z.string(),
      placeOfBirth: z.string(),
      employeeId: z.nullable(z.string()),
      email: z.string(),
    }),
    salaryInfo: z.nullable(z.record(z.string(), z.unknown())),
  }),
  taxResult: z.nullable(TaxResultSchema),
  steps: z.array(StepDefinitionSchema),
  userSteps: z.array(UserStepSchema),
  documents: z.array(OrderDocumentSchema),
  employee: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    employeeId: z.nullable(z.string()),
  }),
  tenantName: z.string(),
  declineReason: z.nullable(z.string()),
  handoverDate: z.nullable(z.string()),
  /** The expected delivery window the provider set (ISO dates), once there is one. */
  deliveryWindow: z.nullable(DeliveryWindowSchema),
  employerApproval: z.nullable(EmployerApprovalSchema),
  cancellation: z.nullable(OrderCancellationSchema),
  /** Only in the employee's own view; null for admins. */
  providerCaseFailure: z.nullable(ProviderCaseFailureSchema),
});
export type Order = z.infer<typeof OrderSchema>;

/** The statuses of a handed-over lease whose car is still out (the return accepts both). */
export const RUNNING_LEASE_STATUSES = ['LEASING_ACTIVE', 'CONVERSION_ENDED'] as const satisfies readonly StepType[];

/** A lease whose car the employee has: handed over and not yet returned. */
export function isRunningLease<T extends { status: string; handoverDate: string | null }>(
  order: T,
): order is T & { handoverDate: string } {
  return order.handoverDate !== null && (RUNNING_LEASE_STATUSES as readonly string[]).includes(order.status);
}

export const OrderIdParamsSchema = z.object({
  orderId: z.coerce.number().check(z.int(), z.positive(), z.lte(2_147_483_647)),
});
export const OrderStepParamsSchema = z.extend(OrderIdParamsSchema, {
  stepId: z.coerce.number().check(z.int(), z.positive(), z.lte(1_000)),
});
export const OrderDocumentParamsSchema = z.extend(OrderIdParamsSchema, { documentId: z.uuid() });

/** `POST /v1/order`. */
export const CreateOrderRequestSchema = z.strictObject({
  leasePackageId: z.uuid(),
  color: z.string().check(z.minLength(1), z.maxLength(100)),
  delivery: DeliveryOptionSchema,
});
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;

/** `orderId` when created; `errors` (spec: shown as 'Missing: ...') when something is missing. */
export const CreateOrderResponseSchema = z.object({
  orderId: z.nullable(z.number().check(z.int())),
  errors: z.optional(z.array(z.object({ field: z.string(), message: z.string() }))),
});

/**
 * Body of `PUT /v1/order/{orderId}/step/{stepId}/execute|accept|decline`: the order and the current
 * status record (spec 7), plus what some steps need: the agreement of the summary step, a reason for a
 * decline, the handover date of the final step.
 */
export const StepActionRequestSchema = z.strictObject({
  orderId: z.number().check(z.int(), z.positive()),
  userStepId: z.uuid(),
  agreed: z.optional(z.boolean()),
  reason: z.optional(z.string().check(z.trim(), z.maxLength(1_000))),
  handoverDate: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/))),
});
export type StepActionRequest = z.infer<typeof StepActionRequestSchema>;

/** `POST /v1/order/{orderId}/cancel`: the employee's reason is optional. */
export const CancelOrderRequestSchema = z.strictObject({
  reason: z.optional(z.string().check(z.trim(), z.maxLength(1_000))),
});
export type CancelOrderRequest = z.infer<typeof CancelOrderRequestSchema>;

/**
 * `POST /v1/order/{orderId}/waive-cancellation`: the employee gives up the rest of the week to cancel
 * so that the car can be ordered at once; `acknowledged` is their explicit yes to that consequence.
 */
export const WaiveCancellationRequestSchema = z.strictObject({ acknowledged: z.literal(true) });
export type WaiveCancellationRequest = z.infer<typeof WaiveCancellationRequestSchema>;

/**
 * The provider's order settings (`GET/PUT /v1/provider/order-settings`). The window is at least the
 * contract's week (`contract-sections.ts` promises one week) and at most 30 days.
 */
export const CANCELLATION_DAYS_MIN = 7;
export const CANCELLATION_DAYS_MAX = 30;
export const OrderSettingsSchema = z.strictObject({
  cancellationDays: z
    .number()
    .check(
      z.int(),
      z.gte(CANCELLATION_DAYS_MIN, msg.min(CANCELLATION_DAYS_MIN)),
      z.lte(CANCELLATION_DAYS_MAX, msg.max(CANCELLATION_DAYS_MAX)),
    ),
});
export type OrderSettings = z.infer<typeof OrderSettingsSchema>;

export const LinkResponseSchema = z.object({ link: z.url() });
export const CheckResponseSchema = z.boolean();

/** One row of the admins' order lists: no salary or church data (spec 6, GDPR Art. 9). */
export const AdminOrderSummarySchema = z.object({
  id: z.number().check(z.int()),
  created: z.string(),
  status: StepTypeSchema,
  currentStepId: z.nullable(z.number().check(z.int())),
  currentUserStepId: z.nullable(z.string()),
  employee: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    employeeId: z.nullable(z.string()),
  }),
  tenantName: z.string(),
  vehicle: z.object({ brand: z.string(), carModel: z.string(), trimLevel: z.nullable(z.string()) }),
  durationMonths: z.number(),
  kmPerYear: z.number(),
  monthlyGrossRate: z.number(),
  color: z.string(),
  delivery: DeliveryOptionSchema,
  latestDocument: z.nullable(OrderDocumentSchema),
  employerApproval: z.nullable(EmployerApprovalSchema),
  /**
   * While the employee's week to cancel runs (signed, not waived, not cancelled, not over): its last
   * day (ISO date, Europe/Berlin). The car is ordered from the manufacturer only after it (ADR 0053).
   */
  cancellableUntil: z.nullable(z.string()),
});
export type AdminOrderSummary = z.infer<typeof AdminOrderSummarySchema>;

/**
 * The steps at which each admin acts (spec 6), while the step's status record is open: the tenant
 * admin approves, the provider admin orders the car and records the handover. The server's "open"
 * view and the web's row actions both read this table.
 */
export const ADMIN_OPEN_STEPS = {
  TENANT_ADMIN: ['TENANT_ADMIN_CLICK_CONFIRM'],
  PROVIDER_ADMIN: ['ADMIN_CONFIRM', 'LEASING_ACTIVE'],
} as const satisfies Record<'TENANT_ADMIN' | 'PROVIDER_ADMIN', readonly StepType[]>;

/** "open": the orders waiting for this admin now (the row's actions); "all": every visible order. */
export const AdminOrderViews = ['open', 'all'] as const;
export type AdminOrderView = (typeof AdminOrderViews)[number];

export const ADMIN_ORDERS_PAGE_SIZE_MAX = 100;

/** `GET /v1/admin/orders`: newest first; `q` is an order number or the start of a name or e-mail address. */
export const AdminOrdersQuerySchema = z.strictObject({
  view: z._default(z.enum(AdminOrderViews), 'all'),
  q: searchTermField(),
  page: pageNumberField(),
  pageSize: pageSizeField(ADMIN_ORDERS_PAGE_SIZE_MAX, 25),
});
/** The query as a client builds it (every field optional; the defaults are the server's). */
export type AdminOrdersQuery = Partial<z.output<typeof AdminOrdersQuerySchema>>;

/**
 * A page of the view asked for; `open` and `all` count both views under the same search, so the
 * page's tabs show both counts from one answer.
 */
export const AdminOrdersPageSchema = z.extend(pageOf(AdminOrderSummarySchema), {
  counts: z.object({ open: z.number().check(z.int()), all: z.number().check(z.int()) }),
});
export type AdminOrdersPage = z.infer<typeof AdminOrdersPageSchema>;
