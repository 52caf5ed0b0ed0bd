import type { WageTaxCalculator } from '../pap-mapping.js';
import { stubWageTax } from './factories.js';

/**
 * The wage tax used by the property tests. Until the PAP module is in place this is the monotone
 * stand-in of the factories; afterwards it is the PAP itself.
 */
export const wageTaxForTests: WageTaxCalculator = stubWageTax();
