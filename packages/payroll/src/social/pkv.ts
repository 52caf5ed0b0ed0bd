import { cents, type Cents } from '../payslip/money.js';
import type { SocialParameters } from './parameters.js';

/** Employer subsidies to a private health (PKV) and long-term-care (PPV) insurance. */
export interface PkvZuschuss {
  /** Subsidy to the PKV premium (§ 257 Abs. 2 SGB V). */
  readonly kv: Cents;
  /** Subsidy to the PPV premium (§ 61 Abs. 2 SGB XI). */
  readonly pv: Cents;
}

/**
 * The employer subsidies for a privately insured employee: half the premium, at most the cap of
 * the year. "Half" is rounded down to the cent because the law grants "höchstens die Hälfte" of
 * the premium. The subsidies are tax-free (§ 3 Nr. 62 EStG) and do not depend on the wage, so
 * they are the same before and after a salary conversion.
 */
export function pkvZuschuss(beitragPkv: Cents, beitragPv: Cents, saxony: boolean, p: SocialParameters): PkvZuschuss {
  const pvCap = saxony ? p.pkvZuschussMaxPvSachsen : p.pkvZuschussMaxPv;
  return {
    kv: cents(Math.min(Math.floor(beitragPkv / 2), p.pkvZuschussMaxKv)),
    pv: cents(Math.min(Math.floor(beitragPv / 2), pvCap)),
  };
}
