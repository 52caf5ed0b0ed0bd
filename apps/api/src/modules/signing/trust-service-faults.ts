/**
 * Faults of the development trust service, set like the identity simulator's: `POST /simulator/csc/faults`
 * with `{ mode, count?, on? }` arms the next `count` matching requests of this process.
 *
 * - `expired-authorization`: signHash answers 401 invalid_token, as when the signer's authorization (SAD)
 *   ran out between the authorization page and the signature.
 * - `wrong-hash`: signHash returns a signature over another hash than the one sent: a service that
 *   misbehaves, which the platform must notice before it accepts anything.
 * - `error500`: the request answers 500 server_error.
 * - `slow`: the request is answered only after `slowMs` (longer than the client waits).
 * - `key-disabled`, `cert-revoked`, `cert-expired`: credentials/info describes the credential as
 *   unusable (`key/status` disabled; `cert/status` revoked; `cert/validTo` yesterday, no status): the
 *   platform must refuse it before anyone is sent to the service.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

export const TRUST_SERVICE_FAULT_MODES = [
  'none',
  'expired-authorization',
  'wrong-hash',
  'error500',
  'slow',
  'key-disabled',
  'cert-revoked',
  'cert-expired',
] as const;
export type TrustServiceFaultMode = (typeof TRUST_SERVICE_FAULT_MODES)[number];

/** Which requests a fault applies to. */
export const FAULT_TARGETS = ['any', 'token', 'credentials', 'signHash', 'tsa', 'revocation'] as const;
export type FaultTarget = (typeof FAULT_TARGETS)[number];

export const FaultRequestSchema = z.object({
  mode: z.enum(TRUST_SERVICE_FAULT_MODES),
  count: z.number().int().min(1).max(1000).optional(),
  on: z.enum(FAULT_TARGETS).optional(),
});

/** The request's target, or null for requests that never fail on purpose (pages, CA files, faults). */
export function faultTargetOf(url: string | undefined): Exclude<FaultTarget, 'any'> | null {
  if (!url) return null;
  if (url.endsWith('/csc/oauth2/token')) return 'token';
  if (url.endsWith('/csc/v2/signatures/signHash')) return 'signHash';
  if (url.includes('/csc/v2/')) return 'credentials';
  if (url.endsWith('/tsa')) return 'tsa';
  if (/\/(ocsp|crl)(\/|$)/.test(url)) return 'revocation';
  return null;
}

/** Only signHash can have its authorization expire or sign the wrong hash. */
const SIGN_HASH_ONLY: ReadonlySet<TrustServiceFaultMode> = new Set(['expired-authorization', 'wrong-hash']);
/** Only credentials/info describes a credential's state. */
const CREDENTIAL_STATE: ReadonlySet<TrustServiceFaultMode> = new Set(['key-disabled', 'cert-revoked', 'cert-expired']);

/** Faults the route itself carries out (the others answer before it runs). */
export type HandledFault = 'wrong-hash' | 'key-disabled' | 'cert-revoked' | 'cert-expired';

export class TrustServiceFaults {
  private fault: { mode: Exclude<TrustServiceFaultMode, 'none'>; remaining: number; on: FaultTarget } | null = null;
  private readonly closing = new AbortController();

  constructor(readonly slowMs = 20_000) {}

  set(mode: TrustServiceFaultMode, count = 1, on: FaultTarget = 'any'): void {
    this.fault = mode === 'none' ? null : { mode, remaining: count, on };
  }

  /** The armed fault when it applies to `target` at `url` (and counts it down), else null. */
  take(target: Exclude<FaultTarget, 'any'>, url = ''): Exclude<TrustServiceFaultMode, 'none'> | null {
    const fault = this.fault;
    if (!fault || (fault.on !== 'any' && fault.on !== target)) return null;
    if (SIGN_HASH_ONLY.has(fault.mode) && target !== 'signHash') return null;
    if (CREDENTIAL_STATE.has(fault.mode) && !url.endsWith('/credentials/info')) return null;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.fault = null;
    return fault.mode;
  }

  /** Ends slow answers early (server shutdown). */
  close(): void {
    this.closing.abort();
  }

  /**
   * preHandler: applies 500, slow and expired-authorization; returns the mode left for the handler
   * (wrong hash, a credential's state).
   */
  async apply(request: FastifyRequest, reply: FastifyReply): Promise<HandledFault | null> {
    const target = faultTargetOf(request.routeOptions.url);
    const mode = target ? this.take(target, request.routeOptions.url) : null;
    if (mode === 'error500') {
      await reply.code(500).send({ error: 'server_error', error_description: 'Simulated server error' });
      return null;
    }
    if (mode === 'slow') {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.slowMs);
        this.closing.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
        reply.raw.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return null;
    }
    if (mode === 'expired-authorization') {
      await reply
        .code(401)
        .send({ error: 'invalid_token', error_description: 'Credential authorization expired (simulated)' });
      return null;
    }
    return mode === 'wrong-hash' || (mode && CREDENTIAL_STATE.has(mode)) ? (mode as HandledFault) : null;
  }
}
