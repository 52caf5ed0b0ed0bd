/**
 * The employers the platform serves and their register codes.
 *
 * Each employer's name, address and switch (a disabled employer takes no new registrations and no new
 * orders) and its register codes, low in the graph so that every module may ask. The back office writes
 * them through this face (modules/provider), a registration finds its employer by a code (modules/account).
 */
export {
  codesOfTenant,
  codesOfTenants,
  codeState,
  expiryInstant,
  findCodeOfTenant,
  insertRegisterCode,
  markCodeRevoked,
  toRegisterCode,
  type RegisterCodeRow,
} from './register-codes.js';
export { countRegisterCodeUse, findRegistrationTenant, normaliseRegisterCode } from './registration.js';
export {
  allTenantNames,
  insertTenantRow,
  setTenantEnabledRow,
  tenantFactsOf,
  tenantPageQueries,
  tenantRowOf,
  updateTenantRow,
  type TenantFacts,
  type TenantRow,
} from './tenant-rows.js';
