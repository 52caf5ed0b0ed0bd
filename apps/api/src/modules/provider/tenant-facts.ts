import { asc, inArray } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { tenants } from '../../db/schema.js';

export interface TenantFacts {
  id: string;
  name: string;
  enabled: boolean;
  street: string | null;
  streetNumber: string | null;
  postcode: string | null;
  place: string | null;
  contactEmail: string | null;
}

const columns = {
  id: tenants.id,
  name: tenants.name,
  enabled: tenants.enabled,
  street: tenants.street,
  streetNumber: tenants.streetNumber,
  postcode: tenants.postcode,
  place: tenants.place,
  contactEmail: tenants.contactEmail,
};

/** The employers' names and addresses, for the modules that address them (the invoices). */
export async function tenantFactsOf(db: Database, tenantIds: readonly string[]): Promise<Map<string, TenantFacts>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(tenants)
    .where(inArray(tenants.id, [...new Set(tenantIds)]))
    .orderBy(asc(tenants.name));
  return new Map(rows.map((r) => [r.id, r]));
}
