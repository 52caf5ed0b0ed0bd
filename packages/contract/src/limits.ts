/**
 * Limits of spec section 9, defined once and used by the API schemas, the web forms and the docs.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** OWASP ASVS 6.2.9: allow long passphrases (at least 64; we take 1,024), bound the request size. */
export const PASSWORD_MAX_LENGTH = 1024;

export const GROSS_MONTHLY_SALARY_MIN_EUR = 1;
export const GROSS_MONTHLY_SALARY_MAX_EUR = 200_000;
export const TAX_ALLOWANCE_MIN_EUR = 0;
export const TAX_ALLOWANCE_MAX_EUR = 200_000;
export const ARRIVAL_KILOMETERS_MIN = 0;
export const ARRIVAL_KILOMETERS_MAX = 10_000;
export const ARRIVAL_NUMBER_MIN_DEFAULT = 0;
export const ARRIVAL_NUMBER_MAX_DEFAULT = 31;
export const SPOUSE_FACTOR_MIN = 0;
export const SPOUSE_FACTOR_MAX = 1;
export const BASIC_RATE_HEALTH_INSURANCE_MAX = 25;
export const ADDITIONAL_AMOUNT_HEALTH_INSURANCE_MAX = 4.5;

/** Yearly kilometre options: 10,000 to 30,000 in steps of 5,000. */
export const KM_PER_YEAR_OPTIONS = [10_000, 15_000, 20_000, 25_000, 30_000] as const;

/** Status of an external identity/signature case is polled this often (ms). */
export const STATUS_POLL_INTERVAL_MS = 3_000;

/** Delivery time display threshold (weeks): below it weeks are shown, from it months. */
export const DELIVERY_WEEKS_THRESHOLD = 8;

/** Estimated net rate without user data: 70 % of the total monthly gross cost. */
export const ESTIMATED_RATE_SHARE = 0.7;

/**
 * The estimated net rate without salary data, in cents (spec 9: 70 % of the total monthly gross
 * cost). The employer's subsidy is not converted from the salary, so the estimate takes 70 % of what
 * is: the gross cost less the subsidy, as the payroll engine's comparison does. Without a subsidy this
 * is the spec's figure.
 */
export function estimatedNetRateCents(totalMonthlyGrossCostCents: number, employerSubsidyCents = 0): number {
  return Math.round((totalMonthlyGrossCostCents - employerSubsidyCents) * ESTIMATED_RATE_SHARE);
}
/** Savings shown when neither a private leasing rate nor a net rate exists. */
export const DEFAULT_SAVINGS_PERCENT = 30;
