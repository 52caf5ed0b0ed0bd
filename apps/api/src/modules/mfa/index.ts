// The face of modules/mfa: what other modules and the flows may import.
export { issueEnrolmentCode } from './enrolment.js';
export { endGracePeriod, mfaSecretAad } from './repository.js';
export { resetTenantAdminFactor } from './reset.js';
export { mfaRoutes } from './routes.js';
