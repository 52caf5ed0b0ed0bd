import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/password.js';
import { consume, type RateLimiter } from '../../lib/rate-limiter.js';
import * as authRepo from './repository.js';

/** Password confirmations per user: a stolen session must not become a password-guessing oracle. */
export const STEP_UP_LIMIT = { limit: 5, windowMs: 15 * 60_000 };

/**
 * Step-up before changes that would hand the account to someone else (e-mail address, second factor,
 * deletion): the signed-in user proves again that they know the password. A wrong password is a
 * field error on `password`, counted per user.
 */
export async function confirmPassword(
  deps: { db: Database; limiter: RateLimiter },
  userId: string,
  password: string,
): Promise<void> {
  await consume(deps.limiter, `step-up:user:${userId}`, STEP_UP_LIMIT);
  const user = await authRepo.findUserById(deps.db, userId);
  if (!(await verifyPassword(user?.passwordHash, password))) {
    throw new AppError('VALIDATION_FAILED', 'Das Passwort ist nicht korrekt.', {
      errors: [{ field: 'password', message: 'Password is incorrect' }],
    });
  }
}
