import { DEFAULT_TENANT_POLICY, type PolicyVerdict, type TenantPolicy } from '@leasing/contract';
import type { PayslipComparison } from '@leasing/payroll';

import type { Database } from '../../db/client.js';
import { policyInForce, policyRefusals, subsidyCents, vehicleRefusal } from '../policy/index.js';
import type { CatalogPackage, CatalogVehicle } from './catalog-snapshot.js';

/**
 * The employer's programme as the catalogue applies it (the policy HR sets under /employer/policy):
 * which cars are offered and how much of the gross rate the employer pays. Its version is read fresh
 * per request (with the user, or here), so a change applies at once; it is part of every cache key.
 */
export interface Programme {
  version: number;
  policy: TenantPolicy;
}

const NO_PROGRAMME: Programme = { version: 0, policy: DEFAULT_TENANT_POLICY };

/**
 * Saved policies by database, employer and version. A version is never changed once saved (new rules
 * are a new version), so an entry can never be stale, on this instance or any other. Kept per database:
 * an employer's id and version name a policy only within the database they were read from (two
 * databases copied from one template have the same ids for different policies).
 */
const savedProgrammesByDatabase = new WeakMap<Database, Map<string, Programme>>();
const MAX_SAVED_PROGRAMMES = 1_000;

function savedProgrammesOf(db: Database): Map<string, Programme> {
  const saved = savedProgrammesByDatabase.get(db) ?? new Map<string, Programme>();
  savedProgrammesByDatabase.set(db, saved);
  return saved;
}

/** `knownVersion`: the version in force read with the user this request (null or absent: read it here). */
export async function programmeFor(
  db: Database,
  tenantId: string | null,
  knownVersion?: number | null,
): Promise<Programme> {
  if (!tenantId) return NO_PROGRAMME;
  if (knownVersion === 0) return NO_PROGRAMME;
  const key = `${tenantId}:${knownVersion ?? '-'}`;
  const savedProgrammes = savedProgrammesOf(db);
  const saved = knownVersion ? savedProgrammes.get(key) : undefined;
  if (saved) return saved;
  const { policy, version } = await policyInForce(db, tenantId);
  const programme = { policy, version };
  // Kept only under the version read now (a policy saved meanwhile is a newer version, read then).
  if (version === knownVersion) {
    if (savedProgrammes.size >= MAX_SAVED_PROGRAMMES) savedProgrammes.clear();
    savedProgrammes.set(key, programme);
  }
  return programme;
}

/** The employer's share of a package's gross rate, in cents. */
export function employerSubsidyCents(programme: Programme, grossRateCents: number): number {
  return subsidyCents(programme.policy, grossRateCents);
}

/** Whether a car is in the programme: brand, list price, and at least one package under the rate cap. */
export function offeredInProgramme(programme: Programme, vehicle: CatalogVehicle): boolean {
  const cheapest = vehicle.packages[0];
  return vehicleRefusal(programme.policy, vehicle, cheapest ? cheapest.totalMonthlyGrossCostCents : null) === null;
}

/**
 * Whether the employee may order this package under the programme, and why not: brand, list price,
 * the rate cap on the package's gross rate, and the minimum gross pay left after the conversion the
 * payroll engine computed for this employee. `POST /v1/order` refuses exactly when this says
 * `orderable: false` (with the first reason's message), and the tax result of the package carries it
 * so the vehicle page can say so before the employee tries.
 */
export function programmeVerdict(
  programme: Programme,
  vehicle: CatalogVehicle,
  pkg: CatalogPackage,
  comparison: PayslipComparison,
): PolicyVerdict {
  const reasons = policyRefusals(programme.policy, vehicle, pkg.totalMonthlyGrossCostCents, {
    grossSalaryCents: comparison.before.brutto,
    conversionCents: comparison.companyCar.convertedGross,
  });
  return { orderable: reasons.length === 0, reasons, policyVersion: programme.version };
}
