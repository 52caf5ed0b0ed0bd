// The face of modules/claims: what other modules and the flows may import.
export { claimExcessesOf, withClaimExcesses, type ClaimExcess } from './payroll-excess.js';
export { claimRoutes } from './routes.js';
export { claimStatesOf, claimsOfPerson } from './repository.js';
export { claimExcessesVersion } from './payroll-version.js';
