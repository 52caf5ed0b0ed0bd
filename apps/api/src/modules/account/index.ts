// The face of modules/account: what other modules and the flows may import.
export {
  accountDetailsOf,
  saveAccountDetails,
  saveLanguage,
  signedInAccountOf,
  type AccountDetails,
} from './details.js';
export { confirmByCompanySignIn, createCompanyAccount, type CompanyAccountInput } from './company-accounts.js';
export { employeeOf, peopleByIds, type ListedPerson } from './employees.js';
export { activeAdmins, fullNameOf, recipientOf, recipientsByIds, type AccountRecipient } from './recipients.js';
export { normaliseRegisterCode } from './register-codes.js';
export { accountRoutes } from './routes.js';
export { createInvite, setAccountDisabled, type AccountDeps } from './service.js';
export {
  directoryPeople,
  directoryPerson,
  mailProvisionedWelcome,
  provisionEmployee,
  updateProvisionedPerson,
  type DirectoryPerson,
  type PersonChanges,
  type SignInKind,
} from './provisioning.js';
