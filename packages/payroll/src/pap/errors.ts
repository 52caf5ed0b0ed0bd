/**
 * Error types of the wage tax engine. All extend {@link PapError}, so callers can
 * distinguish engine errors from programming errors with one `instanceof`.
 */

/** Base class of every error thrown by the PAP wage tax engine. */
export class PapError extends Error {
  override readonly name: string = 'PapError';
}

/**
 * Invalid calculation input: unknown input name, non-numeric value, too many decimals,
 * value out of range, missing required input, malformed date or version.
 */
export class PapInputError extends PapError {
  override readonly name: string = 'PapInputError';

  /**
   * @param message human-readable description (English, names the PAP field)
   * @param field the offending PAP input name, if the error concerns one field
   */
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** No registered PAP version covers the requested payment date. */
export class PapVersionNotFoundError extends PapError {
  override readonly name: string = 'PapVersionNotFoundError';

  /**
   * @param date the payment date that was asked for (YYYY-MM-DD)
   * @param coveredFrom first day covered by the registry
   * @param coveredTo last day covered by the registry
   */
  constructor(
    readonly date: string,
    coveredFrom: string,
    coveredTo: string,
  ) {
    super(`No PAP version for payment date ${date}: wage tax can be calculated for ${coveredFrom} to ${coveredTo}.`);
  }
}

/**
 * Arithmetic failure that Java's BigDecimal would raise as ArithmeticException
 * (division by zero, non-terminating exact division). The PAP never triggers it for
 * valid inputs; it exists so the generated code fails loudly instead of silently.
 */
export class PapArithmeticError extends PapError {
  override readonly name: string = 'PapArithmeticError';
}
