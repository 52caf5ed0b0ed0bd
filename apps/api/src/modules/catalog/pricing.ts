/**
 * Demo price model of the all-inclusive lease package (spec 3) and of the private-lease comparison
 * rate. Pure functions, integer cents out. The model, every parameter and a worked example are in
 * docs/pricing.md; the figures are market-typical assumptions for a demo, not an offer.
 *
 * Convention: every amount is GROSS, i.e. what the employee converts from the gross salary. The
 * lessor prices net (the employer leases as a business) and 19 % VAT is added on the VAT-able parts;
 * insurance premiums carry 19 % insurance tax instead and are quoted as they are paid.
 */

/** Body class of a vehicle; drives residual values, service costs, tyre sizes and the illustration. */
export type VehicleSegment = 'SMALL' | 'COMPACT' | 'SUV' | 'SEDAN' | 'LARGE_SUV';

export const VEHICLE_SEGMENTS: readonly VehicleSegment[] = ['SMALL', 'COMPACT', 'SUV', 'SEDAN', 'LARGE_SUV'];
export const LEASE_DURATIONS = [24, 36, 48] as const;
export const KM_PER_YEAR_OPTIONS = [10_000, 15_000, 20_000, 25_000, 30_000] as const;
export const TIRE_PACKAGES = ['ALL_SEASON', 'SUMMER_WINTER_SETS'] as const;

export type LeaseDurationMonths = (typeof LEASE_DURATIONS)[number];
export type KmPerYear = (typeof KM_PER_YEAR_OPTIONS)[number];
export type TirePackage = (typeof TIRE_PACKAGES)[number];

/** What the price of one lease package depends on. */
export interface LeasePackageInput {
  /** Manufacturer's gross list price incl. VAT (Bruttolistenpreis) in cents. */
  listPriceGrossCents: number;
  batteryKwh: number;
  powerKw: number;
  segment: VehicleSegment;
  durationMonths: LeaseDurationMonths;
  kmPerYear: KmPerYear;
  tires: TirePackage;
}

/** Monthly gross amounts in cents; they add up exactly to the monthly total. */
export interface MonthlyComponents {
  /** Lease of the car: annuity on the discounted net price down to the residual value, plus VAT. */
  financingCents: number;
  /** Liability and comprehensive cover (Haftpflicht + Vollkasko, 500 EUR excess), incl. insurance tax. */
  insuranceCents: number;
  /** Inspections and wear repairs, plus VAT. */
  maintenanceCents: number;
  /** Tyre wear, and for two sets the winter wheels, changes and storage, plus VAT. */
  tiresCents: number;
  /** Rate insurance (sickness beyond continued pay, parental leave, unemployment), incl. insurance tax. */
  rateInsuranceCents: number;
}

/** Inclusion flags of spec 3. */
export interface LeasePackageFlags {
  maintenanceAndServicingIncluded: boolean;
  vehicleInsuranceIncluded: boolean;
  tirePackageIncluded: boolean;
  tireChangeIncluded: boolean;
  rateInsuranceIncluded: boolean;
}

/** The priced package with the fields of spec 3 (amounts in cents, kilometre rules in EUR and km). */
export interface LeasePackagePrice {
  /** Monthly all-inclusive rate the employee converts from gross salary (sum of `components`). */
  totalMonthlyGrossCostCents: number;
  /** Monthly cost of the same car and services as a private lease (sum of `comparisonComponents`). */
  grossComparisonCostCents: number;
  components: MonthlyComponents;
  comparisonComponents: MonthlyComponents;
  /** VAT contained in the monthly total (financing, maintenance and tyres; not the insurances). */
  vatIncludedCents: number;
  /** Calculated net value of the car at the end of the contract. */
  residualValueCents: number;
  /** Residual value as a share of the net list price, 4 decimals. */
  residualValueRate: number;
  /** Gross charge per kilometre driven beyond the contract kilometres and the tolerance. */
  costsMoreKilometersEurPerKm: number;
  /** Gross refund per kilometre driven less than the contract kilometres beyond the tolerance. */
  reimbursementLessKilometersEurPerKm: number;
  /** Extra kilometres over the whole term that are not charged. */
  excessMileageAllowanceKm: number;
  /** Fewer kilometres over the whole term that are not refunded. */
  exemptionLimitLessKilometersKm: number;
  /** Most fewer kilometres that are refunded. */
  capFewerKilometersKm: number;
  /** Most extra kilometres that may be driven at the per-km charge before the contract is recalculated. */
  capExtraKilometersKm: number;
  /** What the package includes: everything, it is the all-inclusive product. */
  flags: LeasePackageFlags;
}

/** Per-segment figures. */
interface SegmentParameters {
  /** Residual value share of the net list price before duration and mileage deductions. */
  residualBase: number;
  /** Inspections, wipers, filters, brake fluid: net EUR per month. */
  maintenanceFixedNetEurPerMonth: number;
  /** Brakes, suspension and other wear: net EUR per km. */
  maintenanceNetEurPerKm: number;
  /** One tyre of the usual size, net fleet price. */
  tireNetEur: number;
  /** One winter rim (alloy), net fleet price. */
  winterRimNetEur: number;
}

/**
 * The parameter table. Sources: none of these figures is an official one. All are assumptions at a
 * market-typical level for German electric-car leases in 2025/2026, chosen so that the all-inclusive
 * rate lands where salary-conversion offers for these cars are advertised (roughly 1 % of the gross
 * list price plus 70-100 EUR at 36 months / 10,000 km). docs/pricing.md explains each one.
 */
export const PRICING_PARAMETERS = {
  /** German standard VAT rate, § 12 Abs. 1 UStG (fact). */
  vatRate: 0.19,
  fleet: {
    /** Assumption: fleet discount plus manufacturer lease support on the net list price. */
    discountRate: 0.18,
    /** Assumption: effective annual interest of the lessor incl. its margin, monthly compounding. */
    annualInterestRate: 0.0449,
    /** Assumption: the fleet insurance premium is the reference (factor 1). */
    insuranceFactor: 1,
    /** Assumption: fleet prices for workshops and tyres are the reference (factor 1). */
    serviceFactor: 1,
  },
  private: {
    /** Assumption: the dealer discount a private customer typically gets on a lease. */
    discountRate: 0.14,
    /** Assumption: effective annual interest of a private consumer lease. */
    annualInterestRate: 0.0549,
    /** Assumption: a private policy costs about 25 % more than a fleet contract (no fleet rating). */
    insuranceFactor: 1.25,
    /** Assumption: retail workshop and tyre prices are about 15 % above fleet prices. */
    serviceFactor: 1.15,
  },
  /** Assumption: transfer from the factory and registration, net EUR, financed with the car. */
  deliveryAndRegistrationNetEur: 490,
  residual: {
    /** Assumption: value loss per contract year as a share of the net list price. */
    deductionPerYear: 0.05,
    /** Assumption: value loss per 10,000 km driven over the term. */
    deductionPer10000Km: 0.018,
    /** Assumption: larger batteries keep their value better; share per kWh above `batteryReferenceKwh`. */
    batteryAdjustmentPerKwh: 0.0005,
    batteryReferenceKwh: 60,
    batteryAdjustmentLimit: 0.01,
    min: 0.2,
    max: 0.75,
  },
  insurance: {
    /** Assumption: fleet premium incl. insurance tax, EUR per month, by gross list price band (upper bound exclusive). */
    bands: [
      { belowGrossEur: 30_000, eurPerMonth: 46 },
      { belowGrossEur: 40_000, eurPerMonth: 54 },
      { belowGrossEur: 50_000, eurPerMonth: 62 },
      { belowGrossEur: 60_000, eurPerMonth: 71 },
      { belowGrossEur: 80_000, eurPerMonth: 82 },
      { belowGrossEur: Number.POSITIVE_INFINITY, eurPerMonth: 98 },
    ],
    /** Assumption: surcharge per kW above the reference power (type class rises with power). */
    eurPerKwAbove: 0.08,
    referencePowerKw: 100,
    /** Assumption: surcharge per 5,000 km a year above 10,000 km (mileage class). */
    surchargePer5000KmAbove10000: 0.03,
  },
  tires: {
    /** Assumption: tread life of EV tyres (heavier cars, instant torque). */
    lifeKm: 35_000,
    /** Assumption: fitting, balancing and disposal per set of four, net. */
    fittingPerSetNetEur: 60,
    /** Assumption: one change between summer and winter wheels, net; two per year. */
    changeNetEur: 30,
    changesPerYear: 2,
    /** Assumption: storage of the off-season set, net EUR per year. */
    storageNetEurPerYear: 50,
  },
  /** Assumption: rate insurance premium as a share of the other monthly components. */
  rateInsuranceRate: 0.03,
  kilometres: {
    /** Assumption: refund per fewer km as a share of the charge per extra km (lessors refund less). */
    reimbursementShare: 0.6,
    /** Market-typical tolerance: 2,500 km over the term are neither charged nor refunded. */
    excessAllowanceKm: 2_500,
    exemptionLessKm: 2_500,
    /** Assumption: refunds stop at 25 % of the contract kilometres, at most 10,000 km. */
    capFewerShare: 0.25,
    capFewerMaxKm: 10_000,
    /** Assumption: extra km beyond 50 % of the contract kilometres, at most 20,000 km, need a new contract. */
    capExtraShare: 0.5,
    capExtraMaxKm: 20_000,
  },
  segments: {
    SMALL: {
      residualBase: 0.8,
      maintenanceFixedNetEurPerMonth: 9,
      maintenanceNetEurPerKm: 0.008,
      tireNetEur: 95,
      winterRimNetEur: 70,
    },
    COMPACT: {
      residualBase: 0.8,
      maintenanceFixedNetEurPerMonth: 10,
      maintenanceNetEurPerKm: 0.009,
      tireNetEur: 125,
      winterRimNetEur: 90,
    },
    SUV: {
      residualBase: 0.8,
      maintenanceFixedNetEurPerMonth: 11,
      maintenanceNetEurPerKm: 0.01,
      tireNetEur: 155,
      winterRimNetEur: 110,
    },
    SEDAN: {
      residualBase: 0.795,
      maintenanceFixedNetEurPerMonth: 11,
      maintenanceNetEurPerKm: 0.01,
      tireNetEur: 150,
      winterRimNetEur: 110,
    },
    LARGE_SUV: {
      residualBase: 0.78,
      maintenanceFixedNetEurPerMonth: 13,
      maintenanceNetEurPerKm: 0.012,
      tireNetEur: 210,
      winterRimNetEur: 150,
    },
  } satisfies Record<VehicleSegment, SegmentParameters>,
} as const;

/** Pricing terms that differ between the employer lease and a private lease. */
interface Channel {
  discountRate: number;
  annualInterestRate: number;
  insuranceFactor: number;
  serviceFactor: number;
}

const P = PRICING_PARAMETERS;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const toCents = (eur: number) => Math.round(eur * 100);
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const withVat = (netEur: number) => netEur * (1 + P.vatRate);

/**
 * Residual value share of the net list price: the segment base less a deduction per contract year
 * and per 10,000 km driven, corrected for battery size, clamped to a sane range.
 */
export function residualValueRate(input: LeasePackageInput): number {
  const r = P.residual;
  const years = input.durationMonths / 12;
  const totalKm = input.kmPerYear * years;
  const battery = clamp(
    (input.batteryKwh - r.batteryReferenceKwh) * r.batteryAdjustmentPerKwh,
    -r.batteryAdjustmentLimit,
    r.batteryAdjustmentLimit,
  );
  const rate =
    P.segments[input.segment].residualBase - r.deductionPerYear * years - r.deductionPer10000Km * (totalKm / 10_000);
  return round4(clamp(rate + battery, r.min, r.max));
}

/**
 * Lease payment in advance (vorschüssig, as lease rates are due at the start of each month) that
 * amortises `principal` down to `residual` over `months` at the annual rate, compounded monthly.
 */
export function annuityInAdvance(principal: number, residual: number, months: number, annualRate: number): number {
  const i = annualRate / 12;
  if (i === 0) return (principal - residual) / months;
  const discount = Math.pow(1 + i, -months);
  return ((principal - residual * discount) * i) / (1 - discount) / (1 + i);
}

function financingNetEur(input: LeasePackageInput, channel: Channel, residualNetEur: number): number {
  const listNetEur = input.listPriceGrossCents / 100 / (1 + P.vatRate);
  const principal = listNetEur * (1 - channel.discountRate) + P.deliveryAndRegistrationNetEur;
  return annuityInAdvance(principal, residualNetEur, input.durationMonths, channel.annualInterestRate);
}

/** Premium of the list price band; the last band is open-ended. */
function insuranceBandEur(listGrossEur: number): number {
  let eurPerMonth = 0;
  for (const band of P.insurance.bands) {
    eurPerMonth = band.eurPerMonth;
    if (listGrossEur < band.belowGrossEur) break;
  }
  return eurPerMonth;
}

function insuranceEur(input: LeasePackageInput): number {
  const i = P.insurance;
  const power = Math.max(0, input.powerKw - i.referencePowerKw) * i.eurPerKwAbove;
  const mileage = 1 + ((input.kmPerYear - 10_000) / 5_000) * i.surchargePer5000KmAbove10000;
  return (insuranceBandEur(input.listPriceGrossCents / 100) + power) * mileage;
}

function maintenanceNetEur(input: LeasePackageInput): number {
  const s = P.segments[input.segment];
  return s.maintenanceFixedNetEurPerMonth + (s.maintenanceNetEurPerKm * input.kmPerYear) / 12;
}

/** Net cost of tread worn per km for one set of four, fitting included. */
function tireWearNetEurPerKm(segment: VehicleSegment): number {
  return (4 * P.segments[segment].tireNetEur + P.tires.fittingPerSetNetEur) / P.tires.lifeKm;
}

/**
 * All-season: the tread worn over the term. Two sets: the car comes on summer tyres, the package adds
 * a winter set on rims (bought new, no value assumed at return) that shares the wear, plus two
 * changes and storage a year.
 */
function tiresNetEur(input: LeasePackageInput): number {
  const t = P.tires;
  const s = P.segments[input.segment];
  const kmPerMonth = input.kmPerYear / 12;
  const wear = tireWearNetEurPerKm(input.segment) * kmPerMonth;
  if (input.tires === 'ALL_SEASON') return wear;
  const winterSet = (4 * (s.tireNetEur + s.winterRimNetEur)) / input.durationMonths;
  const changes = (t.changeNetEur * t.changesPerYear + t.storageNetEurPerYear) / 12;
  return winterSet + wear / 2 + changes;
}

function monthlyComponents(input: LeasePackageInput, channel: Channel, residualNetEur: number) {
  const financing = toCents(withVat(financingNetEur(input, channel, residualNetEur)));
  const insurance = toCents(insuranceEur(input) * channel.insuranceFactor);
  const maintenance = toCents(withVat(maintenanceNetEur(input) * channel.serviceFactor));
  const tires = toCents(withVat(tiresNetEur(input) * channel.serviceFactor));
  const rateInsurance = Math.round((financing + insurance + maintenance + tires) * P.rateInsuranceRate);
  const components: MonthlyComponents = {
    financingCents: financing,
    insuranceCents: insurance,
    maintenanceCents: maintenance,
    tiresCents: tires,
    rateInsuranceCents: rateInsurance,
  };
  return components;
}

const sumComponents = (c: MonthlyComponents) =>
  c.financingCents + c.insuranceCents + c.maintenanceCents + c.tiresCents + c.rateInsuranceCents;

/** The VAT inside the VAT-able components (gross × 19/119). */
const vatOf = (c: MonthlyComponents) =>
  Math.round(((c.financingCents + c.maintenanceCents + c.tiresCents) * P.vatRate) / (1 + P.vatRate));

/**
 * Charge per extra km: the residual value lost per km plus maintenance and tyre wear per km, gross.
 * The refund per fewer km is a fixed share of it.
 */
function kilometreRules(input: LeasePackageInput) {
  const k = P.kilometres;
  const listNetEur = input.listPriceGrossCents / 100 / (1 + P.vatRate);
  const valueLossPerKm = (listNetEur * P.residual.deductionPer10000Km) / 10_000;
  const serviceNetPerKm = P.segments[input.segment].maintenanceNetEurPerKm + tireWearNetEurPerKm(input.segment);
  const more = round4(withVat(valueLossPerKm + serviceNetPerKm));
  const contractKm = (input.kmPerYear * input.durationMonths) / 12;
  const roundDown500 = (km: number) => Math.floor(km / 500) * 500;
  return {
    costsMoreKilometersEurPerKm: more,
    reimbursementLessKilometersEurPerKm: round4(more * k.reimbursementShare),
    excessMileageAllowanceKm: k.excessAllowanceKm,
    exemptionLimitLessKilometersKm: k.exemptionLessKm,
    capFewerKilometersKm: Math.min(k.capFewerMaxKm, roundDown500(contractKm * k.capFewerShare)),
    capExtraKilometersKm: Math.min(k.capExtraMaxKm, roundDown500(contractKm * k.capExtraShare)),
  };
}

function assertInput(input: LeasePackageInput): void {
  const valid =
    Number.isInteger(input.listPriceGrossCents) &&
    input.listPriceGrossCents > 0 &&
    Number.isFinite(input.batteryKwh) &&
    input.batteryKwh > 0 &&
    Number.isFinite(input.powerKw) &&
    input.powerKw > 0 &&
    VEHICLE_SEGMENTS.includes(input.segment) &&
    (LEASE_DURATIONS as readonly number[]).includes(input.durationMonths) &&
    (KM_PER_YEAR_OPTIONS as readonly number[]).includes(input.kmPerYear) &&
    (TIRE_PACKAGES as readonly string[]).includes(input.tires);
  // Catalogue data comes from imports: a bad row must fail loudly, not produce a NaN rate.
  if (!valid) throw new RangeError(`Invalid lease package input: ${JSON.stringify(input)}`);
}

const ALL_INCLUSIVE: Readonly<LeasePackageFlags> = Object.freeze({
  maintenanceAndServicingIncluded: true,
  vehicleInsuranceIncluded: true,
  tirePackageIncluded: true,
  tireChangeIncluded: true,
  rateInsuranceIncluded: true,
});

/**
 * Prices one lease package: the all-inclusive monthly gross rate, its components, the private-lease
 * comparison rate, the residual value and the kilometre rules. Throws a RangeError on invalid input.
 */
export function priceLeasePackage(input: LeasePackageInput): LeasePackagePrice {
  assertInput(input);
  const rate = residualValueRate(input);
  const listNetEur = input.listPriceGrossCents / 100 / (1 + P.vatRate);
  const residualNetEur = listNetEur * rate;
  const components = monthlyComponents(input, P.fleet, residualNetEur);
  const comparisonComponents = monthlyComponents(input, P.private, residualNetEur);
  return {
    totalMonthlyGrossCostCents: sumComponents(components),
    grossComparisonCostCents: sumComponents(comparisonComponents),
    components,
    comparisonComponents,
    vatIncludedCents: vatOf(components),
    residualValueCents: toCents(residualNetEur),
    residualValueRate: rate,
    ...kilometreRules(input),
    flags: ALL_INCLUSIVE,
  };
}

/** Normalises a name for lookups: lower case, no accents, letters and digits only. */
function lookupKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * Body class by brand and model, for the demo catalogue and common German EVs. Classes follow the
 * body style (hatch, saloon/fastback, crossover), not the KBA segment.
 */
const SEGMENT_BY_MODEL: Readonly<Record<VehicleSegment, readonly string[]>> = {
  SMALL: [
    'Renault 5 E-Tech',
    'Renault Twingo',
    'MINI Cooper',
    'Fiat 500e',
    'Citroën ë-C3',
    'Opel Corsa Electric',
    'Peugeot e-208',
    'Hyundai Inster',
    'Dacia Spring',
    'BYD Dolphin Surf',
    'Leapmotor T03',
    'Volkswagen ID.2all',
    'Smart #1',
  ],
  COMPACT: [
    'Volkswagen ID.3',
    'Cupra Born',
    'MG MG4 Electric',
    'BYD Dolphin',
    'Renault Megane E-Tech',
    'Opel Astra Electric',
    'Peugeot e-308',
  ],
  SUV: [
    'Volkswagen ID.4',
    'Volkswagen ID.5',
    'Skoda Elroq',
    'Skoda Enyaq',
    'Audi Q4 e-tron',
    'Tesla Model Y',
    'BMW iX1',
    'BMW iX2',
    'Mercedes-Benz EQA',
    'Mercedes-Benz EQB',
    'Hyundai Ioniq 5',
    'Hyundai Kona Elektro',
    'Kia EV3',
    'Kia EV6',
    'Kia Niro EV',
    'Renault Scenic E-Tech',
    'Volvo EX30',
    'Volvo EX40',
    'Ford Explorer',
    'Ford Mustang Mach-E',
    'Cupra Tavascan',
    'Polestar 4',
  ],
  SEDAN: [
    'Volkswagen ID.7',
    'Tesla Model 3',
    'BMW i4',
    'BMW i5',
    'Mercedes-Benz CLA',
    'Mercedes-Benz EQE',
    'BYD Seal',
    'Polestar 2',
    'Hyundai Ioniq 6',
    'Porsche Taycan',
  ],
  LARGE_SUV: [
    'Kia EV9',
    'BMW iX',
    'Audi Q6 e-tron',
    'Audi Q8 e-tron',
    'Mercedes-Benz EQE SUV',
    'Mercedes-Benz EQS SUV',
    'Tesla Model X',
    'Volvo EX90',
    'Hyundai Ioniq 9',
    'Polestar 3',
    'Volkswagen ID.Buzz',
  ],
};

const SEGMENT_LOOKUP: ReadonlyMap<string, VehicleSegment> = new Map(
  VEHICLE_SEGMENTS.flatMap((segment) => SEGMENT_BY_MODEL[segment].map((name) => [lookupKey(name), segment] as const)),
);

/** Price and battery fallback for models missing from the table. */
function segmentByPrice(listPriceGrossEur: number, batteryKwh: number): VehicleSegment {
  if (listPriceGrossEur < 36_000 && batteryKwh < 55) return 'SMALL';
  if (listPriceGrossEur < 45_000) return 'COMPACT';
  if (listPriceGrossEur < 75_000) return 'SUV';
  return 'LARGE_SUV';
}

/**
 * The segment of a vehicle: by brand + model from the lookup table, else by list price and battery.
 * Brand and model are matched without case, accents and punctuation.
 */
export function segmentFor(vehicle: {
  brand: string;
  model: string;
  listPriceGrossEur: number;
  batteryKwh: number;
}): VehicleSegment {
  return (
    SEGMENT_LOOKUP.get(lookupKey(`${vehicle.brand} ${vehicle.model}`)) ??
    segmentByPrice(vehicle.listPriceGrossEur, vehicle.batteryKwh)
  );
}
