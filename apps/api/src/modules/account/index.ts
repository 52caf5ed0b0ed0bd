// The face of modules/account: what other modules and the flows may import.
export { employeeOf, peopleByIds } from './employees.js';
export { normaliseRegisterCode } from './register-codes.js';
export { accountRoutes } from './routes.js';
export { createInvite, type AccountDeps } from './service.js';
