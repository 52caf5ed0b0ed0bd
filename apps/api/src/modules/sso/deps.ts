import type { FieldCipher } from '../../lib/field-encryption.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import type { AuthDeps } from '../auth/index.js';

/** What the company sign-in works with (ADR 0061), filled in by app.ts. */
export interface SsoDeps extends AuthDeps {
  /** Encrypts the client secrets and the PKCE verifiers at rest. */
  cipher: FieldCipher;
  /** The callback URL the identity providers send the browser back to is built from it. */
  publicUrl: string;
  /** HTTPS issuers at public addresses only; Secure cookies. */
  production: boolean;
  /** The public address is HTTPS (a TLS proxy in front): cookies are Secure. */
  secureCookies: boolean;
}

/** The sign-in's budgets per client address, through the shared limiter (Redis when configured). */
export const SSO_LIMITS = {
  /**
   * Starts: each one writes a state (and may ask the provider). Generous, as a whole office behind one
   * address signs in at nine; it bounds the rows a stranger can make.
   */
  startPerIp: { limit: 200, windowMs: 15 * 60_000 },
  /** Failed exchanges of the one-time code (256 random bits, but bound the guessing anyway). */
  exchangeFailuresPerIp: { limit: 30, windowMs: 15 * 60_000 },
} as const satisfies Record<string, LimitRule>;

/** How long a sign-in may stay at the identity provider, and how long its one-time code lives. */
export const LOGIN_STATE_TTL_MS = 10 * 60_000;
export const EXCHANGE_CODE_TTL_MS = 2 * 60_000;

export const callbackUrlOf = (publicUrl: string): string => `${publicUrl}/v1/auth/sso/callback`;
