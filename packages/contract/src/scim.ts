import { z } from 'zod/mini';

import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * SCIM 2.0 provisioning (ADR 0060): the bearer tokens an employer's HR makes for its directory (e.g.
 * Microsoft Entra ID), which then creates, updates and ends the employer's people at `/scim/v2`. The
 * SCIM wire format itself is RFC 7643/7644's and lives with the server (`modules/scim`); these are the
 * token routes of the employer portal (`/v1/tenant/scim-tokens`).
 */

/** Tokens one employer may hold at a time (revoked ones aside): one directory, room to rotate. */
export const SCIM_TOKENS_MAX = 5;

/** `POST /v1/tenant/scim-tokens`. */
export const ScimTokenCreateRequestSchema = z.strictObject({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(100, msg.max(100)), z.regex(SINGLE_LINE, msg.invalid)),
  /** When the token stops working (ISO time, in the future); none: until revoked. */
  expiresAt: z.optional(z.nullable(z.iso.datetime({ offset: true, message: msg.date }))),
});
export type ScimTokenCreateRequest = z.infer<typeof ScimTokenCreateRequestSchema>;

export const ScimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters ("scim_3fa9c1d2"), to tell tokens apart; never the secret. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
});
export type ScimToken = z.infer<typeof ScimTokenSchema>;

/**
 * The answer of the creation: the only time the whole token is shown, with the address the directory
 * is given as its "Tenant URL" (`…/scim/v2`).
 */
export const ScimTokenCreatedSchema = z.extend(ScimTokenSchema, { token: z.string(), scimUrl: z.string() });
export type ScimTokenCreated = z.infer<typeof ScimTokenCreatedSchema>;

export const ScimTokenParamsSchema = z.object({ id: z.uuid() });
