import { DEFAULT_TENANT_POLICY, type TenantPolicy } from '@leasing/contract';

import type { Database } from '../../db/client.js';
import { policyInForce, subsidyCents, vehicleRefusal } from '../employer/policy.js';
import type { CatalogVehicle } from './catalog-snapshot.js';

/**
 * The employer's programme as the catalogue applies it (the policy HR sets under /employer/policy):
 * which cars are offered and how much of the gross rate the employer pays. Read fresh per request
 * (one indexed row), so a change applies at once; its version is part of every cache key.
 */
export interface Programme {
  version: number;
  policy: TenantPolicy;
}

const NO_PROGRAMME: Programme = { version: 0, policy: DEFAULT_TENANT_POLICY };

export async function programmeFor(db: Database, tenantId: string | null): Promise<Programme> {
  if (!tenantId) return NO_PROGRAMME;
  const { policy, version } = await policyInForce(db, tenantId);
  return { policy, version };
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

/** Why this package cannot be ordered under the programme (German), or null. */
export function programmeRefusal(programme: Programme, vehicle: CatalogVehicle, grossRateCents: number): string | null {
  return vehicleRefusal(programme.policy, vehicle, grossRateCents);
}
