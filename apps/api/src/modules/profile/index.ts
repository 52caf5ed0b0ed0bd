// The face of modules/profile: what other modules and the flows may import.
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
