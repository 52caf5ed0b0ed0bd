import { calculateLohnsteuer } from '../pap/index.js';
import type { WageTaxInput, WageTaxResult, WageTaxCalculator } from './pap-mapping.js';

/** The default wage-tax calculator: the BMF PAP of this package, selected by payment date. */
export const defaultWageTax: WageTaxCalculator = (input: WageTaxInput): WageTaxResult => calculateLohnsteuer(input);
