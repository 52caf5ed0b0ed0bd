import crypto from 'node:crypto';

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

import { CASE_STATUSES, type CallbackEvent } from './provider.js';

/**
 * Provider callbacks are signed like this:
 *   x-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 * with the shared callback secret. Several `v1` values may appear (secret rotation); one match is
 * enough. The body is `{eventId, caseId, status}`, but it is only a hint: the receiver re-reads
 * the case from the provider before changing any state, and deduplicates by event id.
 */
export const SIGNATURE_HEADER = 'x-signature';
/** Older callbacks are rejected (seconds). */
export const CALLBACK_MAX_AGE_SECONDS = 5 * 60;
/** Callbacks dated further ahead are rejected (seconds of clock skew tolerated). */
export const CALLBACK_MAX_FUTURE_SECONDS = 60;
/** Callback bodies are tiny; receivers should refuse anything bigger. */
export const CALLBACK_BODY_LIMIT = 16 * 1024;

export const CallbackBodySchema = z.object({
  eventId: z.string().min(1).max(200),
  caseId: z.string().min(1).max(200),
  status: z.enum(CASE_STATUSES),
});
export type CallbackBody = z.infer<typeof CallbackBodySchema>;

function hmacHex(secret: string, timestamp: string, rawBody: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** The `x-signature` header value for a body sent at `now`. */
export function signCallback(secret: string, rawBody: string, now: Date): string {
  const t = String(Math.floor(now.getTime() / 1000));
  return `t=${t},v1=${hmacHex(secret, t, rawBody)}`;
}

function singleHeader(value: string | string[] | undefined): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.length === 1 && typeof value[0] === 'string') return value[0];
  return null;
}

/** True when the header carries a valid, fresh signature of `rawBody` under `secret`. */
export function verifyCallbackSignature(
  secret: string,
  header: string | string[] | undefined,
  rawBody: string,
  now: Date,
): boolean {
  const value = singleHeader(header);
  if (!secret || value === null || value.length > 1024) return false;
  let timestamp: string | null = null;
  const signatures: Buffer[] = [];
  for (const part of value.split(',')) {
    const [key, val] = part.trim().split('=', 2);
    if (key === 't' && val !== undefined && /^\d{1,12}$/.test(val)) timestamp = val;
    if (key === 'v1' && val !== undefined && /^[0-9a-f]{64}$/i.test(val)) signatures.push(Buffer.from(val, 'hex'));
  }
  if (timestamp === null || signatures.length === 0) return false;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const age = nowSeconds - Number(timestamp);
  if (age > CALLBACK_MAX_AGE_SECONDS || age < -CALLBACK_MAX_FUTURE_SECONDS) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, rawBody), 'hex');
  let matched = false;
  // Compare against every candidate (no early exit) in constant time per candidate.
  for (const candidate of signatures) {
    if (crypto.timingSafeEqual(candidate, expected)) matched = true;
  }
  return matched;
}

/** Signature, freshness and body shape in one: the event, or null for anything not to be trusted. */
export function verifyCallback(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): CallbackEvent | null {
  if (rawBody.length > CALLBACK_BODY_LIMIT) return null;
  if (!verifyCallbackSignature(secret, headers[SIGNATURE_HEADER], rawBody, now)) return null;
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const parsed = CallbackBodySchema.safeParse(json);
  return parsed.success ? { caseId: parsed.data.caseId, eventId: parsed.data.eventId } : null;
}

/**
 * For the callback receiver route: keeps JSON bodies as the raw string (the signature covers the
 * exact bytes). Call it inside the encapsulated plugin that declares the callback route only.
 */
export function useRawJsonBody(app: FastifyInstance, bodyLimit = CALLBACK_BODY_LIMIT): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (_request, body, done) => {
    done(null, body);
  });
}
