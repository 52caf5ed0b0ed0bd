import crypto from 'node:crypto';

import type { AuthResponse, LoginRequest, LoginResponse } from '@leasing/contract';
import { SSO_REQUIRED_FIELD_ERROR, SSO_REQUIRED_MESSAGE } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { AUTH_LIMITS, loginThrottle, type RateLimiter } from '../../lib/rate-limiter.js';
import { verifyPassword } from '../../lib/password.js';
import type { SecurityEvents } from '../../lib/security-events.js';
import { mfaPolicy } from './mfa-policy.js';
import { openChallenge } from './mfa-challenge.js';
import * as repo from './repository.js';
import { hashRefreshToken, type TokenService } from './tokens.js';

/** Absolute session lifetime: a login's refresh family ends after this, however often it rotated. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Two parallel refreshes with the same token (two tabs, a lost response) both get the same
 * successor if they arrive within this window; later reuse revokes the whole family.
 */
export const REFRESH_GRACE_MS = 10_000;

export interface AuthDeps {
  db: Database;
  tokens: TokenService;
  clock: Clock;
  events: SecurityEvents;
  limiter: RateLimiter;
  /** Whether the person must sign in with the company account instead of a password (modules/sso, via app.ts). */
  companySignInRequired?: CompanySignInRequired;
}

/** Asked by the password step once the password was right (ADR 0061). */
export type CompanySignInRequired = (user: Pick<repo.UserRow, 'id' | 'role' | 'tenantId'>) => Promise<boolean>;

const NOT_AUTHENTICATED: AuthResponse = { authenticated: false };

export interface LoginOutcome {
  response: LoginResponse;
  /** A fresh device cookie for a browser that gave the right password (decision 0026), else null. */
  deviceToken: string | null;
}

/**
 * The password step. `presentedDevice` is the browser's device cookie, if any: valid for this
 * account, the attempt counts against that device's own budget instead of the account's.
 */
export async function login(
  deps: AuthDeps,
  input: LoginRequest,
  ip: string,
  presentedDevice: string | undefined,
): Promise<LoginOutcome> {
  const now = deps.clock.now();
  const user = await repo.findUserByEmail(deps.db, input.username.trim());
  const device = deps.tokens.devices.verify(presentedDevice, now);
  const knownDevice = device && user && device.userId === user.id ? device.nonce : null;
  const throttle = await loginThrottle(deps.limiter, input.username, ip, knownDevice);
  const wait = await throttle.attempt();
  if (wait > 0) throw tooManyAttempts(wait);
  const usable = user && !user.disabledAt && user.emailConfirmedAt ? user : undefined;
  // Always verify a hash (a dummy one for unknown users) so both answers take the same time.
  const valid = await verifyPassword(usable?.passwordHash, input.password);
  if (!usable || !valid) {
    deps.events.emit('auth.login_failed', { ip, actor: user?.id ?? null, tenant: user?.tenantId ?? null });
    return { response: NOT_AUTHENTICATED, deviceToken: null };
  }
  await throttle.succeeded();
  // Asked only after the right password: the refusal tells nothing to someone who does not know it.
  if (await deps.companySignInRequired?.(usable)) {
    deps.events.emit('auth.login_failed', { ip, actor: usable.id, tenant: usable.tenantId, target: 'sso_required' });
    throw new AppError('FORBIDDEN', SSO_REQUIRED_MESSAGE, { errors: [{ ...SSO_REQUIRED_FIELD_ERROR }] });
  }
  const deviceToken = deps.tokens.devices.issue(usable.id, now);
  if (usable.mfaEnabledAt) {
    // The password was right; the tokens come with the second factor (POST /v1/auth/mfa).
    deps.events.emit('auth.mfa_challenged', { ip, actor: usable.id, tenant: usable.tenantId });
    return {
      response: { authenticated: false, mfaRequired: true, mfaToken: await openChallenge(deps.db, usable.id, now) },
      deviceToken,
    };
  }
  deps.events.emit('auth.login_succeeded', { ip, actor: usable.id, tenant: usable.tenantId });
  const session = await startSession(deps, usable);
  // An admin without a second factor is led to the enrolment screen first.
  const response =
    mfaPolicy(usable, now).required && session.authenticated ? { ...session, mfaEnrollmentRequired: true } : session;
  return { response, deviceToken };
}

/** Opens a new refresh family for a user who just proved who they are. */
export async function startSession(
  deps: AuthDeps,
  user: Pick<repo.UserRow, 'id' | 'role' | 'tenantId'>,
): Promise<AuthResponse> {
  const now = deps.clock.now();
  const refreshToken = deps.tokens.newRefreshToken();
  const familyId = crypto.randomUUID();
  await repo.insertRefreshToken(deps.db, {
    familyId,
    userId: user.id,
    tokenHash: hashRefreshToken(refreshToken),
    familyExpiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    createdAt: now,
  });
  return {
    authenticated: true,
    accessToken: await deps.tokens.issueAccessToken(user, familyId, now),
    refreshToken,
  };
}

export async function refresh(deps: AuthDeps, presented: string, ip: string): Promise<AuthResponse> {
  const wait = await deps.limiter.take(`refresh:ip:${ip}`, AUTH_LIMITS.refreshPerIp);
  if (wait > 0) throw tooManyAttempts(wait);
  const now = deps.clock.now();
  const row = await repo.findRefreshToken(deps.db, hashRefreshToken(presented));
  if (!row || row.revokedAt || row.familyExpiresAt <= now) return NOT_AUTHENTICATED;
  const user = await repo.findUserById(deps.db, row.userId);
  if (!user || user.disabledAt) return NOT_AUTHENTICATED;

  const successor = deps.tokens.successorOf(presented);
  if (row.usedAt) return answerRepeatedRefresh(deps, row, user, successor, now, ip);

  const successorId = crypto.randomUUID();
  const rotated = await deps.db.transaction(async (tx) => {
    const won = await repo.markRefreshTokenUsed(tx, row.id, successorId, now);
    if (!won) return false;
    await repo.insertRefreshToken(tx, {
      id: successorId,
      familyId: row.familyId,
      userId: row.userId,
      tokenHash: hashRefreshToken(successor),
      familyExpiresAt: row.familyExpiresAt,
      createdAt: now,
    });
    return true;
  });
  if (!rotated) {
    // Lost a race with a parallel refresh of the same token: re-read and answer as a repeat.
    const current = await repo.findRefreshTokenById(deps.db, row.id);
    if (!current?.usedAt) return NOT_AUTHENTICATED;
    return answerRepeatedRefresh(deps, current, user, successor, now, ip);
  }
  return {
    authenticated: true,
    accessToken: await deps.tokens.issueAccessToken(user, row.familyId, now),
    refreshToken: successor,
  };
}

async function answerRepeatedRefresh(
  deps: AuthDeps,
  row: repo.RefreshTokenRow,
  user: repo.UserRow,
  successor: string,
  now: Date,
  ip: string,
): Promise<AuthResponse> {
  const withinGrace = row.usedAt !== null && now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_MS;
  const next = row.replacedById ? await repo.findRefreshTokenById(deps.db, row.replacedById) : undefined;
  if (withinGrace && next && !next.revokedAt && next.tokenHash === hashRefreshToken(successor)) {
    return {
      authenticated: true,
      accessToken: await deps.tokens.issueAccessToken(user, row.familyId, now),
      refreshToken: successor,
    };
  }
  await repo.revokeFamily(deps.db, row.familyId, now);
  deps.events.emit('auth.refresh_reuse', { ip, actor: user.id, tenant: user.tenantId, severity: 'high' });
  return NOT_AUTHENTICATED;
}

export async function logout(deps: AuthDeps, presented: string): Promise<void> {
  const row = await repo.findRefreshToken(deps.db, hashRefreshToken(presented));
  if (row) await repo.revokeFamily(deps.db, row.familyId, deps.clock.now());
}

function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', 'Zu viele Anmeldeversuche. Bitte später erneut versuchen.', {
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
