import type { LoginResponse } from '@leasing/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';

import { ssoExchangeCodes } from '../../db/schema-sso.js';
import { AppError } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limiter.js';
import { findUserById, mfaPolicy, openChallenge, startSession } from '../auth/index.js';
import { browserHashOf, sha256 } from './browser-cookie.js';
import { SSO_LIMITS, type SsoDeps } from './deps.js';

export interface ExchangeOutcome {
  response: LoginResponse;
  /** The device cookie a right password would have earned (decision 0026): the provider vouched as much. */
  deviceToken: string;
}

const codeInvalid = () =>
  new AppError(
    'CODE_INVALID',
    'Die Anmeldung ist abgelaufen oder wurde schon verwendet. Bitte melden Sie sich erneut an.',
    {
      errors: [{ field: 'code', message: 'invalid' }],
    },
  );

/**
 * `POST /v1/auth/sso/exchange`: the callback's one-time code (single use, two minutes, stored as its
 * SHA-256, only from the browser the sign-in was started in) becomes the answer of a login, with its
 * rules: an account with the platform's second factor gets the challenge of `POST /v1/auth/mfa` unless
 * the provider asserted a second factor through an earlier link (ADR 0061); an admin who has not
 * enrolled gets tokens with `mfaEnrollmentRequired`, and the admin routes' rule of the grace period
 * holds as after a password.
 */
export async function exchangeCode(
  deps: SsoDeps,
  code: string,
  browserToken: string | undefined,
  ip: string,
): Promise<ExchangeOutcome> {
  // Counted before the look-up, so parallel guesses cannot slip past together; a success is taken back.
  const budget = [`sso-exchange:ip:${ip}`, SSO_LIMITS.exchangeFailuresPerIp] as const;
  await consume(deps.limiter, ...budget);
  const browserHash = browserHashOf(browserToken);
  if (!browserHash) throw codeInvalid();
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(ssoExchangeCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(ssoExchangeCodes.codeHash, sha256(code)),
        eq(ssoExchangeCodes.browserHash, browserHash),
        isNull(ssoExchangeCodes.usedAt),
        gt(ssoExchangeCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!row) throw codeInvalid();
  const user = await findUserById(deps.db, row.userId);
  if (!user || user.disabledAt || user.deletedAt || user.tenantId !== row.tenantId) throw codeInvalid();
  await deps.limiter.refund(...budget);
  const deviceToken = deps.tokens.devices.issue(user.id, now);
  if (user.mfaEnabledAt && !row.mfaAsserted) {
    deps.events.emit('auth.mfa_challenged', { ip, actor: user.id, tenant: user.tenantId, target: 'sso' });
    return {
      response: { authenticated: false, mfaRequired: true, mfaToken: await openChallenge(deps.db, user.id, now) },
      deviceToken,
    };
  }
  deps.events.emit('auth.login_succeeded', { ip, actor: user.id, tenant: user.tenantId, target: 'sso' });
  const session = await startSession(deps, user);
  // An admin without the platform's factor is led to the enrolment first (the provider's factor aside).
  const policy = mfaPolicy(user, now);
  const response =
    policy.required && !policy.enabled && session.authenticated ? { ...session, mfaEnrollmentRequired: true } : session;
  return { response, deviceToken };
}
