/**
 * What the development trust service's route files share: its options, the loaded state, the clock,
 * the fault a request carries, and the spec's error answer and strict request parsing (CSC v2.0.0.2
 * 10.x: an unknown parameter is a malformed request, not something to ignore).
 */
import { timingSafeEqual } from 'node:crypto';

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

import type { Clock } from '../../lib/clock.js';

import { SIGN_ALGO } from './csc-algorithms.js';
import type { HandledFault, TrustServiceFaults } from './trust-service-faults.js';
import type { TrustServiceState } from './trust-service-state.js';

export interface TrustServiceOptions {
  /** Loaded on first use: generating the test PKI takes a moment, and most runs never sign. */
  state: () => Promise<TrustServiceState>;
  clientId: string;
  clientSecret: string;
  /**
   * Whether `uri` is a redirect URI registered for the client (RFC 6749, 3.1.2): the platform's return
   * address on its public origin, or, with PUBLIC_URL unset, on the loopback address the browser used.
   */
  isRegisteredRedirect: (uri: string) => boolean;
  /**
   * The PIN of every seal credential (`auth/mode` explicit, one authentication object `PIN`): what the
   * platform's `CSC_SEAL_AUTH_DATA` holds for it.
   */
  sealPin: string;
  clock: Clock;
  /**
   * How `info` names the authorization server: `oauth2Issuer` (RFC 8414 metadata, served by
   * `trustServiceMetadataPlugin` at the server's root) or `oauth2` (the spec's paths). Default oauth2.
   */
  authorizationServer?: 'oauth2' | 'oauth2Issuer';
  /** `key/algo` of every credential. Default: sha256WithRSAEncryption and RSASSA-PSS. */
  keyAlgorithms?: readonly string[];
  /** Armed by `POST /csc/faults`; one per process unless given. */
  faults?: TrustServiceFaults;
}

export const DEFAULT_KEY_ALGORITHMS = [SIGN_ALGO.sha256WithRsa, SIGN_ALGO.rsassaPss] as const;

export interface TrustServiceContext {
  options: TrustServiceOptions;
  state: () => TrustServiceState;
  now: () => number;
  faultOf: (request: FastifyRequest) => HandledFault | undefined;
}

/** Codes, tokens and SADs live five minutes. */
export const TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export function cscError(reply: FastifyReply, status: number, error: string, description: string) {
  return reply.code(status).send({ error, error_description: description });
}

export function secretMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function bearer(request: FastifyRequest): string {
  const header = request.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
}

/**
 * A request body parsed by a strict schema; the failure names what the spec does not allow (an unknown
 * field first), for the `error_description`.
 */
export function parseStrict<T extends z.ZodType>(
  schema: T,
  body: unknown,
): { ok: true; data: z.infer<T> } | { ok: false; problem: string } {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues.find((i) => i.code === 'unrecognized_keys') ?? parsed.error.issues[0];
  if (issue?.code === 'unrecognized_keys') return { ok: false, problem: `Unknown parameter ${issue.keys.join(', ')}` };
  return { ok: false, problem: `Invalid parameter ${issue?.path.join('.') || 'body'}` };
}
