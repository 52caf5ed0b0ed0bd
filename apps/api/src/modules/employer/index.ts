// The face of modules/employer: what other modules and the flows may import.
export { employerRoutes } from './routes.js';
export { leavingDatesOf } from './leaving-dates.js';
export { markLeaving } from './leaving.js';
export { withdrawLeaving } from './leaving-withdrawal.js';
