// The face of modules/policy: what other modules and the flows may import.
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
