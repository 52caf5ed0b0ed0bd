// The face of modules/auth: what other modules and the flows may import.
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
