import crypto from 'node:crypto';

import type { Role } from '@leasing/contract';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

import { DeviceTokens, UUID } from './device-cookie.js';

/**
 * Access tokens: HS256 JWTs (the one pinned algorithm), 15 minutes, issuer/audience/typ checked.
 * Refresh tokens: opaque random values; only their SHA-256 is stored.
 */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const ISSUER = 'e-auto-leasing';
const AUDIENCE = 'e-auto-leasing-api';
const ACCESS_TOKEN_TYPE = 'at+jwt';

export interface AccessClaims {
  userId: string;
  role: Role;
  tenantId: string | null;
  /** The session (refresh family) the token belongs to: a revoked session's tokens are refused. */
  sessionId: string;
  issuedAt: Date;
}

export class TokenService {
  /** A KeyObject, so jose does not import the raw key again on every verification. */
  private readonly key: crypto.KeyObject;
  private readonly successorKey: Buffer;
  /** The signed device cookies of the password step (a key of their own, derived from the same secret). */
  readonly devices: DeviceTokens;

  constructor(secret: Buffer) {
    this.key = crypto.createSecretKey(crypto.createHmac('sha256', secret).update('access-token').digest());
    this.successorKey = crypto.createHmac('sha256', secret).update('refresh-successor').digest();
    this.devices = new DeviceTokens(secret);
  }

  async issueAccessToken(
    user: { id: string; role: Role; tenantId: string | null },
    sessionId: string,
    now: Date,
  ): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: user.role, tid: user.tenantId, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setSubject(user.id)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(this.key);
  }

  /**
   * Verified signatures, by token: the check is a WebCrypto job on the thread pool, and the same token
   * comes back on every request for 15 minutes. Expiry is still checked on each use; revocation (a
   * logged-out session, a disabled account) is the database's job on every request (see authenticate),
   * so this cache never keeps a revoked token alive, here or on another instance.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  /** Returns the claims, or null for any invalid, expired, foreign or tampered token. */
  async verifyAccessToken(token: string, now: Date): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) return known.expiresAt > now.getTime() ? known.claims : null;
    const claims = await this.verifySignedToken(token, now);
    if (claims) this.remember(token, claims);
    return claims;
  }

  private remember(token: string, claims: AccessClaims): void {
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(token, { claims, expiresAt: claims.issuedAt.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000 });
  }

  private async verifySignedToken(token: string, now: Date): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        typ: ACCESS_TOKEN_TYPE,
        currentDate: now,
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number') return null;
      const role = payload['role'];
      const tenantId = payload['tid'];
      const sessionId = payload['sid'];
      // A token without its session cannot be revoked by logout: refused.
      if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
      if (role !== 'EMPLOYEE' && role !== 'TENANT_ADMIN' && role !== 'PROVIDER_ADMIN') return null;
      if (tenantId !== null && typeof tenantId !== 'string') return null;
      return { userId: payload.sub, role, tenantId, sessionId, issuedAt: new Date(payload.iat * 1000) };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  newRefreshToken(): string {
    return crypto.randomBytes(32).toString('base64url');
  }

  /**
   * The successor of a refresh token is derived, not random: a parallel refresh with the same token
   * inside the grace window gets the same successor without the server keeping any raw token.
   */
  successorOf(refreshToken: string): string {
    return crypto.createHmac('sha256', this.successorKey).update(refreshToken).digest('base64url');
  }
}

export function hashRefreshToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
