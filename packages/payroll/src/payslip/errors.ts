/**
 * Why a payslip could not be computed. Stable codes for the API's error table; the message is
 * German and meant for the employee.
 */
export type PayslipErrorCode =
  | 'INVALID_INPUT'
  | 'MINIJOB_NOT_SUPPORTED'
  | 'CONVERSION_EXCEEDS_SALARY'
  | 'NO_PARAMETERS_FOR_DATE'
  | 'VEHICLE_RULE_NOT_FOUND';

/** A typed, expected failure of the payslip calculation (bad input or an unsupported case). */
export class PayslipError extends Error {
  /** Machine-readable reason. */
  readonly code: PayslipErrorCode;

  /** Creates the error with its code and a German message. */
  constructor(code: PayslipErrorCode, message: string) {
    super(message);
    this.name = 'PayslipError';
    this.code = code;
  }
}
