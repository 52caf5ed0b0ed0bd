import type { Role } from '@leasing/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Database } from '../db/client.js';
import { runInScope, tokenHolderScope } from '../db/scope.js';
import type { Clock } from '../lib/clock.js';
import { AppError, unauthenticated } from '../lib/errors.js';
import { currentRequestContext } from '../lib/request-context.js';
import { timed } from '../lib/request-timing.js';
import { findRequestUser } from '../modules/auth/repository.js';
import { mfaPolicy } from '../modules/auth/mfa-policy.js';
import type { TokenService } from '../modules/auth/tokens.js';

export interface AuthenticatedUser {
  id: string;
  role: Role;
  tenantId: string | null;
  email: string;
  /**
   * Versions read in the same round trip as the user (the hot path of every search): the salary
   * profile's version (null without a profile), the catalogue's and the employer programme's. They key
   * the personal-rate caches.
   */
  profileVersion: number | null;
  catalogVersion: number;
  /** The employer programme's version in force, read in the same round trip; null: not known, read it. */
  programmeVersion: number | null;
  /** An admin past the grace period without a second factor: admin routes answer 403 until enrolment. */
  mfaBlocked: boolean;
  /** Set when an employer's system signed in with an API key (ADR 0057): it acts as HR within its scopes. */
  apiKey?: { id: string; name: string };
}

/** An employer system's API key as its owner (modules/integrations) recognised it. */
export interface ApiKeyHolder {
  keyId: string;
  keyName: string;
  tenantId: string;
  /** The admin who made the key: the audit's actor and the database's row-level scope. */
  actingUserId: string;
  /** Whether the key's scopes open the route asked for. */
  allowed: boolean;
}

/** Signs in an API key for a route; null when the key is unknown, revoked or expired. */
export type ApiKeyAuthenticator = (
  key: string,
  route: { method: string; url: string; requestId: string },
) => Promise<ApiKeyHolder | null>;

/** API keys start so; access tokens (JWTs) never do. */
const API_KEY_PREFIX = 'lk_';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
}

/** What an admin who must still enrol in the second factor can reach (the enrolment and who am I). */
const OPEN_TO_UNENROLLED_ADMINS = new Set(['/v1/me', '/v1/user/mfa', '/v1/user/mfa/setup', '/v1/user/mfa/confirm']);

/**
 * Bearer-token check for every protected route. The role and tenant come from the database, not
 * the token, so a role change or a disabled account takes effect on the next request; tokens
 * issued before `tokensValidAfter` (logout everywhere, password change) are refused, and so are the
 * tokens of a session that has ended (logout, refresh-token reuse, its 30 days), on every instance.
 */
export function createAuthenticate(deps: {
  db: Database;
  tokens: TokenService;
  clock: Clock;
  apiKeys?: ApiKeyAuthenticator;
}) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header) : null;
    if (!match?.[1]) throw unauthenticated();
    const token = match[1];
    if (token.startsWith(API_KEY_PREFIX)) {
      if (!deps.apiKeys) throw unauthenticated();
      return signInApiKey(request, await deps.apiKeys(token, routeOf(request)));
    }
    const claims = await timed('jwt', () => deps.tokens.verifyAccessToken(token, deps.clock.now()));
    if (!claims) throw unauthenticated();
    // Read as the token's holder: their own row and profile version, before their role is known.
    const now = deps.clock.now();
    const user = await timed('user', () =>
      runInScope(tokenHolderScope(claims.userId, claims.tenantId), () =>
        findRequestUser(deps.db, claims.userId, claims.sessionId, now),
      ),
    );
    // A logged-out, reused or expired session ends its access tokens at once (decision 0026).
    if (!user || user.disabledAt || !user.sessionOpen) throw unauthenticated();
    // iat has second precision; tokensValidAfter is truncated the same way before comparing.
    const validAfter = user.tokensValidAfter;
    if (validAfter && claims.issuedAt.getTime() < Math.floor(validAfter.getTime() / 1000) * 1000) {
      throw unauthenticated();
    }
    request.user = {
      id: user.id,
      role: user.role,
      tenantId: user.tenantId,
      email: user.email,
      profileVersion: user.profileVersion,
      catalogVersion: user.catalogVersion,
      // Read under the token's employer: it is the account's only when the two still agree.
      programmeVersion: user.tenantId === claims.tenantId ? user.programmeVersion : null,
      mfaBlocked: mfaPolicy(user, now).blocked,
    };
    // From here on the database shows this caller only what their role may see (row-level security).
    const context = currentRequestContext();
    if (context) context.dbScope = { role: user.role, userId: user.id, tenantId: user.tenantId };
    // An admin past the grace period without a second factor may only enrol: everything else is closed.
    if (request.user.mfaBlocked && !OPEN_TO_UNENROLLED_ADMINS.has(request.routeOptions.url ?? '')) {
      throw new AppError(
        'MFA_ENROLLMENT_REQUIRED',
        'Bitte richten Sie zuerst die Zwei-Faktor-Anmeldung ein (Profil › Sicherheit).',
      );
    }
  };
}

function routeOf(request: FastifyRequest): { method: string; url: string; requestId: string } {
  return { method: request.method, url: request.routeOptions.url ?? '', requestId: String(request.id) };
}

/** An API key acts as HR of its employer, on the routes its scopes open (403 beyond them). */
function signInApiKey(request: FastifyRequest, holder: ApiKeyHolder | null): void {
  if (!holder) throw unauthenticated();
  if (!holder.allowed) throw new AppError('FORBIDDEN', 'Dieser API-Schlüssel darf diese Anfrage nicht stellen.');
  request.user = {
    id: holder.actingUserId,
    role: 'TENANT_ADMIN',
    tenantId: holder.tenantId,
    email: '',
    profileVersion: null,
    catalogVersion: 0,
    programmeVersion: null,
    mfaBlocked: false,
    apiKey: { id: holder.keyId, name: holder.keyName },
  };
  const context = currentRequestContext();
  if (context) context.dbScope = { role: 'TENANT_ADMIN', userId: holder.actingUserId, tenantId: holder.tenantId };
}

/** Narrowing helper for handlers behind `authenticate`. */
export function requireUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function requireRole(request: FastifyRequest, ...roles: Role[]): AuthenticatedUser {
  const user = requireUser(request);
  if (!roles.includes(user.role)) throw new AppError('FORBIDDEN', 'Keine Berechtigung');
  return user;
}
