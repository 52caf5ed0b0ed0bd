/**
 * The employee's address and salary profile, encrypted at rest.
 *
 * `GET/PUT /v1/user/info`, audited. The salary store (`salary-store.ts`: `readSalaryProfile`, its histories,
 * `writeSalaryProfile`; AES-256-GCM through `lib/field-encryption.ts`), the routes and the address (`routes.ts`,
 * `service.ts`), its version for the kept payroll trend (`payroll-version.ts`). A save is announced by `onSaved`
 * (`ProfileDeps`), which orders answer (`recheckOrdersAfterSave`, wired in app.ts) so that profile never imports
 * orders.
 *
 * The face of modules/profile: what other modules and the flows may import.
 */
export { profileRoutes } from './routes.js';
export { addressDtoOf } from './service.js';
export {
  readSalaryProfile,
  readSalaryProfileHistories,
  readSalaryProfileHistory,
  readSalaryProfiles,
  sealSalaryProfile,
  writeSalaryProfile,
} from './salary-store.js';
export { salaryProfilesVersion } from './payroll-version.js';
export { profileVersionOf, profileVersionsOf } from './profile-versions.js';
