/**
 * Damage, accident and theft reports during a lease, and their excess in payroll.
 *
 * Worked by the provider. docs/decisions/0056-damage-and-theft-reports.md. The employee reports with up to ten
 * photos (`/v1/order/{orderId}/claims`, JSON or multipart, each photo re-encoded by provider's `processDamagePhoto`
 * as it arrives, the form read by `lib/json-form.ts`: `upload.ts`, `report.ts`); the provider works the queue
 * (`/v1/provider/claims`, `provider-claims.ts`; states and their moves in the contract's `CLAIM_TRANSITIONS`) and
 * decides the excess once (a total loss or theft ends the lease through `flows/end-lease-by-loss.ts`), fixed to the
 * month it was decided in, which the employer's payroll export deducts from net pay on a wage type of its own
 * (`claimExcessesOf`, `withClaimExcesses`: `payroll-excess.ts`; its version for the kept trend:
 * `payroll-version.ts`). HR sees number, state and excess; every step is mailed to the employee.
 *
 * The face of modules/claims: what other modules and the flows may import.
 */
export { claimExcessesOf, withClaimExcesses, type ClaimExcess } from './payroll-excess.js';
export { claimRoutes } from './routes.js';
export { claimStatesOf, claimsOfPerson } from './repository.js';
export { claimExcessesVersion } from './payroll-version.js';
