/**
 * Login, token rotation and logout: JWTs and refresh families.
 *
 * Sessions and users: `startSession` (`service.ts`), `findUserById`, `findUserByEmail`, `revokeAllForUser`
 * (`repository.ts`); access tokens and opaque refresh tokens (`tokens.ts`, docs/decisions/0005-token-rotation.md);
 * the one-time codes (`codes.ts`); the password step-up (`confirmPassword`, `step-up.ts`); the device cookie with
 * its own login budget (`device-cookie.ts`, docs/decisions/0026-device-cookies-and-ending-sessions.md); the
 * per-request user's kept answer (`request-user-cache.ts`,
 * docs/decisions/0044-per-request-cost-of-a-signed-in-answer.md). The MFA policy (`mfa-policy.ts`) and the login
 * challenge (`mfa-challenge.ts`) moved down here from `mfa`, so the two rooms do not import each other. Whether an
 * address must use the company sign-in (`CompanySignInRequired`) is handed in by app.ts from sso's face. How tokens
 * and sessions work: docs/architecture/authentication.md.
 *
 * The face of modules/auth: what other modules and the flows may import.
 */
export { createCode, createTypedCode, invalidateOpenCodes, redeemCode, redeemTypedCode } from './codes.js';
export { deviceCookieName, deviceCookieOptions } from './device-cookie.js';
export {
  CHALLENGE_MAX_ATTEMPTS,
  CHALLENGE_TTL_MS,
  attemptChallenge,
  finishChallenge,
  openChallenge,
} from './mfa-challenge.js';
export { graceAlreadyOver, mfaPolicy } from './mfa-policy.js';
export { findUserByEmail, findUserById, revokeAllForUser, type UserRow } from './repository.js';
export { authRoutes } from './routes.js';
export { startSession, type AuthDeps, type CompanySignInRequired } from './service.js';
export { confirmPassword } from './step-up.js';
export { TokenService } from './tokens.js';
