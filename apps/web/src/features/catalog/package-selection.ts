import { TiresSchema, type Tires, type VehicleLeasePackage } from '@leasing/contract';

/**
 * Package choice on the vehicle page (spec 4.3). "Cheapest" means the lowest net rate (userPrice);
 * without salary data there is no net rate, so the lowest yearly km wins, and among equal km the lowest
 * total gross cost (the estimate, 70 % of it less the employer's subsidy, never falls as it rises). Remaining ties keep the API's order.
 */
type Comparable = Pick<VehicleLeasePackage, 'userPrice' | 'kmPerYear' | 'totalMonthlyGrossCostEur'>;

export function compareByPrice(a: Comparable, b: Comparable): number {
  if (a.userPrice !== null && b.userPrice !== null && a.userPrice !== b.userPrice) return a.userPrice - b.userPrice;
  // A package with a net rate is preferred over one without (mixed lists do not occur, but stay defined).
  if (a.userPrice !== null && b.userPrice === null) return -1;
  if (a.userPrice === null && b.userPrice !== null) return 1;
  if (a.kmPerYear !== b.kmPerYear) return a.kmPerYear - b.kmPerYear;
  return a.totalMonthlyGrossCostEur - b.totalMonthlyGrossCostEur;
}

export function cheapest<P extends Comparable>(packages: readonly P[]): P | undefined {
  let best: P | undefined;
  for (const pkg of packages) {
    if (best === undefined || compareByPrice(pkg, best) < 0) best = pkg;
  }
  return best;
}

const uniqueSorted = (values: number[]) => [...new Set(values)].sort((a, b) => a - b);

/** Durations offered, ascending. */
export function durationOptions(packages: readonly VehicleLeasePackage[]): number[] {
  return uniqueSorted(packages.map((p) => p.durationMonths));
}

/** Yearly km offered for a duration, ascending. */
export function kmOptions(packages: readonly VehicleLeasePackage[], durationMonths: number): number[] {
  return uniqueSorted(packages.filter((p) => p.durationMonths === durationMonths).map((p) => p.kmPerYear));
}

/** Tyre packages offered for a duration and yearly km, in the contract's order. */
export function tiresOptions(
  packages: readonly VehicleLeasePackage[],
  durationMonths: number,
  kmPerYear: number,
): Tires[] {
  const offered = new Set(
    packages.filter((p) => p.durationMonths === durationMonths && p.kmPerYear === kmPerYear).map((p) => p.tires),
  );
  return TiresSchema.options.filter((tires) => offered.has(tires));
}

/** On load: the cheapest package. */
export function initialPackage(packages: readonly VehicleLeasePackage[]): VehicleLeasePackage | undefined {
  return cheapest(packages);
}

/** Changing the duration re-picks the cheapest package of that duration; km per year follow it. */
export function packageForDuration(
  packages: readonly VehicleLeasePackage[],
  durationMonths: number,
): VehicleLeasePackage | undefined {
  return cheapest(packages.filter((p) => p.durationMonths === durationMonths));
}

/** Changing km per year picks the cheapest package of the current duration and that km. */
export function packageForKm(
  packages: readonly VehicleLeasePackage[],
  durationMonths: number,
  kmPerYear: number,
): VehicleLeasePackage | undefined {
  return cheapest(packages.filter((p) => p.durationMonths === durationMonths && p.kmPerYear === kmPerYear));
}

/** The tyres select picks the concrete package of the current duration and km. */
export function packageForTires(
  packages: readonly VehicleLeasePackage[],
  durationMonths: number,
  kmPerYear: number,
  tires: Tires,
): VehicleLeasePackage | undefined {
  return packages.find((p) => p.durationMonths === durationMonths && p.kmPerYear === kmPerYear && p.tires === tires);
}
