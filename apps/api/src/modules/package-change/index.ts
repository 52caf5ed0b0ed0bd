// The face of modules/package-change: what other modules and the flows may import.
export { approvedChangesOf, changesOfPerson } from './repository.js';
export { packageChangeRoutes, providerPackageChangeRoutes } from './routes.js';
export {
  changeView,
  kilometreTermsAfter,
  rateHistoryOf,
  rateInMonth,
  type ApprovedPackageChange,
  type KilometreTerms,
} from './terms.js';
export { approvedChangesVersion } from './payroll-version.js';
