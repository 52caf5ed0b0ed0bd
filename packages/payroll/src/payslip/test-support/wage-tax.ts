import type { WageTaxCalculator } from '../pap-mapping.js';
import { defaultWageTax } from '../wage-tax.js';

/** The wage tax used by the property tests: the PAP of this package. */
export const wageTaxForTests: WageTaxCalculator = defaultWageTax;
