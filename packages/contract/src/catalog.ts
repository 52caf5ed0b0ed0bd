import { z } from 'zod/mini';

/** Money in the API is EUR with at most two decimals (exact cents inside the server). */
const Eur = z.number();

export const TiresSchema = z.enum(['ALL_SEASON', 'SUMMER_WINTER_SETS']);
export type Tires = z.infer<typeof TiresSchema>;
export const DeliveryOptionSchema = z.enum(['HOME', 'COMPANY', 'DEALER']);
export type DeliveryOption = z.infer<typeof DeliveryOptionSchema>;
export const DURATION_OPTIONS = [24, 36, 48] as const;

/** A comma-separated list in the query string (spec 7); empty entries are ignored. */
const commaList = (maxItems: number) =>
  z.pipe(
    z.pipe(
      z.string().check(z.maxLength(2_000)),
      z.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part.length > 0),
      ),
    ),
    z.array(z.string().check(z.maxLength(100))).check(z.maxLength(maxItems)),
  );

/**
 * The orders of the search besides the default (brand, then model; ADR 0062): `rate` the net rate the
 * person sees, cheapest first; `range` the longest range first; `delivery` the shortest delivery time
 * first (a time on request last); `price` the lowest list price first.
 */
export const CatalogSorts = ['rate', 'range', 'delivery', 'price'] as const;
export const CatalogSortSchema = z.enum(CatalogSorts);
export type CatalogSort = z.infer<typeof CatalogSortSchema>;

/** The largest values the search's number filters accept (a minimum range in km, a maximum rate in EUR). */
export const SEARCH_MIN_RANGE_MAX_KM = 2_000;
export const SEARCH_MAX_RATE_MAX_EUR = 10_000;

/** A whole number from the query string, `0..max`. */
const wholeNumber = (max: number) => z.coerce.number().check(z.int(), z.gte(0), z.lte(max));

export const SearchQuerySchema = z.strictObject({
  manufacturerIds: z.optional(commaList(50)),
  modelIds: z.optional(commaList(200)),
  sort: z.optional(CatalogSortSchema),
  /** Only cars with at least this range, km. */
  minRangeKm: z.optional(wholeNumber(SEARCH_MIN_RANGE_MAX_KM)),
  /** Only cars whose net rate, as the person sees it (whole euros), is at most this, EUR per month. */
  maxRateEur: z.optional(wholeNumber(SEARCH_MAX_RATE_MAX_EUR)),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const ModelsQuerySchema = z.strictObject({ manufacturerIds: z.optional(commaList(50)) });

/**
 * Personal net rates computed with an earlier year's rules because the payment year's wage-tax plan
 * (PAP) and social-insurance values are not in the system yet (ADR 0035): `year` is the payment year,
 * `basedOnYear` the year whose rules were used. The web shows such rates as "vorläufig".
 */
export const ProvisionalRateSchema = z.object({
  year: z.number().check(z.int()),
  basedOnYear: z.number().check(z.int()),
});
export type ProvisionalRate = z.infer<typeof ProvisionalRateSchema>;

/** Spec 3 "Vehicle summary". Rates are monthly EUR. */
export const VehicleSummarySchema = z.object({
  id: z.string(),
  brand: z.string(),
  model: z.string(),
  trimLevel: z.nullable(z.string()),
  maximumPowerKw: z.number(),
  rangeKm: z.number(),
  mainPhotoUrl: z.nullable(z.string()),
  /** The cheapest private-leasing comparison rate. */
  leaseFrom: Eur,
  /** The user's cheapest net rate; absent while the salary profile is incomplete. */
  yourLeaseFrom: z.nullable(Eur),
  /** Set when `yourLeaseFrom` is provisional (computed with an earlier year's rules); absent or null otherwise. */
  rateProvisional: z.optional(z.nullable(ProvisionalRateSchema)),
  /** The estimate of the cheapest package: 70 % of its total monthly gross cost less the employer's subsidy. */
  estimateLeaseFrom: Eur,
  listPrice: Eur,
  consumption: z.nullable(z.number()),
  deliveryFromWeeks: z.nullable(z.number()),
  deliveryToWeeks: z.nullable(z.number()),
  approximate: z.boolean(),
});
export type VehicleSummary = z.infer<typeof VehicleSummarySchema>;

/** Spec 3 "Lease package". */
export const LeasePackageSchema = z.object({
  id: z.string(),
  durationMonths: z.number(),
  kmPerYear: z.number(),
  tires: TiresSchema,
  /** The user's net monthly rate for this package; null while the salary profile is incomplete. */
  userPrice: z.nullable(Eur),
  grossComparisonCostEur: Eur,
  grossRetailPriceEur: Eur,
  totalMonthlyGrossCostEur: Eur,
  maintenanceAndServicingIncluded: z.boolean(),
  vehicleInsuranceIncluded: z.boolean(),
  tirePackageIncluded: z.boolean(),
  tireChangeIncluded: z.boolean(),
  rateInsuranceIncluded: z.boolean(),
  /** EUR per km, up to 4 decimals. */
  costsMoreKilometers: z.number(),
  reimbursementLessKilometers: z.number(),
  excessMileageAllowance: z.number(),
  exemptionLimitLessKilometers: z.number(),
  capFewerKilometers: z.number(),
  capExtraKilometers: z.number(),
});
export type LeasePackage = z.infer<typeof LeasePackageSchema>;

/**
 * A package's kilometre rules as an order froze them, which the return settles by and the mileage
 * forecast reads (EUR per km with up to 4 decimals, km): `excessMileageAllowance` extra km over the
 * whole term are not charged, `exemptionLimitLessKilometers` fewer km are not refunded, at most
 * `capFewerKilometers` fewer km are refunded, at most `capExtraKilometers` extra km are charged at the
 * per-km rate (beyond that the contract is recalculated). `contractKm`: the whole term's kilometres
 * after a package change (ADR 0058); without it km per year × months / 12.
 */
export type KilometreRules = Pick<
  LeasePackage,
  | 'durationMonths'
  | 'kmPerYear'
  | 'costsMoreKilometers'
  | 'reimbursementLessKilometers'
  | 'excessMileageAllowance'
  | 'exemptionLimitLessKilometers'
  | 'capFewerKilometers'
  | 'capExtraKilometers'
> & { contractKm?: number };

/** A lease package as the vehicle page offers it (an order's frozen package has no estimate). */
export const VehicleLeasePackageSchema = z.extend(LeasePackageSchema, {
  /**
   * The estimated net rate while the salary profile is incomplete: 70 % of the total monthly gross
   * cost less the employer's subsidy (`estimatedNetRateCents`).
   */
  estimatedUserPrice: Eur,
});
export type VehicleLeasePackage = z.infer<typeof VehicleLeasePackageSchema>;

/**
 * A car as the product names it everywhere (page titles, mails, lists, reminders): brand and model,
 * without the trim level, which the vehicle page shows on its own.
 */
export function carName(car: { brand: string; carModel: string }): string {
  return `${car.brand} ${car.carModel}`;
}

/** Spec 3 "Vehicle" (detail). */
export const VehicleSchema = z.object({
  id: z.string(),
  brand: z.string(),
  carModel: z.string(),
  trimLevel: z.nullable(z.string()),
  maximumPowerKw: z.number(),
  rangeKm: z.number(),
  batteryKwh: z.number(),
  consumption: z.nullable(z.number()),
  listPrice: Eur,
  mainPhotoUrl: z.nullable(z.string()),
  otherPhotos: z.array(z.string()),
  pictureUrls: z.array(z.string()),
  colors: z.array(z.string()),
  deliveryOptions: z.array(DeliveryOptionSchema),
  deliveryFromWeeks: z.nullable(z.number()),
  deliveryToWeeks: z.nullable(z.number()),
  vehicleDetails: z.object({
    technicalDetails: z.nullable(z.string()),
    standardEquipment: z.nullable(z.string()),
    specialEquipment: z.nullable(z.string()),
  }),
  leasePackages: z.array(VehicleLeasePackageSchema),
  approximate: z.boolean(),
  /** Set when the packages' `userPrice`s are provisional (computed with an earlier year's rules). */
  rateProvisional: z.optional(z.nullable(ProvisionalRateSchema)),
});
export type Vehicle = z.infer<typeof VehicleSchema>;

export const VehicleIdParamsSchema = z.object({ vehicleId: z.uuid() });
export const LeasePackageIdParamsSchema = z.object({ id: z.uuid() });

/** Spec 3 "Tax result": one payslip block, monthly EUR. */
export const PayslipBlockSchema = z.object({
  brutto: Eur,
  adjustedGross: Eur,
  lohnst: Eur,
  soli: Eur,
  kirchensteuer: Eur,
  krankenversicherung: Eur,
  pflegeversicherung: Eur,
  rentenversicherung: Eur,
  arbeitslosenversicherung: Eur,
  arbeitskammerbeitrag: Eur,
  arbeitgeberzuschussPKV: Eur,
  arbeitgeberzuschussPV: Eur,
  takeHome: Eur,
});
export const SalarySacrificeSchema = z.object({
  monthlyNetLeasing: Eur,
  vehicleTaxation: Eur,
  commutingTaxation: Eur,
  employerContribution: Eur,
  nonCashBenefit: Eur,
});
export const PensionImpactSchema = z.object({
  /** Fewer Entgeltpunkte per year through the lower pension-insurance base. */
  entgeltpunkteLossPerYear: z.number(),
  /** Estimated monthly pension reduction per year of conversion, EUR, at today's Rentenwert. */
  monthlyPensionLossPerYear: Eur,
  notes: z.array(z.string()),
});
/**
 * A legal limit the salary conversion takes the employee below (machine-readable; the web words it).
 * JAEG_UNDERRUN: a privately insured employee's regular annual wage falls below the
 * Jahresarbeitsentgeltgrenze (statutory health insurance may become compulsory); MIDIJOB_RANGE: the
 * monthly SV wage falls into the Übergangsbereich; BELOW_MINIMUM_WAGE: the cash wage left falls below
 * the minimum wage of a full-time month (40 hours a week).
 */
export const TaxWarningCodeSchema = z.enum(['JAEG_UNDERRUN', 'MIDIJOB_RANGE', 'BELOW_MINIMUM_WAGE']);
export type TaxWarningCode = z.infer<typeof TaxWarningCodeSchema>;
export const TaxWarningSchema = z.object({
  code: TaxWarningCodeSchema,
  /** Period of `limit`, `wage` and `shortfall`: YEAR for JAEG_UNDERRUN, MONTH otherwise. */
  period: z.enum(['YEAR', 'MONTH']),
  /** The limit, EUR. */
  limit: Eur,
  /** The employee's wage after the conversion, EUR, measured as the limit is. */
  wage: Eur,
  /** limit − wage, EUR. */
  shortfall: Eur,
  /** Plain German explanation. */
  message: z.string(),
});
export type TaxWarning = z.infer<typeof TaxWarningSchema>;
/**
 * PROVISIONAL_YEAR: the payment year's wage-tax plan (PAP) and social-insurance values are not in the
 * system yet; every figure of the result was computed with the rules of `basedOnYear` (ADR 0035).
 */
export const ProvisionalYearWarningSchema = z.object({
  code: z.literal('PROVISIONAL_YEAR'),
  /** Plain German explanation. */
  message: z.string(),
  /** The payment year the result is for. */
  year: z.number().check(z.int()),
  /** The year whose rules were used. */
  basedOnYear: z.number().check(z.int()),
});
export type ProvisionalYearWarning = z.infer<typeof ProvisionalYearWarningSchema>;
/** Any warning of a tax result: a legal limit, or figures computed with an earlier year's rules. */
export const TaxResultWarningSchema = z.union([TaxWarningSchema, ProvisionalYearWarningSchema]);
export type TaxResultWarning = z.infer<typeof TaxResultWarningSchema>;

export const TaxResultSchema = z.object({
  userPrice: Eur,
  price: Eur,
  before: PayslipBlockSchema,
  after: PayslipBlockSchema,
  salarySacrificeData: SalarySacrificeSchema,
  salarySacrificeBefore: SalarySacrificeSchema,
  pensionImpact: z.optional(PensionImpactSchema),
  /**
   * Limits the conversion takes the employee below, and `PROVISIONAL_YEAR` when the figures use an
   * earlier year's rules; absent in results stored before it existed.
   */
  warnings: z.optional(z.array(TaxResultWarningSchema)),
  /** The payment month the calculation is for (ISO date). */
  calculatedFor: z.string(),
});
export type TaxResult = z.infer<typeof TaxResultSchema>;

/**
 * Why the employer's programme refuses to order a package (machine-readable; the web words it,
 * `message` is the German sentence the order refusal carries):
 * BRAND_NOT_OFFERED: the brand is not in the programme; ABOVE_LIST_PRICE_CAP: the list price is over
 * the employer's limit; ABOVE_RATE_CAP: the package's monthly gross rate (before any subsidy) is over
 * the employer's limit; BELOW_MINIMUM_GROSS: the gross pay left after the conversion would fall below
 * the employer's minimum.
 */
export const PolicyRefusalCodeSchema = z.enum([
  'BRAND_NOT_OFFERED',
  'ABOVE_LIST_PRICE_CAP',
  'ABOVE_RATE_CAP',
  'BELOW_MINIMUM_GROSS',
]);
export type PolicyRefusalCode = z.infer<typeof PolicyRefusalCodeSchema>;
export const PolicyRefusalSchema = z.discriminatedUnion('code', [
  z.object({ code: z.literal('BRAND_NOT_OFFERED'), brand: z.string(), message: z.string() }),
  z.object({
    code: z.literal('ABOVE_LIST_PRICE_CAP'),
    /** The employer's limit, EUR. */
    maxListPriceEur: Eur,
    listPriceEur: Eur,
    message: z.string(),
  }),
  z.object({
    code: z.literal('ABOVE_RATE_CAP'),
    /** The employer's limit on the monthly gross rate, EUR. */
    maxMonthlyGrossRateEur: Eur,
    /** The package's monthly gross rate, EUR. */
    grossRateEur: Eur,
    message: z.string(),
  }),
  z.object({
    code: z.literal('BELOW_MINIMUM_GROSS'),
    /** The employer's minimum monthly gross pay after the conversion, EUR. */
    minimumGrossEur: Eur,
    /** The employee's monthly gross pay after the conversion, EUR. */
    grossAfterEur: Eur,
    /** minimumGrossEur − grossAfterEur, EUR. */
    shortfallEur: Eur,
    message: z.string(),
  }),
]);
export type PolicyRefusal = z.infer<typeof PolicyRefusalSchema>;
/**
 * The employer programme's verdict on ordering this package, for the asking employee: the same check
 * `POST /v1/order` makes. `orderable` is false exactly when `reasons` is not empty.
 */
export const PolicyVerdictSchema = z.object({
  orderable: z.boolean(),
  reasons: z.array(PolicyRefusalSchema),
  /** The version of the employer's policy the verdict is for (0 = the defaults). */
  policyVersion: z.number().check(z.int()),
});
export type PolicyVerdict = z.infer<typeof PolicyVerdictSchema>;

/**
 * `GET /v1/lease-packages/{id}/tax`: the tax result plus the programme's verdict (kept apart from the
 * legal `warnings`, which never block an order). Orders store the plain tax result.
 */
export const PackageTaxResultSchema = z.extend(TaxResultSchema, { policy: PolicyVerdictSchema });
export type PackageTaxResult = z.infer<typeof PackageTaxResultSchema>;
