import type { AuthResponse, MfaConfirmResponse, MfaLoginRequest, MfaSetupResponse, MfaStatus } from '@leasing/contract';

import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { FieldCipher } from '../../lib/field-encryption.js';
import { consume } from '../../lib/rate-limiter.js';
import { confirmPassword } from '../account/step-up.js';
import * as authRepo from '../auth/repository.js';
import { startSession, type AuthDeps } from '../auth/service.js';
import { mfaPolicy } from './policy.js';
import * as repo from './repository.js';
import { newRecoveryCodes, newTotpSecret, otpauthUri, qrCodeDataUrl, verifyTotp } from './totp.js';

export interface MfaDeps extends AuthDeps {
  cipher: FieldCipher;
}

/** Second-factor attempts: per user (a stolen password) and per client (many users at once). */
const MFA_LIMITS = {
  perUser: { limit: 10, windowMs: 15 * 60_000 },
  perIp: { limit: 30, windowMs: 15 * 60_000 },
} as const;

const NOT_AUTHENTICATED: AuthResponse = { authenticated: false };

function secretOf(deps: MfaDeps, user: authRepo.UserRow): string | null {
  if (!user.mfaSecretKeyId || !user.mfaSecretIv || !user.mfaSecretCiphertext) return null;
  return deps.cipher.decrypt(
    { keyId: user.mfaSecretKeyId, iv: user.mfaSecretIv, ciphertext: user.mfaSecretCiphertext },
    repo.mfaSecretAad(user.id),
  );
}

/** `POST /v1/auth/mfa`: the second half of a login, with a TOTP code or a recovery code. */
export async function completeLogin(deps: MfaDeps, input: MfaLoginRequest, ip: string): Promise<AuthResponse> {
  await consume(deps.limiter, `mfa:ip:${ip}`, MFA_LIMITS.perIp);
  const now = deps.clock.now();
  const userId = await repo.attemptChallenge(deps.db, input.mfaToken, now);
  if (!userId) return NOT_AUTHENTICATED;
  await consume(deps.limiter, `mfa:user:${userId}`, MFA_LIMITS.perUser);
  const user = await authRepo.findUserById(deps.db, userId);
  const secret = user && !user.disabledAt && user.mfaEnabledAt ? secretOf(deps, user) : null;
  if (!user || !secret) return NOT_AUTHENTICATED;
  if (!(await secondFactorValid(deps, user, secret, input.code))) {
    deps.events.emit('auth.mfa_failed', { actor: user.id, tenant: user.tenantId });
    return NOT_AUTHENTICATED;
  }
  if (!(await repo.finishChallenge(deps.db, input.mfaToken, now))) return NOT_AUTHENTICATED;
  deps.events.emit('auth.login_succeeded', { actor: user.id, tenant: user.tenantId });
  return startSession(deps, user);
}

async function secondFactorValid(deps: MfaDeps, user: authRepo.UserRow, secret: string, code: string) {
  const now = deps.clock.now();
  const step = await verifyTotp(secret, code, now, user.mfaLastStep);
  if (step !== null) return repo.claimTimeStep(deps.db, user.id, step);
  return repo.useRecoveryCode(deps.db, user.id, code, now);
}

/** Enrolment, step 1 (after the password again): a new secret, pending until a code confirms it. */
export async function setup(deps: MfaDeps, userId: string, password: string): Promise<MfaSetupResponse> {
  await confirmPassword(deps, userId, password);
  const user = await authRepo.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Anmeldung erforderlich');
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
  const secret = newTotpSecret();
  await repo.storePendingSecret(deps.db, userId, deps.cipher.encrypt(secret, repo.mfaSecretAad(userId)));
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
}

/** Enrolment, step 2: the first code switches the factor on and yields ten recovery codes, shown once. */
export async function confirm(
  deps: MfaDeps,
  userId: string,
  code: string,
  requestId: string,
): Promise<MfaConfirmResponse> {
  await consume(deps.limiter, `mfa:user:${userId}`, MFA_LIMITS.perUser);
  const user = await authRepo.findUserById(deps.db, userId);
  const secret = user ? secretOf(deps, user) : null;
  if (!user || !secret || user.mfaEnabledAt) {
    throw new AppError('CONFLICT', 'Bitte starten Sie die Einrichtung erneut.');
  }
  const now = deps.clock.now();
  const step = await verifyTotp(secret, code, now, null);
  if (step === null) throw invalidCode();
  const recoveryCodes = newRecoveryCodes();
  await repo.enable(deps.db, userId, step, recoveryCodes, now);
  await recordAudit(deps.db, {
    actorUserId: userId,
    tenantId: user.tenantId,
    action: 'mfa.enabled',
    subjectType: 'user',
    subjectId: userId,
    fields: ['mfaSecret', 'recoveryCodes'],
    requestId,
    at: now,
  });
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
  const user = await authRepo.findUserById(deps.db, userId);
  const secret = user?.mfaEnabledAt ? secretOf(deps, user) : null;
  if (!user || !secret) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.');
  if (mfaPolicy(user, deps.clock.now()).required) {
    throw new AppError('FORBIDDEN', 'Für Administratoren ist die Zwei-Faktor-Anmeldung Pflicht.');
  }
  if (!(await secondFactorValid(deps, user, secret, input.code))) throw invalidCode();
  await repo.disable(deps.db, userId);
  await recordAudit(deps.db, {
    actorUserId: userId,
    tenantId: user.tenantId,
    action: 'mfa.disabled',
    subjectType: 'user',
    subjectId: userId,
    fields: ['mfaSecret', 'recoveryCodes'],
    requestId,
    at: deps.clock.now(),
  });
  deps.events.emit('auth.mfa_disabled', { actor: userId, tenant: user.tenantId });
}

export async function status(deps: MfaDeps, userId: string): Promise<MfaStatus> {
  const user = await authRepo.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Anmeldung erforderlich');
  const policy = mfaPolicy(user, deps.clock.now());
  return { enabled: policy.enabled, required: policy.required, graceEndsAt: policy.graceEndsAt?.toISOString() ?? null };
}

function invalidCode(): AppError {
  return new AppError('VALIDATION_FAILED', 'Der Code ist nicht gültig.', {
    errors: [{ field: 'code', message: 'invalid' }],
  });
}
