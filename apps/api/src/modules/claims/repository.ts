import type { Claim, ClaimEvent, ClaimStatus, ProviderClaim, ProviderClaimsQuery } from '@leasing/contract';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { claimEvents, claimPhotos, claims } from '../../db/schema-claims.js';
import { searchStart } from '../../db/person-search.js';
import { orderNumberOf } from '../orders/index.js';

export type ClaimRow = typeof claims.$inferSelect;

/** What a claim's reader sees: HR only its number, state and excess (ADR 0056). */
export type ClaimView = 'FULL' | 'HR';

/** The next claim number of the year: "S-2026-000042" (one sequence, numbers never reused). */
export async function nextClaimNumber(db: Database, year: number): Promise<string> {
  const result = await db.execute(sql`select nextval('claim_number_seq')::int as n`);
  const n = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
  if (!Number.isInteger(n)) throw new Error('no claim number from the sequence');
  return `S-${year}-${String(n).padStart(6, '0')}`;
}

async function eventsOf(db: Database, claimIds: readonly string[]): Promise<Map<string, ClaimEvent[]>> {
  const out = new Map<string, ClaimEvent[]>();
  if (claimIds.length === 0) return out;
  const rows = await db
    .select()
    .from(claimEvents)
    .where(inArray(claimEvents.claimId, [...claimIds]))
    .orderBy(asc(claimEvents.claimId), asc(claimEvents.seq));
  for (const r of rows) {
    const list = out.get(r.claimId) ?? [];
    list.push({ status: r.status as ClaimStatus, note: r.note, at: r.at.toISOString() });
    out.set(r.claimId, list);
  }
  return out;
}

async function photoIdsOf(db: Database, claimIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (claimIds.length === 0) return out;
  const rows = await db
    .select({ id: claimPhotos.id, claimId: claimPhotos.claimId })
    .from(claimPhotos)
    .where(inArray(claimPhotos.claimId, [...claimIds]))
    .orderBy(asc(claimPhotos.claimId), asc(claimPhotos.position));
  for (const r of rows) out.set(r.claimId, [...(out.get(r.claimId) ?? []), r.id]);
  return out;
}

function toClaim(row: ClaimRow, view: ClaimView, events: ClaimEvent[], photoIds: string[]): Claim {
  const full = view === 'FULL';
  return {
    id: row.id,
    number: row.number,
    orderId: row.orderId,
    kind: row.kind as Claim['kind'],
    status: row.status as ClaimStatus,
    occurredAt: full ? row.occurredAt.toISOString() : null,
    place: full ? row.place : null,
    description: full ? row.description : null,
    thirdPartyInvolved: full ? row.thirdPartyInvolved : null,
    policeReportNumber: full ? row.policeReportNumber : null,
    drivable: full ? row.drivable : null,
    excessEur: row.excessCents === null ? null : row.excessCents / 100,
    excessMonth: row.excessMonth,
    reportedAt: row.reportedAt.toISOString(),
    photoIds: full ? photoIds : [],
    // HR follows the states, not the provider's notes to the person.
    events: full ? events : events.map((e) => ({ ...e, note: null })),
  };
}

/** Claims with their events and photo ids, in the rows' order. */
export async function claimsWithDetails(db: Database, rows: readonly ClaimRow[], view: ClaimView): Promise<Claim[]> {
  const ids = rows.map((r) => r.id);
  const [events, photos] = await Promise.all([eventsOf(db, ids), photoIdsOf(db, ids)]);
  return rows.map((r) => toClaim(r, view, events.get(r.id) ?? [], photos.get(r.id) ?? []));
}

export function claimsOfOrder(db: Database, orderId: number): Promise<ClaimRow[]> {
  return db.select().from(claims).where(eq(claims.orderId, orderId)).orderBy(desc(claims.reportedAt), desc(claims.id));
}

export async function claimById(db: Database, claimId: string, forUpdate = false): Promise<ClaimRow | undefined> {
  const query = db.select().from(claims).where(eq(claims.id, claimId));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The queue's filter: a state, and a claim number, an order number or the start of the person's name. */
function queueFilter(query: ProviderClaimsQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(claims.status, query.status));
  const q = query.q?.trim();
  if (q) {
    const term = searchStart(q);
    const byText = [
      sql`starts_with(${claims.personNameKey}, ${term})`,
      sql`starts_with(lower(${claims.number}), ${term})`,
    ];
    const orderNumber = orderNumberOf(q);
    const matches = orderNumber !== null ? [...byText, eq(claims.orderId, orderNumber)] : byText;
    conditions.push(or(...matches) as SQL);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** `GET /v1/provider/claims`: the newest report first. */
export async function claimQueue(
  db: Database,
  query: Required<Pick<ProviderClaimsQuery, 'page' | 'pageSize'>> & ProviderClaimsQuery,
): Promise<{ items: ProviderClaim[]; total: number }> {
  const where = queueFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(claims)
      .where(where)
      .orderBy(desc(claims.reportedAt), desc(claims.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(claims).where(where),
  ]);
  const details = await claimsWithDetails(db, rows, 'FULL');
  const items = details.map((claim, i) => {
    const row = rows[i] as ClaimRow;
    return { ...claim, personName: row.personName, tenantName: row.tenantName, car: row.car };
  });
  return { items, total: Number(total?.n ?? 0) };
}

export async function claimPhoto(db: Database, claimId: string, photoId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ webp: claimPhotos.webp })
    .from(claimPhotos)
    .where(and(eq(claimPhotos.claimId, claimId), eq(claimPhotos.id, photoId)));
  return row?.webp;
}

/** Every claim the person reported, with events and photo ids: their part of the data export. */
export async function claimsOfPerson(db: Database, userId: string): Promise<Claim[]> {
  const rows = await db
    .select()
    .from(claims)
    .where(eq(claims.userId, userId))
    .orderBy(asc(claims.orderId), asc(claims.reportedAt), asc(claims.id));
  return claimsWithDetails(db, rows, 'FULL');
}

/** The states of an order's claims by number (the return's check of the damages it names). */
export async function claimStatesOf(
  db: Database,
  orderId: number,
  numbers: readonly string[],
): Promise<Map<string, ClaimStatus>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({ number: claims.number, status: claims.status })
    .from(claims)
    .where(and(eq(claims.orderId, orderId), inArray(claims.number, [...numbers])));
  return new Map(rows.map((r) => [r.number, r.status as ClaimStatus]));
}
