import type { CreateTenantRequest, ProviderTenantsQuery, UpdateTenantRequest } from '@leasing/contract';
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { tenants } from '../../db/schema.js';

export type TenantRow = typeof tenants.$inferSelect;

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

/**
 * The employers' names, addresses and switch, for the modules that address them (documents, invoices,
 * mails) or ask whether one takes new orders.
 */
export async function tenantFactsOf(db: Database, tenantIds: readonly string[]): Promise<Map<string, TenantFacts>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .select(columns)
    .from(tenants)
    .where(inArray(tenants.id, [...new Set(tenantIds)]))
    .orderBy(asc(tenants.name));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every employer's id and name, by name (the back office's dashboard names each one). */
export function allTenantNames(db: Database): Promise<{ id: string; name: string }[]> {
  return db.select({ id: tenants.id, name: tenants.name }).from(tenants).orderBy(asc(tenants.name));
}

/** The whole row of one employer (the back office's detail), or null. */
export async function tenantRowOf(db: Database, tenantId: string): Promise<TenantRow | null> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  return row ?? null;
}

/** A new employer, enabled (its register code and first HR admin are the caller's, in its transaction). */
export async function insertTenantRow(
  tx: Database,
  fields: Omit<CreateTenantRequest, 'admin'>,
  now: Date,
): Promise<TenantRow> {
  const [row] = await tx
    .insert(tenants)
    .values({ ...fields, enabled: true, createdAt: now })
    .returning();
  if (!row) throw new Error('tenant insert failed');
  return row;
}

/** Changes name, address or contact: the fields that changed (none: nothing written), null for no such employer. */
export async function updateTenantRow(
  tx: Database,
  tenantId: string,
  input: UpdateTenantRequest,
  now: Date,
): Promise<(keyof UpdateTenantRequest)[] | null> {
  const [before] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!before) return null;
  const changed = (Object.keys(input) as (keyof UpdateTenantRequest)[]).filter((k) => before[k] !== input[k]);
  if (changed.length > 0)
    await tx
      .update(tenants)
      .set({ ...input, updatedAt: now })
      .where(eq(tenants.id, tenantId));
  return changed;
}

/** Switches an employer on or off; false when there is no such employer. */
export async function setTenantEnabledRow(
  tx: Database,
  tenantId: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(tenants)
    .set({ enabled, updatedAt: now })
    .where(eq(tenants.id, tenantId))
    .returning({ id: tenants.id });
  return updated.length > 0;
}

function conditionsOf(query: ProviderTenantsQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(tenants.name, pattern),
        ilike(tenants.place, pattern),
        ilike(tenants.postcode, pattern),
        ilike(tenants.contactEmail, pattern),
      ),
    );
  }
  if (query.status) conditions.push(eq(tenants.enabled, query.status === 'ENABLED'));
  return and(...conditions);
}

/**
 * The statements of one page of employers, searched and sorted in the database, and of how many match
 * (the back office's list; also EXPLAINed at size).
 */
export function tenantPageQueries(db: Database, query: ProviderTenantsQuery & { page: number; pageSize: number }) {
  const where = conditionsOf(query);
  const order =
    query.sort === 'newest' ? [desc(tenants.createdAt), desc(tenants.id)] : [asc(tenants.name), asc(tenants.id)];
  return {
    rows: db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    total: db.select({ n: count() }).from(tenants).where(where),
  };
}
