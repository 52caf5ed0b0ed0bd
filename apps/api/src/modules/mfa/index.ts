/**
 * The second factor: TOTP enrolment, the login's second step, recovery codes.
 *
 * And the provider's reset. TOTP enrolment (`enrolment.ts`, `totp.ts`; with the mailbox's proof for an admin who
 * gets no grace period, docs/decisions/0025-second-factor-with-proof-of-the-mailbox.md), the login's second step
 * (`POST /v1/auth/mfa`, `routes.ts`, `service.ts`), recovery codes and the factor's store (the TOTP secret,
 * `repository.ts`), its own attempt budgets (`budget.ts`), the provider's reset of an admin's factor (`reset.ts`).
 * The MFA policy and the login challenge live in `auth`.
 *
 * The face of modules/mfa: what other modules and the flows may import.
 */
export { issueEnrolmentCode } from './enrolment.js';
export { endGracePeriod, mfaSecretAad } from './repository.js';
export { resetTenantAdminFactor } from './reset.js';
export { mfaRoutes } from './routes.js';
