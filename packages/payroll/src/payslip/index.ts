/**
 * Payslip comparison for salary conversion: social insurance, church tax, solidarity surcharge
 * (from the PAP), Arbeitskammer, the company e-car benefit and the before/after payslip.
 * Pure functions, integer cents throughout.
 */
export {
  calculatePayslipComparison,
  compareOffer,
  preparePayslipProfile,
  type ComputedPayslip,
  type PayslipContext,
  type PayslipOptions,
  type PreparedPayslipProfile,
} from './compare.js';
export {
  latestKnownPayrollYear,
  provisionalYearMessage,
  resolvePayrollYear,
  type PayrollYearBasis,
} from './year-basis.js';
export { createPayslipLineHandler } from './json-lines.js';
export type {
  BenefitImpact,
  CompanyCarDetails,
  FederalStateCode,
  HealthInsuranceType,
  LeaseOfferInput,
  PayslipBases,
  PayslipBlock,
  PayslipComparison,
  PayslipWarning,
  PayslipWarningCode,
  PensionImpact,
  SalaryConversionInput,
  SalaryConversionType,
  SalaryProfileInput,
  SalarySacrifice,
  Steuerklasse,
} from './types.js';
export { PayslipError, type PayslipErrorCode } from './errors.js';
export { eurToCents, formatEur, type Cents, type EurInput, type Ppm } from './money.js';
export type { IsoDate } from './dates.js';
export { normalizeProfile, FEDERAL_STATES, type FederalStateFacts, type NormalizedProfile } from './profile.js';
export type { PapInputBuffer, WageTaxInput, WageTaxResult, WageTaxCalculator } from './pap-mapping.js';
export {
  SOCIAL_PARAMETER_SETS,
  socialParameterRegistry,
  socialParametersFor,
  type PapDialect,
  type SocialParameterSet,
  type SocialParameters,
} from '../social/parameters.js';
export { RENTENWERT_TABLE, type RentenwertEntry } from '../social/rentenwert.js';
export { svContributions, type SvContributions, type SvPerson } from '../social/contributions.js';
export { uebergangsbereichBases, type UebergangsbereichBases } from '../social/uebergangsbereich.js';
export { pkvZuschuss, pkvZuschussRateKv, pkvZuschussRatePv, type PkvZuschuss } from '../social/pkv.js';
export { FULL_TIME_HOURS_PER_WEEK, minimumWageMonth, payslipWarnings } from './warnings.js';
export { arbeitskammerBeitrag, type ArbeitskammerLand } from '../social/arbeitskammer.js';
export {
  COMPANY_CAR_RULES,
  findCompanyCarRule,
  type CompanyCarRule,
  type DriveType,
  type ListPriceShare,
} from '../benefit/rules.js';
export {
  bemessungsgrundlage,
  companyCarBenefit,
  type CommutingMethod,
  type CompanyCarBenefit,
  type CompanyCarInput,
} from '../benefit/company-car.js';
