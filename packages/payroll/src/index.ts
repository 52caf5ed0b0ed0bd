export * from './pap/index.js';
export * from './payslip/index.js';
