import type { AuthResponse, MfaConfirmResponse, MfaLoginRequest, MfaStatus } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { consume } from '../../lib/rate-limiter.js';
import {
  type AuthDeps,
  confirmPassword,
  findUserById,
  invalidateOpenCodes,
  mfaPolicy,
  startSession,
  type UserRow,
} from '../auth/index.js';
import { enqueueMail } from '../mail/index.js';
import { MFA_LIMITS, refundCeiling, takeCeiling } from './budget.js';
import * as repo from './repository.js';
import { newRecoveryCodes, verifyTotp } from './totp.js';

export interface MfaDeps extends AuthDeps {
  cipher: FieldCipher;
  /** Wakes the mail worker after a commit: every change of the factor is mailed to the owner. */
  mailSent(): void;
}

const NOT_AUTHENTICATED: AuthResponse = { authenticated: false };

function secretOf(deps: MfaDeps, user: UserRow): string | null {
  if (!user.mfaSecretKeyId || !user.mfaSecretIv || !user.mfaSecretCiphertext) return null;
  return deps.cipher.decrypt(
    { keyId: user.mfaSecretKeyId, iv: user.mfaSecretIv, ciphertext: user.mfaSecretCiphertext },
    repo.mfaSecretAad(user.id),
  );
}

/**
 * `POST /v1/auth/mfa`: the second half of a login, with a TOTP code or a recovery code. The budget is
 * the login attempt's own (the challenge's five codes) under a per-account ceiling (`budget.ts`).
 */
export async function completeLogin(deps: MfaDeps, input: MfaLoginRequest, ip: string): Promise<AuthResponse> {
  await consume(deps.limiter, `mfa:ip:${ip}`, MFA_LIMITS.perIp);
  const now = deps.clock.now();
  const userId = await repo.attemptChallenge(deps.db, input.mfaToken, now);
  if (!userId) return NOT_AUTHENTICATED;
  const user = await findUserById(deps.db, userId);
  const secret = user && !user.disabledAt && user.mfaEnabledAt ? secretOf(deps, user) : null;
  if (!user || !secret) return NOT_AUTHENTICATED;
  const counted = await takeCeiling(deps.limiter, user.id, input.code);
  const factor = await secondFactorUsed(deps, user, secret, input.code);
  if (!factor) {
    deps.events.emit('auth.mfa_failed', { actor: user.id, tenant: user.tenantId });
    return NOT_AUTHENTICATED;
  }
  if (counted) await refundCeiling(deps.limiter, user.id);
  if (!(await repo.finishChallenge(deps.db, input.mfaToken, now))) return NOT_AUTHENTICATED;
  if (factor === 'recovery') await mailRecoveryCodeUsed(deps, user);
  deps.events.emit('auth.login_succeeded', { actor: user.id, tenant: user.tenantId });
  return startSession(deps, user);
}

/** Which factor the code was, once accepted: a TOTP step (never twice) or an unused recovery code. */
async function secondFactorUsed(
  deps: MfaDeps,
  user: UserRow,
  secret: string,
  code: string,
): Promise<'totp' | 'recovery' | null> {
  const now = deps.clock.now();
  const step = await verifyTotp(secret, code, now, user.mfaLastStep);
  if (step !== null) return (await repo.claimTimeStep(deps.db, user.id, step)) ? 'totp' : null;
  return (await repo.useRecoveryCode(deps.db, user.id, code, now)) ? 'recovery' : null;
}

async function mailRecoveryCodeUsed(deps: MfaDeps, user: UserRow): Promise<void> {
  const remaining = await repo.unusedRecoveryCodes(deps.db, user.id);
  await enqueueMail(
    deps.db,
    user,
    { kind: 'MFA_RECOVERY_CODE_USED', firstName: user.firstName, remaining },
    deps.clock.now(),
  );
  deps.mailSent();
}

/** Enrolment, step 2: the first code switches the factor on and yields ten recovery codes, shown once. */
export async function confirm(
  deps: MfaDeps,
  userId: string,
  code: string,
  requestId: string,
): Promise<MfaConfirmResponse> {
  const user = await findUserById(deps.db, userId);
  const secret = user ? secretOf(deps, user) : null;
  if (!user || !secret || user.mfaEnabledAt) {
    throw new AppError('CONFLICT', 'Bitte starten Sie die Einrichtung erneut.');
  }
  // Counted only with a pending secret, which only the mailbox's owner can have started.
  await consume(deps.limiter, `mfa:user:${userId}`, MFA_LIMITS.confirmPerUser);
  const now = deps.clock.now();
  const step = await verifyTotp(secret, code, now, null);
  if (step === null) throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  await deps.db.transaction(async (tx) => {
    await repo.enable(tx, userId, step, recoveryCodes, now);
    await invalidateOpenCodes(tx, userId, 'MFA_ENROL', now);
    await auditFactor(tx, user, 'mfa.enabled', requestId, now);
    await enqueueMail(tx, user, { kind: 'MFA_ENABLED', firstName: user.firstName }, now);
  });
  deps.mailSent();
  deps.events.emit('auth.mfa_enabled', { actor: userId, tenant: user.tenantId });
  return { recoveryCodes };
}

/** Employees may switch the factor off again (password and a current code); admins may not. */
export async function disable(
  deps: MfaDeps,
  userId: string,
  input: { password: string; code: string },
  requestId: string,
): Promise<void> {
  await confirmPassword(deps, userId, input.password);
  const user = await findUserById(deps.db, userId);
  const secret = user?.mfaEnabledAt ? secretOf(deps, user) : null;
  if (!user || !secret) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.');
  if (mfaPolicy(user, deps.clock.now()).required) {
    throw new AppError('FORBIDDEN', 'Für Administratoren ist die Zwei-Faktor-Anmeldung Pflicht.');
  }
  if (!(await secondFactorUsed(deps, user, secret, input.code))) throw invalidCode();
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.disable(tx, userId);
    await auditFactor(tx, user, 'mfa.disabled', requestId, now);
    await enqueueMail(tx, user, { kind: 'MFA_DISABLED', firstName: user.firstName }, now);
  });
  deps.mailSent();
  deps.events.emit('auth.mfa_disabled', { actor: userId, tenant: user.tenantId });
}

/** One audit line per change of the factor: which fields, never their values. */
export function auditFactor(
  tx: Database,
  subject: { id: string; tenantId: string | null },
  action: string,
  requestId: string,
  at: Date,
  actorUserId: string = subject.id,
): Promise<void> {
  return recordAudit(tx, {
    actorUserId,
    tenantId: subject.tenantId,
    action,
    subjectType: 'user',
    subjectId: subject.id,
    fields: ['mfaSecret', 'recoveryCodes'],
    requestId,
    at,
  });
}

export async function status(deps: MfaDeps, userId: string): Promise<MfaStatus> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Anmeldung erforderlich');
  const policy = mfaPolicy(user, deps.clock.now());
  // An admin without grace (past it, or after an invitation or a reset) is told to enrol now.
  const graceEndsAt = policy.blocked ? null : (policy.graceEndsAt?.toISOString() ?? null);
  return { enabled: policy.enabled, required: policy.required, graceEndsAt };
}

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', 'Der Code ist nicht gültig.', {
    errors: [{ field: 'code', message: 'invalid' }],
  });
}
