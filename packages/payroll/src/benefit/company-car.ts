import { cents, divRoundHalfUp, type Cents } from '../payslip/money.js';
import type { DateKey } from '../payslip/dates.js';
import { PayslipError } from '../payslip/errors.js';
import { findCompanyCarRule, type CompanyCarRule, type DriveType } from './rules.js';

/** What the company-car benefit needs to know. */
export interface CompanyCarInput {
  /** Gross list price incl. options and VAT (Bruttolistenpreis). */
  readonly listPrice: Cents;
  readonly driveType: DriveType;
  /** Acquisition date of the car (governs the rule). */
  readonly acquired: DateKey;
  /** One-way distance home – first place of work in full kilometres. */
  readonly distanceKm: number;
  /** Commuting days per month. */
  readonly commutingDays: number;
  /** Whether the employee chose the single assessment (0.002 % per km and day). */
  readonly singleAssessment: boolean;
}

/** How the commute was valued. */
export type CommutingMethod = 'PAUSCHAL_0_03' | 'EINZELBEWERTUNG_0_002';

/** The monthly non-cash benefit (geldwerter Vorteil) of the car. */
export interface CompanyCarBenefit {
  readonly rule: CompanyCarRule;
  /** Share of the list price, rounded down to full 100 EUR: the base of all percentages. */
  readonly bemessungsgrundlage: Cents;
  /** Private use: 1 % of the base per month. */
  readonly privateUse: Cents;
  /** Commuting: 0.03 % × base × km (0 without a commuting day), or 0.002 % × base × km × days. */
  readonly commuting: Cents;
  readonly commutingMethod: CommutingMethod;
  /** Days used for the single assessment (capped), 0 for the monthly flat rate. */
  readonly commutingDaysValued: number;
}

const HUNDRED_EUR = 10_000;
/** § 8 Abs. 2 Satz 5 EStG / BMF 4.4.2018: at most 180 trips a year, spread evenly: 15 a month. */
const MAX_SINGLE_ASSESSMENT_DAYS_PER_MONTH = 180 / 12;

/**
 * The base: the list price share (1/4, 1/2, 1/1) rounded DOWN to full 100 EUR AFTER quartering or
 * halving. R 8.1 Abs. 9 Nr. 1 Satz 6 LStR rounds the list price to full hundreds; in its first
 * e-car letter (BMF 5.6.2014) the BMF rounded the already reduced price (battery deduction first,
 * then "auf volle Hundert Euro abrunden": 109,150 − 10,000 = 99,150 → 99,100, gesierich.de). The
 * letter of 5.11.2021 that replaced it is read the same way for the halved/quartered price, but
 * its wording on the order was not found in the material searched: a recorded decision (README).
 * Rounding after quartering is also the variant that never taxes more than rounding before.
 */
export function bemessungsgrundlage(listPrice: Cents, rule: CompanyCarRule): Cents {
  const share = Math.floor((listPrice * rule.share.numerator) / rule.share.denominator);
  return cents(Math.floor(share / HUNDRED_EUR) * HUNDRED_EUR);
}

/** The monthly benefit of a company car for private use and commuting. */
export function companyCarBenefit(input: CompanyCarInput): CompanyCarBenefit {
  const rule = findCompanyCarRule(input.driveType, input.acquired, input.listPrice);
  if (!rule) {
    throw new PayslipError(
      'VEHICLE_RULE_NOT_FOUND',
      'Für Elektro- und Hybridfahrzeuge mit Anschaffung vor 2019 ist keine Bewertung hinterlegt.',
    );
  }
  const base = bemessungsgrundlage(input.listPrice, rule);
  const hundreds = base / HUNDRED_EUR;
  // 1 % of a multiple of 100 EUR is whole euros; 0.03 % of it is a multiple of 3 cents: exact.
  const privateUse = cents(hundreds * 100);
  if (input.singleAssessment) {
    const days = Math.min(input.commutingDays, MAX_SINGLE_ASSESSMENT_DAYS_PER_MONTH);
    // 0.002 % of 100 EUR is 0.2 cent: round half up to the cent.
    const commuting = cents(divRoundHalfUp(hundreds * input.distanceKm * days, 5));
    return {
      rule,
      bemessungsgrundlage: base,
      privateUse,
      commuting,
      commutingMethod: 'EINZELBEWERTUNG_0_002',
      commutingDaysValued: days,
    };
  }
  // No commuting day, no surcharge: the 0.03 % is a correction for travel costs the employee
  // could deduct but does not bear, so it depends on the car actually being used for the commute
  // (BFH 4.4.2008 VI R 85/04; BMF 1.4.2011; see "Legal readings" in the README). A month without such a trip
  // (arrivalNumber 0, e.g. working from home) has none; one trip or more gives the full flat rate.
  const commuting = input.commutingDays === 0 ? cents(0) : cents(hundreds * 3 * input.distanceKm);
  return {
    rule,
    bemessungsgrundlage: base,
    privateUse,
    commuting,
    commutingMethod: 'PAUSCHAL_0_03',
    commutingDaysValued: 0,
  };
}
