/**
 * Proof Key for Code Exchange (RFC 7636), method S256, which CSC v2 requires on every authorization
 * code (8.4.2): the verifier stays on the server (with the signing case in the database, so whichever
 * instance the employee returns to can redeem the code), only its hash travels in the browser.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Pkce {
  /** 43 characters of base64url: 256 random bits (RFC 7636 4.1). */
  verifier: string;
  /** BASE64URL(SHA256(verifier)) (4.2). */
  challenge: string;
}

export function s256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

export function createPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: s256Challenge(verifier) };
}

/** A verifier as RFC 7636 4.1 allows it: 43 to 128 unreserved characters. */
export const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
