/**
 * The employer's monthly payroll export: per handed-over lease and month the gross conversion, the
 * taxable benefit and what changed, plus the employer's social-security saving. Pure functions on
 * integer cents; the API turns them into CSV and DATEV files.
 */
export {
  lastDayOfUse,
  payrollLine,
  payrollMonth,
  type DeductionStart,
  type PayrollChange,
  type PayrollLease,
  type PayrollLine,
  type PayrollTotals,
} from './lease-month.js';
export {
  formatPayrollMonth,
  leaseTermEnd,
  monthBounds,
  monthOfDate,
  parsePayrollMonth,
  type MonthIndex,
  type PayrollMonth,
} from './months.js';
export { employerSvSaving, type EmployerSvPerson } from './employer-saving.js';
