import { z } from 'zod/mini';

import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * The employer's own systems (ADR 0057): API keys an employer's HR creates for its payroll or HR
 * system, each allowed a set of scopes on the existing `/v1/tenant/…` routes.
 */

export const API_KEY_SCOPES = ['payroll:read', 'people:read', 'people:write', 'orders:read', 'invoices:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys one employer may hold at a time (revoked ones aside). */
export const API_KEYS_MAX = 20;

/** `POST /v1/tenant/api-keys`. */
export const ApiKeyCreateRequestSchema = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(100, msg.max(100)), z.regex(SINGLE_LINE, msg.invalid)),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, msg.invalid))
    .check(z.minLength(1, msg.min(1)), z.maxLength(API_KEY_SCOPES.length, msg.max(API_KEY_SCOPES.length))),
  /** When the key stops working (ISO time, in the future); none: until revoked. */
  expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true, message: msg.date }))),
});
export type ApiKeyCreateRequest = z.infer<typeof ApiKeyCreateRequestSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters ("lk_3fa9c1d2"), to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

/** The answer of the creation: the only time the whole key is shown. */
export const ApiKeyCreatedSchema = z.extend(ApiKeySchema, { key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

export const ApiKeyParamsSchema = z.object({ id: z.uuid() });
