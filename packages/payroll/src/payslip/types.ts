import type { Cents, EurInput } from './money.js';
import type { IsoDate } from './dates.js';
import type { CommutingMethod } from '../benefit/company-car.js';
import type { DriveType } from '../benefit/rules.js';

/** Federal state codes of the salary profile (BA = Berlin-West, BN = Berlin-Ost). */
export type FederalStateCode =
  'BW' | 'BY' | 'BA' | 'BN' | 'BB' | 'HB' | 'HH' | 'HE' | 'MV' | 'NI' | 'NW' | 'RP' | 'SL' | 'SN' | 'ST' | 'SH' | 'TH';

/** Lohnsteuerklasse I–VI. */
export type Steuerklasse = 1 | 2 | 3 | 4 | 5 | 6;

/** Statutory (GKV) or private (PKV) health insurance. */
export type HealthInsuranceType = 'STATUTORY' | 'PRIVATE';

/** Kinds of salary conversion already in place (the spec's `conversationType`). */
export type SalaryConversionType =
  'BIKE_LEASING_UNDER_25' | 'BIKE_LEASING_OVER_25' | 'HARDWARE_LEASING' | 'COMPANY_PENSION_PLAN';

/** An existing salary conversion, EUR per month, in the spec's field names. */
export interface SalaryConversionInput {
  readonly id?: string | number | null;
  readonly conversationType: SalaryConversionType;
  /** Bikes: monthly leasing rate converted from gross salary. */
  readonly leasingRate?: EurInput | null;
  /** Bikes: monthly non-cash benefit for private use (taxed, because it is a conversion). */
  readonly monetaryBenefitPrivateUse?: EurInput | null;
  /** S-Pedelec (over 25 km/h, a motor vehicle): monthly commuting benefit. */
  readonly monetaryBenefitCommuteToWork?: EurInput | null;
  /** Hardware leasing and company pension plan: monthly converted amount. */
  readonly salaryConversionAmount?: EurInput | null;
}

/**
 * The spec's salary profile (`salaryInfo`), money in EUR as numbers (at most two decimals) or
 * decimal strings. It is converted to integer cents at once and validated against the spec's
 * limits; violations raise a `PayslipError` with code `INVALID_INPUT`.
 */
export interface SalaryProfileInput {
  readonly federalState: FederalStateCode;
  /** ISO date of birth. */
  readonly dateOfBirth: IsoDate;
  /** Contractual gross monthly salary, 1..200,000 EUR. */
  readonly grossMonthlySalaryEur: EurInput;
  readonly taxClass: number;
  /** Factor (Faktorverfahren) of tax class IV, 0..1 with up to three decimals; 0 or absent = none. */
  readonly spouseFactor?: number | string | null;
  /** Freibetrag from the ELStAM as an ANNUAL amount in EUR (0..200,000); converted to the month. */
  readonly taxAllowance: EurInput;
  /** Whether the employee has (or had) children: parent status for the PV surcharge. */
  readonly children: boolean;
  /** Children under 25 (0..6, 6 = "6 or more"): PV reductions for the 2nd to 5th child. */
  readonly childrenUnder25: number;
  /** Kinderfreibeträge (0..10, step 0.5) = PAP `ZKF`. */
  readonly childrenAllowances: number | string;
  /** Statutory pension insurance. */
  readonly pensionInsurance: boolean;
  /** Statutory unemployment insurance. */
  readonly unemploymentInsurance: boolean;
  readonly churchTax: boolean;
  /** Member of the Arbeitnehmerkammer (HB) / Arbeitskammer (SL); ignored in other states. */
  readonly akb?: boolean | null;
  readonly healthInsurance: HealthInsuranceType;
  /** GKV: insurer's general rate in percent (14.6, or 14.0 reduced); the employee pays half. */
  readonly basicRateHealthInsurance?: number | string | null;
  /** GKV: insurer's Zusatzbeitrag in percent (e.g. 2.9); the employee pays half; = PAP `KVZ`. */
  readonly additionalAmountHealthInsurance?: number | string | null;
  /** PKV: whether the employer pays the subsidies of § 257 SGB V / § 61 SGB XI. */
  readonly arbeitgeberzuschuss?: boolean | null;
  /** PKV: monthly health insurance premium, EUR. */
  readonly beitragPkv?: EurInput | null;
  /** PKV: monthly long-term-care insurance premium, EUR. */
  readonly beitragPv?: EurInput | null;
  /** PKV: tax-relevant basic premium (Basisabsicherung KV + PV), EUR/month = PAP `PKPV`. */
  readonly basisbeitragSteuerrelevant?: EurInput | null;
  /** Existing company pension plan by salary conversion, EUR/month. */
  readonly companyPensionPlan?: EurInput | null;
  /** One-way distance home – work in km (full kilometres count). */
  readonly arrivalKilometers: number | string;
  /** Commuting days per month (0..31): the trips of the per-trip reading. */
  readonly arrivalNumber: number;
  /**
   * The employee's choice of the per-trip reading of the commute (Einzelbewertung, § 8 Abs. 2 Satz 5
   * EStG: 0.002 % of the list price per km and trip, at most 180 trips a year) instead of 0.03 % per
   * km and month; default false. An offer's `useSingleAssessment` overrides it.
   */
  readonly commuteSingleAssessment?: boolean | null;
  readonly salaryConversions?: readonly SalaryConversionInput[] | null;
}

/** A lease offer for one vehicle, money already in integer cents. */
export interface LeaseOfferInput {
  /** Gross list price incl. options and VAT. */
  readonly listPriceGrossCents: number;
  /** The lease package's total monthly gross cost: what is converted from gross salary. */
  readonly monthlyGrossRateCents: number;
  /** Optional employer contribution to the rate; only the rest is converted. */
  readonly employerContributionCents?: number | null;
  /** Default BEV. */
  readonly driveType?: DriveType | null;
  /** Date the car is acquired/handed over: chooses the benefit rule. */
  readonly acquisitionDate: IsoDate;
  /**
   * 0.002 % per km and commuting day instead of 0.03 % per km and month; null or absent: the
   * profile's `commuteSingleAssessment`.
   */
  readonly useSingleAssessment?: boolean | null;
}

/** One payslip (before or after the conversion). All amounts are integer cents per month. */
export interface PayslipBlock {
  /** Contractual gross salary. */
  readonly brutto: Cents;
  /** Taxable wage (PAP `RE4`): gross − conversions + non-cash benefits. */
  readonly adjustedGross: Cents;
  readonly lohnst: Cents;
  readonly soli: Cents;
  readonly kirchensteuer: Cents;
  /** GKV employee share incl. half the Zusatzbeitrag, or the full PKV premium. */
  readonly krankenversicherung: Cents;
  /** SPV employee share, or the full private PV premium. */
  readonly pflegeversicherung: Cents;
  readonly rentenversicherung: Cents;
  readonly arbeitslosenversicherung: Cents;
  readonly arbeitskammerbeitrag: Cents;
  /** Tax-free employer subsidy to the PKV premium, paid out with the net salary. */
  readonly arbeitgeberzuschussPKV: Cents;
  /** Tax-free employer subsidy to the private PV premium. */
  readonly arbeitgeberzuschussPV: Cents;
  /**
   * What the employee keeps: brutto − all cash conversions − taxes − employee SV (or PKV/PPV
   * premiums) − chamber contribution + employer subsidies.
   */
  readonly takeHome: Cents;
}

/** Non-cash benefit and costs of salary sacrifices (integer cents per month). */
export interface SalarySacrifice {
  /** Net cost to the employee: the drop in takeHome caused by the sacrifice(s). */
  readonly monthlyNetLeasing: Cents;
  /** Benefit for private use. */
  readonly vehicleTaxation: Cents;
  /** Benefit for commuting. */
  readonly commutingTaxation: Cents;
  readonly employerContribution: Cents;
  /** vehicleTaxation + commutingTaxation. */
  readonly nonCashBenefit: Cents;
}

/** Wages the block was computed from (integer cents per month). */
export interface PayslipBases {
  /** Taxable wage = PAP `RE4`. */
  readonly taxableWage: Cents;
  /** Regular wage subject to social insurance (before ceilings). */
  readonly svWage: Cents;
  /** All amounts converted from gross salary in cash (leasing rates, bAV, the car). */
  readonly cashConversions: Cents;
  /** Whether the Übergangsbereich (Midijob) formula applied. */
  readonly uebergangsbereich: boolean;
}

/** What the conversion does to the statutory pension. */
export interface PensionImpact {
  /** False if the employee is not in the statutory pension insurance. */
  readonly applies: boolean;
  /** Drop of the RV-relevant wage (up to the BBG RV) over a year. Negative = rise. */
  readonly rvEntgeltReductionPerYear: Cents;
  /** Entgeltpunkte lost per year of conversion, 4 decimals (§ 121 SGB VI). */
  readonly entgeltpunkteReductionPerYear: number;
  /** Monthly pension lost per year of conversion: Entgeltpunkte × aktueller Rentenwert. */
  readonly monthlyPensionReduction: Cents;
  /** Provisional Durchschnittsentgelt of the year used (EUR/year in cents). */
  readonly durchschnittsentgelt: Cents;
  /** Aktueller Rentenwert used. */
  readonly rentenwert: Cents;
  /** True if the Rentenwert is the last known value carried past its period. */
  readonly rentenwertCarriedForward: boolean;
}

/** What the conversion does to wage-replacement benefits. */
export interface BenefitImpact {
  /** Drop of the SV wage per month (negative = rise). */
  readonly svEntgeltReductionPerMonth: Cents;
  /** Drop of the taxable wage per month (negative = rise). */
  readonly taxableWageReductionPerMonth: Cents;
  /** Krankengeld base (SV wage up to the BBG KV) is lower (statutory insurance only). */
  readonly krankengeldReduced: boolean;
  /** Arbeitslosengeld base (SV wage up to the BBG AV) is lower (AV insured only). */
  readonly arbeitslosengeldReduced: boolean;
  /** Elterngeld base (taxable wage) is lower. */
  readonly elterngeldReduced: boolean;
  /** PKV member whose regular wage falls below the Versicherungspflichtgrenze (§ 6 SGB V). */
  readonly versicherungspflichtgrenzeUnterschritten: boolean;
  /** German explanations for the employee. */
  readonly notes: readonly string[];
}

/** Details of the company-car valuation. */
export interface CompanyCarDetails {
  readonly driveType: DriveType;
  /** "0,25 %", "0,5 %" or "1 %" of the full list price. */
  readonly rate: string;
  /** Legal source of the applied rule. */
  readonly source: string;
  /** List price share rounded down to full 100 EUR. */
  readonly bemessungsgrundlage: Cents;
  readonly commutingMethod: CommutingMethod;
  /** Days valued under the single assessment (0 for the monthly flat rate). */
  readonly commutingDaysValued: number;
  /** Converted from gross salary: monthly gross rate − employer contribution. */
  readonly convertedGross: Cents;
}

/** Machine-readable warnings of a comparison (see `warnings.ts`). */
export type PayslipWarningCode = 'JAEG_UNDERRUN' | 'MIDIJOB_RANGE' | 'BELOW_MINIMUM_WAGE';

/**
 * A legal limit the conversion takes the employee below. `limit`, `wage` and `shortfall` are in
 * the limit's own period: per year for `JAEG_UNDERRUN`, per month otherwise.
 */
export interface PayslipWarning {
  readonly code: PayslipWarningCode;
  readonly period: 'YEAR' | 'MONTH';
  /** The limit (Jahresarbeitsentgeltgrenze, Übergangsbereich upper end, minimum wage of a full-time month). */
  readonly limit: Cents;
  /** The employee's wage after the conversion, measured as the limit is. */
  readonly wage: Cents;
  /** `limit − wage`: how far the wage falls short (positive). */
  readonly shortfall: Cents;
  /** Plain German explanation for the employee. */
  readonly message: string;
}

/**
 * The spec's tax result plus pension/benefit impact. Every amount is integer cents per month
 * (the API formats EUR); `userPrice` is the net monthly rate = before.takeHome − after.takeHome.
 */
export interface PayslipComparison {
  readonly userPrice: Cents;
  /** The lease package's monthly gross rate. */
  readonly price: Cents;
  readonly before: PayslipBlock;
  readonly after: PayslipBlock;
  /** The new car. */
  readonly salarySacrificeData: SalarySacrifice;
  /** Existing leasing conversions (bikes, hardware) in the "before" payslip. */
  readonly salarySacrificeBefore: SalarySacrifice;
  readonly pensionImpact: PensionImpact;
  readonly benefitImpact: BenefitImpact;
  readonly companyCar: CompanyCarDetails;
  readonly bases: { readonly before: PayslipBases; readonly after: PayslipBases };
  /** Limits the conversion takes the employee below; empty when there are none. */
  readonly warnings: readonly PayslipWarning[];
  /**
   * Present only when the payment year has no PAP/SV values yet: the figures use the rules of
   * `basedOnYear` instead of `year` (ADR 0035). Absent for a known year.
   */
  readonly provisional?: { readonly year: number; readonly basedOnYear: number };
}
