import type { MfaSetupMailedResponse, MfaSetupRequest, MfaSetupResponse } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limiter.js';
import { confirmPassword, createTypedCode, findUserById, redeemTypedCode } from '../auth/index.js';
import { enqueueMail } from '../mail/index.js';
import { MFA_LIMITS } from './budget.js';
import * as repo from './repository.js';
import type { MfaDeps } from './service.js';
import { newTotpSecret, otpauthUri, qrCodeDataUrl } from './totp.js';

/**
 * Enrolment, step 1. While an account has no second factor, whoever sets one up proves three things:
 * the session, the password, and the mailbox (ADR 0025). A phished password gives the first two; the
 * code from the account's own mail is the third. Without `mailCode` the code is mailed now (202);
 * with it, a new secret, pending until a code of it confirms it.
 */
export async function setup(
  deps: MfaDeps,
  userId: string,
  input: MfaSetupRequest,
): Promise<MfaSetupResponse | MfaSetupMailedResponse> {
  await confirmPassword(deps, userId, input.password);
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHENTICATED', 'Anmeldung erforderlich');
  if (user.mfaEnabledAt) throw new AppError('CONFLICT', 'Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.');
  const now = deps.clock.now();
  if (!input.mailCode) {
    await consume(deps.limiter, `mfa:enrol-mail:user:${userId}`, MFA_LIMITS.enrolMailsPerUser);
    await deps.db.transaction(async (tx) => {
      const code = await issueEnrolmentCode(tx, user.id, now);
      await enqueueMail(tx, user, { kind: 'MFA_ENROL_CODE', firstName: user.firstName, code }, now);
    });
    deps.mailSent();
    return { mailCodeSent: true };
  }
  await consume(deps.limiter, `mfa:enrol-code:user:${userId}`, MFA_LIMITS.enrolCodePerUser);
  if (!(await redeemTypedCode(deps.db, userId, input.mailCode, 'MFA_ENROL', now))) {
    throw new AppError('VALIDATION_FAILED', 'Der Code aus der E-Mail ist nicht gültig.', {
      errors: [{ field: 'mailCode', message: 'invalid' }],
    });
  }
  const secret = newTotpSecret();
  await repo.storePendingSecret(deps.db, userId, deps.cipher.encrypt(secret, repo.mfaSecretAad(userId)));
  const uri = otpauthUri(secret, user.email);
  return { secret, otpauthUri: uri, qrCode: await qrCodeDataUrl(uri) };
}

/**
 * A mailbox proof for the enrolment. Mailed by `setup`, or handed out by a flow whose own mailed link
 * already proved the mailbox (accepting an invitation). Earlier codes stay valid for their quarter
 * hour: someone else asking for a code must not void the one the owner is typing. All open codes die
 * with the enrolment and with a reset.
 */
export async function issueEnrolmentCode(tx: Database, userId: string, now: Date): Promise<string> {
  return createTypedCode(tx, { userId, purpose: 'MFA_ENROL', now });
}
