/**
 * The employer's versioned programme policy and its rules.
 *
 * Read by the catalogue, the workflow, the lease's life and end and the back office, written by the employer portal
 * (`policy.ts`: `policyInForce`, `policyVersion`, the rules `vehicleRefusal`, `affordabilityRefusal`,
 * `policyRefusals`, `subsidyCents`, and `savePolicy`; docs/decisions/0018-employer-portal-rules.md). Moved down out
 * of employer so that every room that decides by it may ask without a circle.
 *
 * The face of modules/policy: what other modules and the flows may import.
 */
export {
  affordabilityRefusal,
  policyInForce,
  policyRefusals,
  policyResponse,
  policyVersion,
  savePolicy,
  subsidyCents,
  vehicleRefusal,
} from './policy.js';
