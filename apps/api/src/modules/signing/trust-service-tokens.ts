/**
 * Stateless, HMAC-protected authorization codes, access tokens and SADs of the development trust
 * service: any instance with the same DATA_DIR can check them, nothing is kept in memory.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What an authorization is good for: one credential, these hashes (hex; empty under SCAL1: any). */
interface CredentialGrant {
  exp: number;
  credentialID: string;
  hashes: string[];
  numSignatures: number;
}

export type TokenPayload =
  | { typ: 'service'; exp: number }
  /** The code remembers where it was sent and the PKCE challenge its redemption must answer. */
  | (CredentialGrant & { typ: 'code'; redirectUri: string; codeChallenge: string })
  /** An access token of scope `credential`: usable at signHash in place of a SAD. */
  | (CredentialGrant & { typ: 'credential' })
  /** Signature Activation Data from `credentials/authorize`. */
  | (CredentialGrant & { typ: 'sad' });

/** Each token is unique (`jti`), also two issued in the same millisecond for the same hashes: each is redeemed once. */
export function issueToken(key: Buffer, payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify({ ...payload, jti: randomBytes(16).toString('base64url') })).toString(
    'base64url',
  );
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

/** Hashes travel base64url in the authorize URL and base64 in JSON: compared as bytes (hex). */
export const hashKey = (value: string) => Buffer.from(value, 'base64').toString('hex');
