/**
 * Sign-in with the company account by OpenID Connect.
 *
 * Configured by HR. docs/decisions/0061-company-sign-in.md. HR's configuration checked by discovery (`config.ts`,
 * the client secret encrypted and write-only; `issuer.ts`), the start with PKCE, state and nonce bound to the
 * browser by a cookie (`start.ts`, `browser-cookie.ts`), the callback's checks through `openid-client`
 * (`callback.ts`), accounts linked by issuer and subject or created in the employer without a register code
 * (`identities.ts`, account's `company-accounts.ts`), the one-time code the SPA exchanges for a login's answer
 * (`exchange.ts`), calls to the provider guarded like webhooks' (`outbound.ts`), the hourly clean-up
 * (`cleanup.ts`). `ssoRequired` and `companySignInRequired` (`required.ts`) are handed to auth by app.ts. In the
 * graph above `auth` and `account`.
 *
 * The face of modules/sso: what other modules, the flows and app.ts may import.
 */
export { scheduleSsoCleanup } from './cleanup.js';
export type { SsoDeps } from './deps.js';
export { companySignInRequired, ssoRequired } from './required.js';
export { ssoRoutes } from './routes.js';
