/**
 * Stateless, HMAC-protected authorization codes and access tokens of the development trust service:
 * any instance with the same DATA_DIR can check them, nothing is kept in memory.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

interface CredentialGrant {
  exp: number;
  credentialID: string;
  /** The authorized hashes, hex. */
  hashes: string[];
  redirectUri: string;
}

export type TokenPayload =
  { typ: 'service'; exp: number } | (CredentialGrant & { typ: 'code' }) | (CredentialGrant & { typ: 'credential' });

export function issueToken(key: Buffer, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

/** The payload when the token is ours, of the asked type, and not expired; null otherwise. */
export function readToken<T extends TokenPayload['typ']>(
  key: Buffer,
  token: string,
  typ: T,
  now: number,
): Extract<TokenPayload, { typ: T }> | null {
  const [body, mac] = token.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', key).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
  if (payload.typ !== typ || payload.exp < now) return null;
  return payload as Extract<TokenPayload, { typ: T }>;
}

/** The one-time code the signer sees for this authorization (SCAL2's second factor, simulated). */
export function oneTimeCode(key: Buffer, credentialID: string, hashes: string[], state: string): string {
  const mac = createHmac('sha256', key)
    .update(`otp|${credentialID}|${hashes.join(',')}|${state}`)
    .digest();
  return String(mac.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
