import crypto from 'node:crypto';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; decision 0026): a
 * browser that has given an account's right password gets a signed token naming that account. A login
 * that presents it has a budget of its own, so strangers guessing the password elsewhere cannot lock
 * the person out of their own browser. The token is stateless: `v1.<user id>.<nonce>.<expiry>.<mac>`,
 * HMAC-SHA256 with a key derived from the app secret. Its nonce names the device in the limiter.
 */
export const DEVICE_COOKIE_NAME = 'leasing_device';

/**
 * The cookie's name where it is Secure: with the `__Secure-` prefix a browser takes it only from an
 * answer over HTTPS (RFC 6265bis 4.1.3.1), so no page reached over plain HTTP can set or overwrite it.
 * Over plain HTTP (development) the name stays bare: a prefixed cookie without Secure is refused.
 */
export function deviceCookieName(secure: boolean): string {
  return secure ? `__Secure-${DEVICE_COOKIE_NAME}` : DEVICE_COOKIE_NAME;
}
/** Only the password step reads it: the browser sends it nowhere else. */
export const DEVICE_COOKIE_PATH = '/v1/auth/login';
/** How long a browser stays known after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;
const VERSION = 'v1';
/** The ids of users and sessions in our tokens (lower-case UUIDs, as PostgreSQL writes them). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface TrustedDevice {
  userId: string;
  /** Random per issue: the key of this device's own login budget. */
  nonce: string;
}

export class DeviceTokens {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    this.key = crypto.createHmac('sha256', secret).update('device-cookie').digest();
  }

  issue(userId: string, now: Date): string {
    const nonce = crypto.randomBytes(16).toString('base64url');
    const expires = Math.floor(now.getTime() / 1000) + DEVICE_COOKIE_MAX_AGE_SECONDS;
    const body = `${VERSION}.${userId}.${nonce}.${String(expires)}`;
    return `${body}.${this.mac(body)}`;
  }

  /** The device the token vouches for, or null for anything forged, expired or malformed. */
  verify(token: string | undefined, now: Date): TrustedDevice | null {
    if (!token || token.length > 200) return null;
    const parts = token.split('.');
    if (parts.length !== 5) return null;
    const [version, userId = '', nonce = '', expires = '', mac = ''] = parts;
    if (version !== VERSION || !UUID.test(userId) || !/^[A-Za-z0-9_-]{22}$/.test(nonce)) return null;
    const expected = Buffer.from(this.mac(`${version}.${userId}.${nonce}.${expires}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
    if (!/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now.getTime()) return null;
    return { userId, nonce };
  }

  private mac(body: string): string {
    return crypto.createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/**
 * The cookie's attributes: HttpOnly (no script reads it), SameSite=Strict (no other site's page
 * sends it), Secure whenever the app is reached over HTTPS, Path limited to the password step.
 */
export function deviceCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    secure,
    sameSite: 'strict' as const,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  };
}
