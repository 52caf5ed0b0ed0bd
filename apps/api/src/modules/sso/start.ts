import { EmailSchema, SSO_SPA_PATH, type SsoErrorReason } from '@leasing/contract';
import * as oidc from 'openid-client';

import { ssoLoginStates } from '../../db/schema-sso.js';
import { callbackUrlOf, LOGIN_STATE_TTL_MS, SSO_LIMITS, type SsoDeps } from './deps.js';
import { newBrowserToken, sha256 } from './browser-cookie.js';
import { employerEnabled, ssoSettingsOf, tenantOfDomain } from './config.js';
import type { IssuerClients } from './issuer.js';

/** Where a sign-in step sends the browser: on to the provider (with a fresh cookie) or back to the app. */
export type SignInRedirect =
  | { kind: 'provider'; location: string; browserToken: string }
  | { kind: 'app'; location: string; reason?: SsoErrorReason; detail?: string };

export const refusedTo = (reason: SsoErrorReason, detail?: string): SignInRedirect => ({
  kind: 'app',
  location: `${SSO_SPA_PATH}?error=${reason}`,
  reason,
  ...(detail ? { detail } : {}),
});

/** The scopes asked for: the address and its verification, the names for a new account. */
const SCOPE = 'openid email profile';

/** The PKCE verifier is bound to its state's row: copied to another, it does not decrypt. */
export const verifierAad = (state: string) => `sso_login_states.verifier:${state}`;

/**
 * `GET /v1/auth/sso/start?email=…`: the work address's domain picks the employer, and the browser goes
 * to its identity provider with an authorization code request (PKCE S256, `state`, `nonce`), the
 * address as `login_hint`. The state lives in the database, bound to this browser's new cookie, for ten
 * minutes. An address whose domain no employer named, an employer with SSO switched off or deactivated:
 * all answer `unavailable` alike, and no account is looked up, so the start tells no more than that the
 * domain has no company sign-in (ADR 0061).
 */
export async function startSignIn(
  deps: SsoDeps,
  clients: IssuerClients,
  email: string,
  ip: string,
): Promise<SignInRedirect> {
  if ((await deps.limiter.take(`sso-start:ip:${ip}`, SSO_LIMITS.startPerIp)) > 0) return refusedTo('rate_limited');
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) return refusedTo('invalid_email');
  const domain = parsed.data.slice(parsed.data.lastIndexOf('@') + 1);
  const tenantId = await tenantOfDomain(deps.db, domain);
  const settings = tenantId ? await ssoSettingsOf(deps, tenantId) : null;
  if (!settings?.enabled || !(await employerEnabled(deps.db, settings.tenantId))) return refusedTo('unavailable');
  let config: oidc.Configuration;
  try {
    config = await clients.configurationFor(settings);
  } catch (error) {
    return refusedTo('idp_error', error instanceof Error ? error.message : String(error));
  }
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browserToken = newBrowserToken();
  const now = deps.clock.now();
  const sealed = deps.cipher.encrypt(verifier, verifierAad(state));
  await deps.db.insert(ssoLoginStates).values({
    tenantId: settings.tenantId,
    issuer: settings.issuer,
    state,
    nonce,
    verifierKeyId: sealed.keyId,
    verifierIv: sealed.iv,
    verifierCiphertext: sealed.ciphertext,
    browserHash: sha256(browserToken),
    createdAt: now,
    expiresAt: new Date(now.getTime() + LOGIN_STATE_TTL_MS),
  });
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrlOf(deps.publicUrl),
    response_type: 'code',
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    login_hint: parsed.data,
  });
  return { kind: 'provider', location: url.href, browserToken };
}
