import { z } from 'zod/mini';

import { msg, SINGLE_LINE } from './validation-messages.js';

/**
 * Sign-in with the company account (OpenID Connect, ADR 0061): HR names its identity provider and the
 * e-mail domains it answers for; the sign-in page sends a work address's browser there and back.
 */

/** The e-mail domains one employer may name (each belongs to one employer only). */
export const SSO_EMAIL_DOMAINS_MAX = 20;

/** Where the API's callback sends the browser back into the web app: `?code=…` or `?error=<reason>`. */
export const SSO_SPA_PATH = '/login/sso';

/**
 * Why a sign-in with the company account was refused, as `?error=` of {@link SSO_SPA_PATH}; the web app
 * shows a German page for each.
 * - `invalid_email`: the address given to start is not an e-mail address.
 * - `unavailable`: no sign-in with the company account for this address (unknown domain, switched off,
 *   the employer deactivated): one answer for all, so the start tells no more than that.
 * - `rate_limited`: too many starts from this network; try again later.
 * - `expired`: the sign-in is unknown, used, older than ten minutes or was started in another browser:
 *   start again here.
 * - `cancelled`: the person cancelled at the identity provider (`access_denied`).
 * - `idp_error`: the identity provider answered with an error or could not be reached.
 * - `verification_failed`: the provider's answer failed our checks (state, issuer, nonce, signature, a
 *   used authorization code).
 * - `email_unverified`: the provider does not confirm the address (`email_verified` not true).
 * - `email_not_allowed`: no address, or one outside the employer's domains.
 * - `account_elsewhere`: the address belongs to an account of another employer (or of the provider).
 * - `identity_conflict`: the account is already linked to another person of this identity provider.
 * - `account_disabled`: the account is deactivated or erased.
 */
export const SSO_ERROR_REASONS = [
  'invalid_email',
  'unavailable',
  'rate_limited',
  'expired',
  'cancelled',
  'idp_error',
  'verification_failed',
  'email_unverified',
  'email_not_allowed',
  'account_elsewhere',
  'identity_conflict',
  'account_disabled',
] as const;
export const SsoErrorReasonSchema = z.enum(SSO_ERROR_REASONS);
export type SsoErrorReason = z.infer<typeof SsoErrorReasonSchema>;

/**
 * The password sign-in's refusal for a person whose employer requires the company account (403,
 * `FORBIDDEN`): this field error marks it, the message says it in German.
 */
export const SSO_REQUIRED_FIELD_ERROR = { field: 'username', message: 'ssoRequired' } as const;
export const SSO_REQUIRED_MESSAGE =
  'Ihr Arbeitgeber verlangt die Anmeldung mit dem Firmenkonto. Bitte wählen Sie „Mit Firmenkonto anmelden“.';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An issuer identifier (OIDC Discovery §2): https, no query or fragment. Plain http is accepted for a
 * loopback host only, and the API refuses even that in production.
 */
export function issuerUrlProblem(value: string): 'invalid' | 'https' | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  // A discovery document's own address would switch off the check that it names this issuer.
  if (url.search || url.hash || url.username || url.password || url.pathname.includes('/.well-known/'))
    return 'invalid';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return null;
  return 'https';
}

export const SsoIssuerSchema = z.string().check(
  z.trim(),
  z.minLength(1, msg.required),
  z.maxLength(500, msg.max(500)),
  z.refine((value) => issuerUrlProblem(value) !== 'invalid', msg.invalid),
  z.refine((value) => issuerUrlProblem(value) !== 'https', 'https'),
);

/** A host name in ASCII (an IDN as its `xn--` form), lower-cased, without a trailing dot. */
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

export const SsoEmailDomainSchema = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.overwrite((value) => value.replace(/^@/, '').replace(/\.$/, '')),
  z.minLength(1, msg.required),
  z.regex(DOMAIN, msg.invalid),
);

/** `PUT /v1/tenant/sso`: without `clientSecret` the stored secret stays. */
export const TenantSsoUpdateRequestSchema = z.strictObject({
  issuer: SsoIssuerSchema,
  clientId: z
    .string()
    .check(z.trim(), z.minLength(1, msg.required), z.maxLength(255, msg.max(255)), z.regex(SINGLE_LINE, msg.invalid)),
  /** Write-only: never answered. */
  clientSecret: z.optional(
    z.string().check(z.minLength(1, msg.required), z.maxLength(1000, msg.max(1000)), z.regex(SINGLE_LINE, msg.invalid)),
  ),
  emailDomains: z.array(SsoEmailDomainSchema).check(
    z.minLength(1, msg.min(1)),
    z.maxLength(SSO_EMAIL_DOMAINS_MAX, msg.max(SSO_EMAIL_DOMAINS_MAX)),
    z.refine((domains) => new Set(domains).size === domains.length, { message: 'duplicate' }),
  ),
  enabled: z.boolean(),
  /** With SSO on, the employees (not HR) may sign in with the company account only. */
  requireSso: z.boolean(),
});
export type TenantSsoUpdateRequest = z.infer<typeof TenantSsoUpdateRequestSchema>;

/** `GET`/`PUT /v1/tenant/sso`: the employer's configuration, never its secret. */
export const TenantSsoConfigSchema = z.object({
  /** False until HR saved a configuration; the other fields are then empty. */
  configured: z.boolean(),
  issuer: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  /** Whether a client secret is stored (the secret itself is never answered). */
  clientSecretSet: z.boolean(),
  emailDomains: z.array(z.string()),
  enabled: z.boolean(),
  requireSso: z.boolean(),
  /** The redirect URI to register at the identity provider. */
  callbackUrl: z.string(),
  updatedAt: z.nullable(z.string()),
});
export type TenantSsoConfig = z.infer<typeof TenantSsoConfigSchema>;

/** `GET /v1/auth/sso/start?email=…`: the work address picks the employer (a browser navigation, 302). */
export const SsoStartQuerySchema = z.object({
  email: z.string().check(z.maxLength(320)),
});
export type SsoStartQuery = z.infer<typeof SsoStartQuerySchema>;

/** `POST /v1/auth/sso/exchange`: the one-time code of `/login/sso?code=…`; answered like a login. */
export const SsoExchangeRequestSchema = z.strictObject({
  code: z.string().check(z.minLength(1, msg.required), z.maxLength(128, msg.max(128))),
});
export type SsoExchangeRequest = z.infer<typeof SsoExchangeRequestSchema>;
