// The face of modules/lease-life: what other modules and the flows may import.
export { notifyLeavingQuote, notifyLeavingQuoteToEmployer } from './notify.js';
export { PAUSE_CSV_COLUMNS, pauseCells, pauseComment } from './payroll-columns.js';
export { absenceInputs, commuteHistoriesOf, pauseOfLine } from './payroll-inputs.js';
export { leaseLifeRoutes } from './routes.js';
export { absencesVersion } from './payroll-version.js';
