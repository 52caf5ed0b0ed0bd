/**
 * The employer's monthly payroll export: per handed-over lease and month the gross conversion, the
 * taxable benefit and what changed, plus the employer's social-security saving. Pure functions on
 * integer cents; the API turns them into CSV and DATEV files.
 */
export {
  commuteIn,
  comparePayrollLines,
  lastDayOfUse,
  payrollLine,
  payrollLinesFrom,
  payrollMonth,
  rateIn,
  type RateVersion,
  type DeductionStart,
  type CommuteVersion,
  type PayrollChange,
  type PayrollStatus,
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
export {
  effectivePayer,
  monthPause,
  type AbsencePayer,
  type AbsenceType,
  type LeaseAbsence,
  type MonthPause,
} from './absences.js';
