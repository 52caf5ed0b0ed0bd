import { PayslipError } from './errors.js';
import type { PapInput, PapResult, WageTaxCalculator } from './pap-mapping.js';

/**
 * The default wage-tax calculator: the BMF PAP of this package. Bound lazily so that the payslip
 * part can be built and tested with an injected calculator while the PAP module is developed.
 */
export const defaultWageTax: WageTaxCalculator = (_input: PapInput): PapResult => {
  throw new PayslipError('NO_PARAMETERS_FOR_DATE', 'Die Lohnsteuerberechnung (PAP) ist nicht verfügbar.');
};
