import { cents, mulPpmFloor, ppm, type Cents } from './money.js';
import { dateKey, parseIsoDate, type IsoDate } from './dates.js';
import { resolvePayrollYear, type PayrollYearBasis } from './year-basis.js';
import { PayslipError } from './errors.js';
import { normalizeProfile, type NormalizedProfile } from './profile.js';
import { buildPapInputBase, type PapInputBuffer, type WageTaxCalculator } from './pap-mapping.js';
import { benefitImpact, pensionImpact } from './impact.js';
import { payslipWarnings } from './warnings.js';
import { defaultWageTax, papInputFor } from './wage-tax.js';
import { socialParametersFor, type SocialParameters } from '../social/parameters.js';
import { svContributions, type SvPerson } from '../social/contributions.js';
import { childReductions, childlessSurchargeApplies, svPerson } from '../social/person.js';
import { NO_PKV_ZUSCHUSS, pkvZuschuss } from '../social/pkv.js';
import { arbeitskammerBeitrag } from '../social/arbeitskammer.js';
import { rentenwertFor, type RentenwertEntry } from '../social/rentenwert.js';
import { companyCarBenefit } from '../benefit/company-car.js';
import type { DriveType } from '../benefit/rules.js';
import type {
  LeaseOfferInput,
  PayslipBases,
  PayslipBlock,
  PayslipComparison,
  SalaryProfileInput,
  SalarySacrifice,
} from './types.js';

/** Options of the payslip calculation. */
export interface PayslipOptions {
  /** Wage-tax calculator with the contract of `calculateLohnsteuer` (default: the PAP module). */
  readonly wageTax?: WageTaxCalculator;
}

/** How existing conversions change the wages (cents per month). */
interface WageDeltas {
  /** Paid out of gross salary in cash. */
  readonly cash: number;
  /** Change of the taxable wage: −tax-free conversions + taxable benefits. */
  readonly taxable: number;
  /** Change of the SV wage. */
  readonly sv: number;
}

/** A computed payslip: the spec's block and the wages behind it. */
export interface ComputedPayslip {
  readonly block: PayslipBlock;
  readonly bases: PayslipBases;
}

/**
 * A salary profile prepared for one payment month: validated, converted to cents, its SV rates,
 * PAP inputs and the "before" payslip computed once. Compare any number of offers against it
 * with {@link compareOffer}; the "before" payslip never depends on the offer.
 */
export interface PreparedPayslipProfile {
  /** Payment month. */
  readonly date: IsoDate;
  /** The validated profile in integer units. */
  readonly profile: NormalizedProfile;
  /** Social-insurance parameters of the payment month (of the basis year when provisional). */
  readonly params: SocialParameters;
  /** Which year's rules the figures use; `provisional` when the payment year has none yet (ADR 0035). */
  readonly basis: PayrollYearBasis;
  /** The payslip with the existing conversions only. */
  readonly before: ComputedPayslip;
  /** Existing leasing conversions (bikes, hardware) and their net cost. */
  readonly salarySacrificeBefore: SalarySacrifice;
  /** Internal: everything the per-offer calculation reuses. */
  readonly context: PayslipContext;
}

/** Internal per-profile state of the calculation. */
export interface PayslipContext {
  readonly profile: NormalizedProfile;
  readonly params: SocialParameters;
  readonly person: SvPerson;
  /** The employer pays the PKV/PPV subsidies: they are computed per payslip from its wage. */
  readonly subsidy: boolean;
  /** PAP 2026: the subsidies go into `PKPVAGZ` of every payslip (2025: the PAP computes them). */
  readonly subsidyToPap: boolean;
  readonly rentenwert: RentenwertEntry;
  /** The PAP input of this profile and month; reused for every call, only `RE4` (and 2026 `PKPVAGZ`) change. */
  readonly papInput: PapInputBuffer;
  readonly wageTax: WageTaxCalculator;
  readonly existing: WageDeltas;
}

/**
 * Validates the profile and computes the "before" payslip for the payment month `date`.
 * Throws `PayslipError` (German message) for invalid input, Minijob wages, or a date without
 * parameters.
 */
export function preparePayslipProfile(
  input: SalaryProfileInput,
  date: IsoDate,
  options: PayslipOptions = {},
): PreparedPayslipProfile {
  const payment = parseIsoDate(date, 'date');
  const profile = normalizeProfile(input);
  // A payment year without its PAP and SV values yet is computed with the latest known year's rules
  // and marked provisional; the person's age and children still count at the real payment date.
  const basis = resolvePayrollYear(date);
  const rulesKey = dateKey(basis.rulesDate);
  const params = socialParametersFor(rulesKey);
  const person = svPerson(profile, payment, params);
  const subsidy = !profile.statutoryHealth && profile.arbeitgeberzuschuss;
  const pvFlags = {
    surcharge: profile.statutoryHealth && childlessSurchargeApplies(profile, payment, params),
    reductions: profile.statutoryHealth ? childReductions(profile, params) : 0,
  };
  const context: PayslipContext = {
    profile,
    params,
    person,
    subsidy,
    subsidyToPap: subsidy && params.papDialect === '2026',
    rentenwert: rentenwertFor(rulesKey),
    papInput: papInputFor(basis.rulesDate, buildPapInputBase(profile, params, payment.year, pvFlags)),
    wageTax: options.wageTax ?? defaultWageTax,
    existing: existingDeltas(profile, params, true),
  };
  const before = computePayslip(context, context.existing, cents(0), cents(0));
  return { date, profile, params, basis, before, salarySacrificeBefore: sacrificeBefore(context, before), context };
}

/**
 * Compares one lease offer against a prepared profile: the "after" payslip with the car's rate
 * converted from gross salary and its non-cash benefit added, the net rate, and the impact on
 * pension and benefits. All amounts in integer cents.
 */
export function compareOffer(prepared: PreparedPayslipProfile, offerInput: LeaseOfferInput): PayslipComparison {
  const ctx = prepared.context;
  const offer = normalizeOffer(offerInput);
  const car = companyCarBenefit({
    listPrice: offer.listPrice,
    driveType: offer.driveType,
    acquired: offer.acquired,
    distanceKm: ctx.profile.distanceKm,
    commutingDays: ctx.profile.commutingDays,
    singleAssessment: offer.singleAssessment ?? ctx.profile.singleAssessment,
  });
  const converted = cents(offer.rate - offer.employerContribution);
  const nonCash = cents(car.privateUse + car.commuting);
  const after = computePayslip(ctx, ctx.existing, converted, nonCash);
  const before = prepared.before;
  const userPrice = cents(before.block.takeHome - after.block.takeHome);
  return {
    userPrice,
    price: offer.rate,
    before: before.block,
    after: after.block,
    salarySacrificeData: {
      monthlyNetLeasing: userPrice,
      vehicleTaxation: car.privateUse,
      commutingTaxation: car.commuting,
      employerContribution: offer.employerContribution,
      nonCashBenefit: nonCash,
    },
    salarySacrificeBefore: prepared.salarySacrificeBefore,
    pensionImpact: pensionImpact(before.bases, after.bases, ctx.profile.pensionInsurance, ctx.params, ctx.rentenwert),
    benefitImpact: benefitImpact(before.bases, after.bases, ctx.profile, ctx.params),
    companyCar: {
      driveType: offer.driveType,
      rate: car.rule.label,
      source: car.rule.source,
      bemessungsgrundlage: car.bemessungsgrundlage,
      commutingMethod: car.commutingMethod,
      commutingDaysValued: car.commutingDaysValued,
      convertedGross: converted,
    },
    bases: { before: before.bases, after: after.bases },
    warnings: payslipWarnings(before.bases, after.bases, ctx.profile, ctx.params),
    ...(prepared.basis.provisional
      ? { provisional: { year: prepared.basis.requestedYear, basedOnYear: prepared.basis.year } }
      : {}),
  };
}

/** The whole comparison in one call: `compareOffer(preparePayslipProfile(profile, date), offer)`. */
export function calculatePayslipComparison(
  profile: SalaryProfileInput,
  offer: LeaseOfferInput,
  date: IsoDate,
  options: PayslipOptions = {},
): PayslipComparison {
  return compareOffer(preparePayslipProfile(profile, date, options), offer);
}

/**
 * Existing conversions. Bikes (gleich lautende Ländererlasse vom 9.1.2020 zur Überlassung von
 * (Elektro-)Fahrrädern; tax-free under § 3 Nr. 37 EStG only if provided in addition to the wage):
 * the leasing rate leaves gross pay; because it is a conversion, the benefit (1 % of a quarter of
 * the list price, given by the profile) is taxable and SV-liable, and an S-Pedelec (a motor
 * vehicle) adds its commuting benefit. Hardware (§ 3 Nr. 45 EStG; H 3.45 LStH
 * Beispiel 1: no "zusätzlich" requirement): the conversion is tax-free, but SV-liable because §
 * 1 Abs. 1 Satz 1 Nr. 1 SvEV only frees benefits paid in addition to the wage; the benefit is
 * valued at the leasing rate, so the SV wage does not change. bAV (§ 3 Nr. 63 EStG, § 1 Abs. 1
 * Satz 1 Nr. 9 SvEV): tax-free up to 8 % and SV-free up to 4 % of the BBG RV, the excess stays
 * taxable / SV-liable. `withLeasing = false` gives the payslip without bikes and hardware.
 */
function existingDeltas(profile: NormalizedProfile, p: SocialParameters, withLeasing: boolean): WageDeltas {
  const c = profile.conversions;
  const bavTaxFree = Math.min(c.bav, p.bavSteuerfreiMonat);
  const bavSvFree = Math.min(c.bav, p.bavSvFreiMonat);
  if (!withLeasing) return { cash: c.bav, taxable: -bavTaxFree, sv: -bavSvFree };
  const bikes = -c.bikeLeasing + c.bikeBenefitPrivate + c.bikeBenefitCommute;
  return {
    cash: c.bav + c.bikeLeasing + c.hardware,
    taxable: bikes - c.hardware - bavTaxFree,
    sv: bikes - bavSvFree,
  };
}

/** One payslip for given existing conversions plus a car conversion and its benefit. */
function computePayslip(
  ctx: PayslipContext,
  existing: WageDeltas,
  carConverted: Cents,
  carBenefit: Cents,
): ComputedPayslip {
  const { profile, params, person } = ctx;
  const gross = profile.gross;
  const cash = existing.cash + carConverted;
  const taxableWage = gross + existing.taxable - carConverted + carBenefit;
  const svWage = gross + existing.sv - carConverted + carBenefit;
  if (cash > gross || taxableWage < 0) throw conversionTooHigh();
  const sv = svContributions(cents(svWage), person, params);
  // § 257 Abs. 2 SGB V, § 61 Abs. 2 SGB XI: the subsidies follow this payslip's contribution base.
  const zuschuss = ctx.subsidy
    ? pkvZuschuss(profile.beitragPkv, profile.beitragPv, profile.state.pvSachsen, sv.beitragsbasisKv, params)
    : NO_PKV_ZUSCHUSS;
  if (ctx.subsidyToPap) ctx.papInput.PKPVAGZ = zuschuss.kv + zuschuss.pv;
  // Reusing one input object keeps the per-vehicle path allocation-free here; the PAP reads it
  // synchronously and keeps nothing (WageTaxCalculator contract).
  ctx.papInput.RE4 = taxableWage;
  const tax = ctx.wageTax(ctx.papInput);
  const lohnst = Number(tax.LSTLZZ);
  const soli = Number(tax.SOLZLZZ);
  const kirchensteuer = profile.churchTax ? mulPpmFloor(cents(Number(tax.BK)), ppm(profile.state.kirchensteuerPpm)) : 0;
  const kv = profile.statutoryHealth ? sv.krankenversicherung : profile.beitragPkv;
  const pv = profile.statutoryHealth ? sv.pflegeversicherung : profile.beitragPv;
  const land = profile.akb ? profile.state.arbeitskammer : null;
  const ak = land ? arbeitskammerBeitrag(land, cents(taxableWage), sv.beitragsbasisRv, params) : 0;
  const deductions =
    cash + lohnst + soli + kirchensteuer + kv + pv + sv.rentenversicherung + sv.arbeitslosenversicherung + ak;
  return {
    block: {
      brutto: gross,
      adjustedGross: cents(taxableWage),
      lohnst: cents(lohnst),
      soli: cents(soli),
      kirchensteuer: cents(kirchensteuer),
      krankenversicherung: kv,
      pflegeversicherung: pv,
      rentenversicherung: sv.rentenversicherung,
      arbeitslosenversicherung: sv.arbeitslosenversicherung,
      arbeitskammerbeitrag: cents(ak),
      arbeitgeberzuschussPKV: zuschuss.kv,
      arbeitgeberzuschussPV: zuschuss.pv,
      takeHome: cents(gross - deductions + zuschuss.kv + zuschuss.pv),
    },
    bases: {
      taxableWage: cents(taxableWage),
      svWage: cents(svWage),
      cashConversions: cents(cash),
      uebergangsbereich: sv.uebergangsbereich,
    },
  };
}

/**
 * The existing leasing conversions as a sacrifice: their benefits, and their net cost = the
 * payslip without bikes/hardware minus the payslip with them (one extra PAP call per profile,
 * only if there are such conversions).
 */
function sacrificeBefore(ctx: PayslipContext, before: ComputedPayslip): SalarySacrifice {
  const c = ctx.profile.conversions;
  const hasLeasing = c.bikeLeasing + c.hardware + c.bikeBenefitPrivate + c.bikeBenefitCommute > 0;
  const net = hasLeasing
    ? computePayslip(ctx, existingDeltas(ctx.profile, ctx.params, false), cents(0), cents(0)).block.takeHome -
      before.block.takeHome
    : 0;
  return {
    monthlyNetLeasing: cents(net),
    vehicleTaxation: c.bikeBenefitPrivate,
    commutingTaxation: c.bikeBenefitCommute,
    employerContribution: cents(0),
    nonCashBenefit: cents(c.bikeBenefitPrivate + c.bikeBenefitCommute),
  };
}

function conversionTooHigh(): PayslipError {
  return new PayslipError(
    'CONVERSION_EXCEEDS_SALARY',
    'Die umgewandelten Beträge übersteigen das Bruttogehalt; eine Gehaltsumwandlung in dieser Höhe ist nicht möglich.',
  );
}

interface NormalizedOffer {
  readonly listPrice: Cents;
  readonly rate: Cents;
  readonly employerContribution: Cents;
  readonly driveType: DriveType;
  readonly acquired: number;
  /** Null: the profile decides. */
  readonly singleAssessment: boolean | null;
}

const DRIVE_TYPES: readonly DriveType[] = ['BEV', 'PHEV', 'ICE'];

function normalizeOffer(offer: LeaseOfferInput): NormalizedOffer {
  if (typeof offer !== 'object' || offer === null) throw new PayslipError('INVALID_INPUT', 'Angebot fehlt.');
  const rate = centsField(offer.monthlyGrossRateCents, 'monthlyGrossRateCents');
  const employerContribution =
    offer.employerContributionCents === undefined || offer.employerContributionCents === null
      ? cents(0)
      : centsField(offer.employerContributionCents, 'employerContributionCents');
  if (employerContribution > rate) {
    throw new PayslipError('INVALID_INPUT', 'employerContributionCents: darf die Monatsrate nicht übersteigen.');
  }
  const driveType = offer.driveType ?? 'BEV';
  if (!DRIVE_TYPES.includes(driveType))
    throw new PayslipError('INVALID_INPUT', 'driveType: BEV, PHEV oder ICE erwartet.');
  return {
    listPrice: centsField(offer.listPriceGrossCents, 'listPriceGrossCents'),
    rate,
    employerContribution,
    driveType,
    acquired: acquisitionKey(offer.acquisitionDate),
    singleAssessment:
      offer.useSingleAssessment === undefined || offer.useSingleAssessment === null
        ? null
        : offer.useSingleAssessment === true,
  };
}

/** Parsed acquisition dates: a search compares many offers with the same few dates. */
const acquisitionKeys = new Map<unknown, number>();

function acquisitionKey(value: unknown): number {
  const cached = acquisitionKeys.get(value);
  if (cached !== undefined) return cached;
  const key = parseIsoDate(value, 'acquisitionDate').key;
  if (acquisitionKeys.size >= 4096) acquisitionKeys.clear();
  acquisitionKeys.set(value, key);
  return key;
}

function centsField(value: unknown, field: string): Cents {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new PayslipError('INVALID_INPUT', `${field}: nicht negative ganze Zahl (Cent) erwartet.`);
  }
  return cents(value);
}
