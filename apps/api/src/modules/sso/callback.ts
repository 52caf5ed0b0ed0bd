import crypto from 'node:crypto';

import { SSO_SPA_PATH } from '@leasing/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';

import { ssoExchangeCodes, ssoLoginStates } from '../../db/schema-sso.js';
import { browserHashOf, sha256 } from './browser-cookie.js';
import { employerEnabled, ssoSettingsOf } from './config.js';
import { callbackUrlOf, EXCHANGE_CODE_TTL_MS, type SsoDeps } from './deps.js';
import { resolvePerson, type PersonClaims } from './identities.js';
import type { IssuerClients } from './issuer.js';
import { refusedTo, verifierAad, type SignInRedirect } from './start.js';

/**
 * The `amr` values (RFC 8176) that name a factor beyond the password: a one-time code, a hardware or
 * software key, a smart card, biometrics, or the provider's own "several factors".
 */
const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm']);

export function assertsSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((value) => typeof value === 'string' && SECOND_FACTOR_AMR.has(value));
}

/** A failure of the provider's network or time, as opposed to an answer that failed our checks. */
function unreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'AbortError' || error.name === 'TimeoutError' || error.message === 'fetch failed';
}

const describeFailure = (error: unknown): string =>
  error instanceof Error
    ? `${error.name}${'code' in error ? ` ${String(error.code)}` : ''}: ${error.message}`
    : String(error);

/**
 * `GET /v1/auth/sso/callback`: the provider's answer. The state is taken (once) only with the cookie of
 * the browser that started it; the authorization code is redeemed with the PKCE verifier, and
 * openid-client checks the `iss` of the answer (RFC 9207) and the ID token (signature, `iss` of this
 * employer's provider, `aud`, `nonce`, times). The person is then found, linked or created
 * (identities.ts), and the browser goes back to the app with a one-time code: no token in a URL.
 */
export async function completeCallback(
  deps: SsoDeps,
  clients: IssuerClients,
  query: string,
  browserToken: string | undefined,
  requestId: string,
): Promise<SignInRedirect> {
  const params = new URLSearchParams(query);
  const state = params.get('state');
  const browserHash = browserHashOf(browserToken);
  const now = deps.clock.now();
  if (!state || !browserHash) return refusedTo('expired', 'no state or no cookie');
  // Only the starting browser takes the state: a stranger's attempt leaves it to its owner.
  const [row] = await deps.db
    .update(ssoLoginStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoLoginStates.state, state),
        eq(ssoLoginStates.browserHash, browserHash),
        isNull(ssoLoginStates.usedAt),
        gt(ssoLoginStates.expiresAt, now),
      ),
    )
    .returning();
  if (!row) return refusedTo('expired', 'state unknown, used, expired or of another browser');
  const error = params.get('error');
  if (error) return refusedTo(error === 'access_denied' ? 'cancelled' : 'idp_error', `provider: ${error}`);

  const settings = await ssoSettingsOf(deps, row.tenantId);
  if (!settings?.enabled || settings.issuer !== row.issuer || !(await employerEnabled(deps.db, row.tenantId))) {
    return refusedTo('unavailable', 'configuration changed or switched off meanwhile');
  }
  let claims: PersonClaims & { amr?: unknown };
  try {
    const config = await clients.configurationFor(settings);
    const currentUrl = new URL(callbackUrlOf(deps.publicUrl));
    currentUrl.search = params.toString();
    const verifier = deps.cipher.decrypt(
      { keyId: row.verifierKeyId, iv: row.verifierIv, ciphertext: row.verifierCiphertext },
      verifierAad(row.state),
    );
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: verifier,
      expectedState: row.state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return refusedTo('verification_failed', 'no ID token');
    claims = { ...idToken };
    // Providers that follow OIDC Core §5.4 strictly put the address in the userinfo answer only.
    if (typeof idToken.email !== 'string' || idToken.email_verified === undefined) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      claims = { ...info, ...pick(idToken, ['sub', 'amr']) };
    }
  } catch (failure) {
    return refusedTo(unreachable(failure) ? 'idp_error' : 'verification_failed', describeFailure(failure));
  }

  const person = await resolvePerson(
    deps.db,
    { tenantId: row.tenantId, issuer: settings.issuer, domains: settings.domains, claims },
    { requestId, now },
  );
  if ('refused' in person) return refusedTo(person.refused, 'refused by the account rules');
  // The provider's second factor counts only through a link made before this sign-in: a link made now,
  // by the address, may come from a provider HR has only just named (ADR 0061).
  const mfaAsserted = person.linkedBefore && assertsSecondFactor(claims.amr);
  const code = crypto.randomBytes(32).toString('base64url');
  await deps.db.insert(ssoExchangeCodes).values({
    codeHash: sha256(code),
    browserHash,
    userId: person.userId,
    tenantId: row.tenantId,
    mfaAsserted,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EXCHANGE_CODE_TTL_MS),
  });
  return { kind: 'app', location: `${SSO_SPA_PATH}?code=${code}` };
}

function pick<T extends object, K extends keyof T>(value: T, keys: K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) if (value[key] !== undefined) picked[key] = value[key];
  return picked;
}
