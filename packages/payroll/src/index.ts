export * from './pap/index.js';
export * from './payslip/index.js';
export * from './payroll-export/index.js';
