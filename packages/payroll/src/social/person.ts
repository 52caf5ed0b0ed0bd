import { ppm } from '../payslip/money.js';
import { monthIndex, monthOfCompletingAge, type CalendarDate } from '../payslip/dates.js';
import type { NormalizedProfile } from '../payslip/profile.js';
import type { SvPerson } from './contributions.js';
import type { SocialParameters } from './parameters.js';

/** Born before this year: never a childless surcharge (§ 55 Abs. 3 SGB XI). */
const SURCHARGE_EXEMPT_BORN_BEFORE = 1940;

/**
 * Whether the childless surcharge applies in the payment month: a childless member pays it from
 * the month after the one in which the 23rd year of life was completed (§ 55 Abs. 3 SGB
 * XI; haufe.de: born 2.6.2002 → from 1.7.2025, born 1.6.2002 → from 1.6.2025).
 */
export function childlessSurchargeApplies(
  profile: Pick<NormalizedProfile, 'parent' | 'birth'>,
  payment: CalendarDate,
  p: SocialParameters,
): boolean {
  if (profile.parent || profile.birth.year < SURCHARGE_EXEMPT_BORN_BEFORE) return false;
  return monthIndex(payment) > monthOfCompletingAge(profile.birth, p.pvKinderlosenzuschlagAbAlter);
}

/** Number of PV child reductions: children 2..5 under 25 (§ 55 Abs. 3 Satz 4 SGB XI). */
export function childReductions(
  profile: Pick<NormalizedProfile, 'parent' | 'childrenUnder25'>,
  p: SocialParameters,
): number {
  if (!profile.parent || profile.childrenUnder25 < 2) return 0;
  return Math.min(profile.childrenUnder25 - 1, p.pvAbschlagMaxKinder);
}

/** Resolves the employee's SV rates for the payment month. */
export function svPerson(profile: NormalizedProfile, payment: CalendarDate, p: SocialParameters): SvPerson {
  const pvBase = profile.state.pvSachsen ? p.pvArbeitnehmerSachsen : p.pvArbeitnehmer;
  const reductions = childReductions(profile, p);
  return {
    statutoryHealth: profile.statutoryHealth,
    // Hundredths of a percent × 100 = ppm; the employee pays half (§ 249 Abs. 1 SGB V).
    kvArbeitnehmer: ppm(profile.kvRateHundredths * 50),
    kvZusatzArbeitnehmer: ppm(profile.kvZusatzHundredths * 50),
    pvArbeitnehmer: ppm(pvBase - reductions * p.pvAbschlagJeKind),
    pvZuschlag: childlessSurchargeApplies(profile, payment, p) ? p.pvKinderlosenzuschlag : ppm(0),
    rv: profile.pensionInsurance,
    av: profile.unemploymentInsurance,
  };
}
