import { z } from 'zod/mini';

import { pageNumberField, pageOf, pageSizeField } from './paging.js';
import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * Signed webhooks (ADR 0059): an employer's HR registers endpoints of its own systems and the
 * platform posts them what happened, signed by the Standard Webhooks specification
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`).
 */

/** Every event an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.signed',
  'order.approved',
  'order.cancelled',
  'lease.started',
  'lease.ended',
  'absence.created',
  'absence.updated',
  'absence.deleted',
  'employee.left',
  'payroll.month_ready',
  'invoice.issued',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Endpoints one employer may hold at a time. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2_000;

/** The endpoint's state: ACTIVE gets deliveries, DISABLED (by HR) none, FAILING (24 h without success) waits for HR. */
export const WEBHOOK_ENDPOINT_STATUSES = ['ACTIVE', 'DISABLED', 'FAILING'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * An address the platform may post to, as far as its text tells: http or https, a host, no user name
 * or password (they would be shown in every list) and no fragment. Which hosts and schemes are
 * allowed where (https only and no private addresses in production) the server decides.
 */
export function isWebhookUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === '' &&
    url.hash === '' &&
    !value.includes('#')
  );
}

const UrlField = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, msg.required),
    z.maxLength(WEBHOOK_URL_MAX, msg.max(WEBHOOK_URL_MAX)),
    z.refine(isWebhookUrl, msg.invalid),
  );

const EventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, msg.invalid))
  .check(z.minLength(1, msg.min(1)), z.maxLength(WEBHOOK_EVENT_TYPES.length, msg.max(WEBHOOK_EVENT_TYPES.length)));

const DescriptionField = z.string().check(z.trim(), z.maxLength(200, msg.max(200)), z.regex(SINGLE_LINE, msg.invalid));

/** `POST /v1/tenant/webhooks`. */
export const WebhookEndpointCreateRequestSchema = z.strictObject({
  url: UrlField,
  events: EventsField,
  /** HR's own note which system this is ("Lohnbuchhaltung"). */
  description: z.optional(z.nullable(DescriptionField)),
});
export type WebhookEndpointCreateRequest = z.infer<typeof WebhookEndpointCreateRequestSchema>;

/**
 * `PATCH /v1/tenant/webhooks/{id}`: any of the fields; `enabled: true` also takes a FAILING endpoint
 * back into service (its waiting deliveries go out again), `false` stops it.
 */
export const WebhookEndpointPatchRequestSchema = z.strictObject({
  url: z.optional(UrlField),
  events: z.optional(EventsField),
  description: z.optional(z.nullable(DescriptionField)),
  enabled: z.optional(z.boolean()),
});
export type WebhookEndpointPatchRequest = z.infer<typeof WebhookEndpointPatchRequestSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.nullable(z.string()),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  status: z.enum(WEBHOOK_ENDPOINT_STATUSES),
  /** Since when the endpoint is FAILING (HR was mailed then); null otherwise. */
  failingSince: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/**
 * The answer of the creation and of a new secret: the only time the signing secret is shown
 * (`whsec_` and 32 random bytes in base64, as the Standard Webhooks libraries take it).
 */
export const WebhookEndpointCreatedSchema = z.extend(WebhookEndpointSchema, { secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreatedSchema>;

export const WebhookEndpointParamsSchema = z.object({ id: z.uuid() });
export const WebhookDeliveryParamsSchema = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** `GET /v1/tenant/webhooks/{id}/deliveries`: newest first. */
export const WebhookDeliveryListQuerySchema = z.strictObject({
  status: z.optional(z.enum(WEBHOOK_DELIVERY_STATUSES, msg.invalid)),
  page: pageNumberField(),
  pageSize: pageSizeField(100, 25),
});
export type WebhookDeliveryListQuery = z.infer<typeof WebhookDeliveryListQuerySchema>;

/** One try of a delivery: the receiver's status code and the start of its answer, or why there was none. */
export const WebhookAttemptSchema = z.object({
  at: z.string(),
  /** The receiver's HTTP status; null when no answer came (refused target, timeout, connection error). */
  statusCode: z.nullable(z.number().check(z.int())),
  durationMs: z.number().check(z.int()),
  /** The answer's first characters (at most 500). */
  responseExcerpt: z.nullable(z.string()),
  /** Why the attempt failed without an answer, in German ("Zeitüberschreitung nach 10 s"). */
  error: z.nullable(z.string()),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every retry and re-send, so a receiver can drop duplicates. */
  messageId: z.string(),
  type: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  createdAt: z.string(),
  /** When the next try is due (PENDING only). */
  nextAttemptAt: z.nullable(z.string()),
  deliveredAt: z.nullable(z.string()),
  /** The last try's status code (null: none yet, or no answer). */
  lastStatusCode: z.nullable(z.number().check(z.int())),
  /** The JSON body as sent: `{ type, timestamp, data }`. */
  body: z.string(),
  /** The tries, oldest first (the latest 20). */
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryPageSchema = pageOf(WebhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPageSchema>;

// ---------------------------------------------------------------------------------------------
// The bodies the platform posts

/**
 * The person an event is about: `personId` as in `/v1/tenant/employees/{id}`, `employeeId` the
 * personnel number (null when HR has not given one). Names, addresses and salaries are never sent.
 */
const Person = { personId: z.string(), employeeId: z.nullable(z.string()) };
const OrderData = z.object({ orderId: z.number().check(z.int()), ...Person });

/** `data` of each event: ids and the dates the event needs, nothing more (fetch details through the API). */
export const WebhookEventDataSchemas = {
  'order.signed': OrderData,
  'order.approved': OrderData,
  'order.cancelled': OrderData,
  /** The car was handed over: the lease runs from `handoverDate` (ISO). */
  'lease.started': z.object({ orderId: z.number().check(z.int()), ...Person, handoverDate: z.string() }),
  /** The car came back (RETURNED) or a total loss or theft ended the lease (LOSS) on `endedOn` (ISO). */
  'lease.ended': z.object({
    orderId: z.number().check(z.int()),
    ...Person,
    endedOn: z.string(),
    reason: z.enum(['RETURNED', 'LOSS']),
  }),
  'absence.created': z.object({ absenceId: z.string(), ...Person }),
  'absence.updated': z.object({ absenceId: z.string(), ...Person }),
  'absence.deleted': z.object({ absenceId: z.string(), ...Person }),
  /** HR recorded the last working day (ISO). */
  'employee.left': z.object({ ...Person, leavingDate: z.string() }),
  /** The month's payroll export (`GET /v1/tenant/payroll/{month}`) is ready for the payroll run. */
  'payroll.month_ready': z.object({ month: z.string() }),
  'invoice.issued': z.object({
    invoiceId: z.string(),
    invoiceNumber: z.string(),
    type: z.enum(['INVOICE', 'CREDIT_NOTE']),
    month: z.string(),
  }),
} as const satisfies Record<WebhookEventType, z.ZodMiniType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof WebhookEventDataSchemas)[T]>;

/** What a receiver gets as the body: `timestamp` is when it happened (ISO), not when it was sent. */
export interface WebhookEventBody<T extends WebhookEventType = WebhookEventType> {
  type: T;
  timestamp: string;
  data: WebhookEventData<T>;
}
