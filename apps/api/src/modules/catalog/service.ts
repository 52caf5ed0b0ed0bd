import type {
  PackageTaxResult,
  ProvisionalRate,
  SearchQuery,
  TaxResult,
  TaxWarning,
  Vehicle,
  VehicleLeasePackage,
  VehicleSummary,
} from '@leasing/contract';
import { estimatedNetRateCents } from '@leasing/contract';
import { provisionalYearMessage } from '@leasing/payroll';
import type { PayslipBlock, PayslipComparison, PayslipWarning, SalarySacrifice } from '@leasing/payroll';

import type { Database } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import { timed } from '../../lib/request-timing.js';
import {
  sortedUnique,
  type CatalogCache,
  type CatalogPackage,
  type CatalogSnapshot,
  type CatalogVehicle,
} from './catalog-snapshot.js';
import { prepareAnswer, type AnswerCache, type PreparedAnswer } from './answer-cache.js';
import { photoUrls } from './media-routes.js';
import type { PersonalRates } from './personal-rates.js';
import { refine, snapRefinement, type SearchRefinement } from './search-order.js';
import {
  employerSubsidyCents,
  offeredInProgramme,
  programmeFor,
  programmeVerdict,
  type Programme,
} from './programme.js';

export interface CatalogDeps {
  catalog: CatalogCache;
  rates: PersonalRates;
  db: Database;
}

interface Owner {
  id: string;
  tenantId: string | null;
  profileVersion?: number | null;
  catalogVersion?: number;
  /** The employer programme's version read with the user (null or absent: read with the programme). */
  programmeVersion?: number | null;
}

const eur = (cents: number) => cents / 100;
const lower = (values: string[] | undefined) =>
  values && values.length > 0 ? new Set(values.map((v) => v.toLowerCase())) : null;

/**
 * Spec 7 `GET /v1/search`: summaries sorted by brand then model (or by the order asked for: the net
 * rate the person sees, the range, the delivery time, the list price; ADR 0062), with the user's own
 * net rate, ready to send (compressed, with an ETag). The answer depends only on the catalogue
 * version, the user's rate key (profile version and payment month), the filter and the order, so it is
 * made once per combination. Filter values are normalised and checked against the catalogue first:
 * unknown brands and models match nothing, and all such inventions share one key, so they cannot fill
 * the cache; a number filter is moved to the catalogue value that bounds the same cars.
 * The personal rates are computed for the whole catalogue at once (`cheapestRates`, cached per person),
 * so the order by rate is over every car of the filter, not a page of them.
 */
export async function searchAnswer(
  deps: CatalogDeps & { answers: AnswerCache },
  owner: Owner,
  query: SearchQuery,
): Promise<PreparedAnswer> {
  const snapshot = await deps.catalog.get(owner.catalogVersion);
  const programme = await timed('programme', () => programmeFor(deps.db, owner.tenantId, owner.programmeVersion));
  const rates = await timed('profile', () => deps.rates.cheapestRates(owner, snapshot, programme));
  const rateKey = rates ? deps.rates.rateKey(owner) : 'estimate';
  // The rate key names the rules year: an answer made with another year's rules is never reused.
  const provisional = rates ? deps.rates.provisionalOf(await deps.rates.prepare(owner)) : null;
  const names = normaliseFilter(snapshot.vehicles, query);
  const refinement = snapRefinement(withPackages(snapshot), query, (v) => shownRateCents(v, rates, programme));
  const filter = names === NOTHING || refinement === null ? NOTHING : { ...names, ...refinement };
  const cacheKey = `search|${snapshot.version}|p${programme.version}|${owner.id}|${rateKey}|${JSON.stringify(filter)}`;
  return timed('answer', () =>
    deps.answers.getOrMake(cacheKey, () => {
      // Cars outside the employer's programme are not offered at all.
      const offered = snapshot.vehicles.filter((v) => offeredInProgramme(programme, v));
      return JSON.stringify(
        filter === NOTHING
          ? []
          : searchIn(
              offered,
              { manufacturerIds: filter.brands, modelIds: filter.models },
              rates,
              programme,
              provisional,
              filter,
            ),
      );
    }),
  );
}

/** The snapshot's cars that have packages (the others are never listed), made once per snapshot. */
const carsWithPackages = new WeakMap<CatalogSnapshot, CatalogVehicle[]>();
function withPackages(snapshot: CatalogSnapshot): CatalogVehicle[] {
  let cars = carsWithPackages.get(snapshot);
  if (!cars) {
    cars = snapshot.vehicles.filter((v) => v.packages.length > 0);
    carsWithPackages.set(snapshot, cars);
  }
  return cars;
}

/** The net rate a card shows, cents: the person's own cheapest, else the estimate of the cheapest package. */
function shownRateCents(v: CatalogVehicle, rates: Map<string, number> | null, programme: Programme): number {
  return rates?.get(v.id) ?? estimateOf(v.packages[0] as CatalogPackage, programme);
}

const NOTHING = 'nothing' as const;

/** Known values only, lower-cased, sorted and unique; `NOTHING` when a filter names only unknowns. */
function normaliseFilter(
  vehicles: CatalogVehicle[],
  query: SearchQuery,
): { brands: string[] | undefined; models: string[] | undefined } | typeof NOTHING {
  // The catalogue's values are gathered only for a filter that names some (not on every plain search).
  const known = (wanted: string[] | undefined, valueOf: (v: CatalogVehicle) => string) => {
    if (!wanted || wanted.length === 0) return undefined;
    const all = new Set(vehicles.map((v) => valueOf(v).toLowerCase()));
    return [...new Set(wanted.map((v) => v.toLowerCase()))].filter((v) => all.has(v)).sort();
  };
  const brands = known(query.manufacturerIds, (v) => v.brand);
  const models = known(query.modelIds, (v) => v.model);
  if (brands?.length === 0 || models?.length === 0) return NOTHING;
  return { brands, models };
}

/** Spec 7 `GET /v1/vehicle/{id}` ready to send: made once per catalogue version, user rate key and vehicle. */
export async function vehicleAnswer(
  deps: CatalogDeps & { answers: AnswerCache },
  owner: Owner,
  vehicleId: string,
): Promise<PreparedAnswer> {
  const snapshot = await deps.catalog.get(owner.catalogVersion);
  if (!snapshot.byId.has(vehicleId)) throw notFound('Fahrzeug nicht gefunden');
  await deps.rates.prepare(owner);
  const rateKey = deps.rates.rateKey(owner);
  const programme = await programmeFor(deps.db, owner.tenantId, owner.programmeVersion);
  const make = async () => JSON.stringify(await vehicle(deps, owner, vehicleId, programme));
  // Without a usable profile the answer carries no personal rate; such answers are not worth keeping.
  if (rateKey === null) return prepareAnswer(await make());
  return deps.answers.getOrMake(
    `vehicle|${snapshot.version}|p${programme.version}|${owner.id}|${rateKey}|${vehicleId}`,
    make,
  );
}

function searchIn(
  all: CatalogVehicle[],
  query: SearchQuery,
  rates: Map<string, number> | null,
  programme: Programme,
  provisional: ProvisionalRate | null,
  refinement: SearchRefinement,
): VehicleSummary[] {
  const brands = lower(query.manufacturerIds);
  const models = lower(query.modelIds);
  const summaries = all
    .filter((v) => (!brands || brands.has(v.brand.toLowerCase())) && (!models || models.has(v.model.toLowerCase())))
    .filter((v) => v.packages.length > 0)
    .map((v) => summaryOf(v, rates?.get(v.id) ?? null, programme, provisional));
  return refine(summaries, refinement);
}

/** The estimate without salary data, with the employer's subsidy taken off as the personal rate does. */
function estimateOf(pkg: CatalogPackage, programme: Programme): number {
  return estimatedNetRateCents(
    pkg.totalMonthlyGrossCostCents,
    employerSubsidyCents(programme, pkg.totalMonthlyGrossCostCents),
  );
}

function summaryOf(
  v: CatalogVehicle,
  yourRateCents: number | null,
  programme: Programme,
  provisional: ProvisionalRate | null,
): VehicleSummary {
  const cheapestGross = v.packages[0] as CatalogPackage;
  const cheapestComparison = Math.min(...v.packages.map((p) => p.grossComparisonCostCents));
  return {
    id: v.id,
    brand: v.brand,
    model: v.model,
    trimLevel: v.trimLevel,
    maximumPowerKw: v.maximumPowerKw,
    rangeKm: v.rangeKm,
    mainPhotoUrl: photoUrls(v)[0] ?? null,
    leaseFrom: eur(cheapestComparison),
    yourLeaseFrom: yourRateCents === null ? null : eur(yourRateCents),
    ...provisionalField(yourRateCents === null ? null : provisional),
    // Packages are sorted by gross cost, and the subsidy never makes a dearer package cheaper.
    estimateLeaseFrom: eur(estimateOf(cheapestGross, programme)),
    listPrice: eur(v.listPriceGrossCents),
    consumption: v.consumption,
    deliveryFromWeeks: v.deliveryFromWeeks,
    deliveryToWeeks: v.deliveryToWeeks,
    approximate: v.approximate,
  };
}

export async function manufacturers(deps: CatalogDeps): Promise<string[]> {
  const snapshot = await deps.catalog.get();
  return sortedUnique(snapshot.vehicles.map((v) => v.brand));
}

export async function models(deps: CatalogDeps, manufacturerIds: string[] | undefined): Promise<string[]> {
  const snapshot = await deps.catalog.get();
  const brands = lower(manufacturerIds);
  return sortedUnique(
    snapshot.vehicles.filter((v) => !brands || brands.has(v.brand.toLowerCase())).map((v) => v.model),
  );
}

/** Spec 7 `GET /v1/vehicle/{id}`: the vehicle with every package and the user's net rate for each. */
export async function vehicle(
  deps: CatalogDeps,
  owner: Owner,
  vehicleId: string,
  programme?: Programme,
): Promise<Vehicle> {
  const snapshot = await deps.catalog.get(owner.catalogVersion);
  const v = snapshot.byId.get(vehicleId);
  if (!v) throw notFound('Fahrzeug nicht gefunden');
  const inForce = programme ?? (await programmeFor(deps.db, owner.tenantId, owner.programmeVersion));
  const prepared = await deps.rates.prepare(owner);
  const photos = photoUrls(v);
  return {
    id: v.id,
    brand: v.brand,
    carModel: v.model,
    trimLevel: v.trimLevel,
    maximumPowerKw: v.maximumPowerKw,
    rangeKm: v.rangeKm,
    batteryKwh: v.batteryKwh,
    consumption: v.consumption,
    listPrice: eur(v.listPriceGrossCents),
    mainPhotoUrl: photos[0] ?? null,
    otherPhotos: photos.slice(1),
    pictureUrls: photos,
    colors: v.colors,
    deliveryOptions: v.deliveryOptions,
    deliveryFromWeeks: v.deliveryFromWeeks,
    deliveryToWeeks: v.deliveryToWeeks,
    vehicleDetails: {
      technicalDetails: v.technicalDetails,
      standardEquipment: v.standardEquipment,
      specialEquipment: v.specialEquipment,
    },
    leasePackages: v.packages.map((pkg) => {
      const comparison = prepared.ok ? deps.rates.compare(prepared.prepared, v, pkg, inForce) : null;
      return packageOf(v, pkg, comparison ? comparison.userPrice : null, estimateOf(pkg, inForce));
    }),
    approximate: v.approximate,
    ...provisionalField(deps.rates.provisionalOf(prepared)),
  };
}

/** `rateProvisional` only when the personal rates are provisional (absent otherwise, as in older answers). */
function provisionalField(provisional: ProvisionalRate | null): { rateProvisional?: ProvisionalRate } {
  return provisional ? { rateProvisional: provisional } : {};
}

function packageOf(
  v: CatalogVehicle,
  pkg: CatalogPackage,
  userPriceCents: number | null,
  estimateCents: number,
): VehicleLeasePackage {
  return {
    id: pkg.id,
    durationMonths: pkg.durationMonths,
    kmPerYear: pkg.kmPerYear,
    tires: pkg.tires,
    userPrice: userPriceCents === null ? null : eur(userPriceCents),
    estimatedUserPrice: eur(estimateCents),
    grossComparisonCostEur: eur(pkg.grossComparisonCostCents),
    grossRetailPriceEur: eur(v.listPriceGrossCents),
    totalMonthlyGrossCostEur: eur(pkg.totalMonthlyGrossCostCents),
    maintenanceAndServicingIncluded: pkg.maintenanceAndServicingIncluded,
    vehicleInsuranceIncluded: pkg.vehicleInsuranceIncluded,
    tirePackageIncluded: pkg.tirePackageIncluded,
    tireChangeIncluded: pkg.tireChangeIncluded,
    rateInsuranceIncluded: pkg.rateInsuranceIncluded,
    costsMoreKilometers: pkg.costsMoreKilometers,
    reimbursementLessKilometers: pkg.reimbursementLessKilometers,
    excessMileageAllowance: pkg.excessMileageAllowance,
    exemptionLimitLessKilometers: pkg.exemptionLimitLessKilometers,
    capFewerKilometers: pkg.capFewerKilometers,
    capExtraKilometers: pkg.capExtraKilometers,
  };
}

/**
 * Spec 7 `GET /v1/lease-packages/{id}/tax`: the full payslip comparison for this user and package,
 * with the employer programme's verdict on ordering it (the check `POST /v1/order` makes).
 */
export async function taxResult(
  deps: CatalogDeps,
  owner: Owner,
  packageId: string,
  programme?: Programme,
): Promise<PackageTaxResult> {
  const snapshot = await deps.catalog.get(owner.catalogVersion);
  const found = snapshot.packagesById.get(packageId);
  if (!found) throw notFound('Leasingpaket nicht gefunden');
  const prepared = await deps.rates.prepare(owner);
  if (!prepared.ok) {
    const message =
      prepared.reason.kind === 'PROFILE_INCOMPLETE'
        ? 'Bitte vervollständigen Sie zuerst Ihre Gehaltsdaten im Profil.'
        : prepared.reason.message;
    throw new AppError('PROFILE_INCOMPLETE', message);
  }
  const inForce = programme ?? (await programmeFor(deps.db, owner.tenantId, owner.programmeVersion));
  const comparison = deps.rates.compare(prepared.prepared, found.vehicle, found.pkg, inForce);
  if (!comparison)
    throw new AppError('PROFILE_INCOMPLETE', 'Für dieses Angebot kann keine Nettorate berechnet werden.');
  return {
    ...toTaxResult(comparison, prepared.prepared.date),
    policy: programmeVerdict(inForce, found.vehicle, found.pkg, comparison),
  };
}

/**
 * The tax result as JSON, serialised once per catalogue version, rate key, programme and package: the
 * vehicle page asks for it on every option change. The key holds the profile version and the
 * employer's policy version, so the payslip and the programme's verdict change the moment either does.
 */
export async function taxResultJson(deps: CatalogDeps, owner: Owner, packageId: string): Promise<string> {
  const snapshot = await deps.catalog.get(owner.catalogVersion);
  const programme = await timed('programme', () => programmeFor(deps.db, owner.tenantId, owner.programmeVersion));
  const cacheKey =
    owner.profileVersion === null || owner.profileVersion === undefined
      ? null
      : `tax|${owner.id}|${owner.profileVersion}:${deps.rates.paymentMonth()}:${deps.rates.rulesTag()}|p${owner.tenantId ?? '-'}:${programme.version}|${packageId}`;
  const cached = cacheKey ? snapshot.responses.get(cacheKey) : undefined;
  if (cached) return cached;
  const json = await timed('answer', async () => JSON.stringify(await taxResult(deps, owner, packageId, programme)));
  if (cacheKey) {
    if (snapshot.responses.size > 5_000) snapshot.responses.clear();
    snapshot.responses.set(cacheKey, json);
  }
  return json;
}

/** The payroll engine's comparison (cents) in the spec's tax-result shape (EUR). */
export function toTaxResult(c: PayslipComparison, calculatedFor: string): TaxResult {
  return {
    userPrice: eur(c.userPrice),
    price: eur(c.price),
    before: blockOf(c.before),
    after: blockOf(c.after),
    salarySacrificeData: sacrificeOf(c.salarySacrificeData),
    salarySacrificeBefore: sacrificeOf(c.salarySacrificeBefore),
    pensionImpact: {
      entgeltpunkteLossPerYear: c.pensionImpact.entgeltpunkteReductionPerYear,
      monthlyPensionLossPerYear: eur(c.pensionImpact.monthlyPensionReduction),
      notes: [...c.benefitImpact.notes],
    },
    warnings: [...c.warnings.map(warningOf), ...provisionalWarnings(c)],
    calculatedFor,
  };
}

/**
 * `PROVISIONAL_YEAR` when the comparison was computed with an earlier year's rules (ADR 0035): the
 * tax answer carries it, and the order keeps it for the contract, never silently.
 */
export function provisionalWarnings(
  c: PayslipComparison,
): Extract<NonNullable<TaxResult['warnings']>[number], { code: 'PROVISIONAL_YEAR' }>[] {
  if (!c.provisional) return [];
  const { year, basedOnYear } = c.provisional;
  return [
    {
      code: 'PROVISIONAL_YEAR',
      message: provisionalYearMessage({ year: basedOnYear, requestedYear: year }),
      year,
      basedOnYear,
    },
  ];
}

function warningOf(w: PayslipWarning): TaxWarning {
  return {
    code: w.code,
    period: w.period,
    limit: eur(w.limit),
    wage: eur(w.wage),
    shortfall: eur(w.shortfall),
    message: w.message,
  };
}

function blockOf(b: PayslipBlock): TaxResult['before'] {
  return {
    brutto: eur(b.brutto),
    adjustedGross: eur(b.adjustedGross),
    lohnst: eur(b.lohnst),
    soli: eur(b.soli),
    kirchensteuer: eur(b.kirchensteuer),
    krankenversicherung: eur(b.krankenversicherung),
    pflegeversicherung: eur(b.pflegeversicherung),
    rentenversicherung: eur(b.rentenversicherung),
    arbeitslosenversicherung: eur(b.arbeitslosenversicherung),
    arbeitskammerbeitrag: eur(b.arbeitskammerbeitrag),
    arbeitgeberzuschussPKV: eur(b.arbeitgeberzuschussPKV),
    arbeitgeberzuschussPV: eur(b.arbeitgeberzuschussPV),
    takeHome: eur(b.takeHome),
  };
}

function sacrificeOf(s: SalarySacrifice): TaxResult['salarySacrificeData'] {
  return {
    monthlyNetLeasing: eur(s.monthlyNetLeasing),
    vehicleTaxation: eur(s.vehicleTaxation),
    commutingTaxation: eur(s.commutingTaxation),
    employerContribution: eur(s.employerContribution),
    nonCashBenefit: eur(s.nonCashBenefit),
  };
}
