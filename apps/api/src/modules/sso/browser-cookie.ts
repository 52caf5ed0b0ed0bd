import crypto from 'node:crypto';

/**
 * The browser a sign-in was started in: a random value in an HttpOnly cookie, its SHA-256 beside the
 * login state and the one-time code. A callback or an exchange from another browser (a link someone
 * was sent, a code that leaked) finds neither (login CSRF, RFC 9700 §4.7).
 */
export const SSO_COOKIE_NAME = 'leasing_sso';

/** Sent back by the callback and the exchange only. */
export const SSO_COOKIE_PATH = '/v1/auth/sso';

/** The state's ten minutes and the code's two, with room. */
const SSO_COOKIE_MAX_AGE_SECONDS = 15 * 60;

/** With the `__Secure-` prefix where Secure: no page reached over plain HTTP can set or overwrite it. */
export function ssoCookieName(secure: boolean): string {
  return secure ? `__Secure-${SSO_COOKIE_NAME}` : SSO_COOKIE_NAME;
}

/**
 * HttpOnly (no script reads it), Secure in production and behind HTTPS, SameSite=Lax: the identity
 * provider's redirect back is a top-level GET from another site, which Lax lets through and Strict
 * would not.
 */
export function ssoCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    secure,
    sameSite: 'lax' as const,
    path: SSO_COOKIE_PATH,
    maxAge: SSO_COOKIE_MAX_AGE_SECONDS,
  };
}

export const newBrowserToken = (): string => crypto.randomBytes(32).toString('base64url');

export const sha256 = (value: string): string => crypto.createHash('sha256').update(value).digest('hex');

/** A presented cookie's digest, or null when there is none worth looking up. */
export function browserHashOf(token: string | undefined): string | null {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return sha256(token);
}
