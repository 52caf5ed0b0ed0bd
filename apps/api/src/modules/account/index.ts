/**
 * Registration by register code, e-mail confirmation, password reset, invites and e-mail change.
 *
 * Registration with one of the employer's register codes. The people's accounts (`users`). The invite
 * (`createInvite`, `service.ts`); an employer's person (`employeeOf`, `peopleByIds`: `employees.ts`); the account's
 * details and interface language (`details.ts`); whom a mail goes to (`recipients.ts`). A person a directory
 * provisions is created as an employee in `provisioning.ts` (the welcome mail, or the company sign-in's when the
 * employer requires it; docs/decisions/0060-scim-provisioning.md); an account of the company sign-in is created in
 * the employer without a register code in `company-accounts.ts` (docs/decisions/0061-company-sign-in.md). In the
 * graph: `auth` → `mfa` → `account`.
 *
 * The face of modules/account: what other modules and the flows may import.
 */
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
