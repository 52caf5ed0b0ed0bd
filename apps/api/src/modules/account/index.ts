// The face of modules/account: what other modules and the flows may import.
export {
  accountDetailsOf,
  saveAccountDetails,
  saveLanguage,
  signedInAccountOf,
  type AccountDetails,
} from './details.js';
export { employeeOf, peopleByIds, type ListedPerson } from './employees.js';
export { activeAdmins, fullNameOf, recipientOf, recipientsByIds, type AccountRecipient } from './recipients.js';
export { normaliseRegisterCode } from './register-codes.js';
export { accountRoutes } from './routes.js';
export { createInvite, type AccountDeps } from './service.js';
