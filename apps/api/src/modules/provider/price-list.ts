import {
  PriceListVersionsQuerySchema,
  type PriceListPreview,
  type PriceListVersion,
  type PriceListVersionsPage,
  type PriceListVersionsQuery,
} from '@leasing/contract';
import { asc, count, desc, eq, ilike, inArray, max, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../../db/client.js';
import { containsPattern } from '../../db/like-pattern.js';
import { priceListImports, priceListVersions } from '../../db/schema-provider.js';
import { users } from '../../db/schema.js';
import { catalogState } from '../../db/schema-catalog.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import { decodeUploadedText } from '../../lib/uploaded-text.js';
import { applyCatalogueChanges, loadSnapshot } from '../catalog/index.js';
import { requireProvider, type ProviderActor, type ProviderCtx, type ProviderDeps } from './deps.js';
import { exportCsv, neutralizedFile, parsePriceList } from './price-list-csv.js';
import { diffPriceList, type DiffMode, type PriceListPlan } from './price-list-diff.js';

/** Uploads larger than this are refused before parsing (the demo catalogue's list is about 300 KB). */
export const PRICE_LIST_MAX_BYTES = 10 * 1024 * 1024;

type ImportRow = typeof priceListImports.$inferSelect;
type VersionRow = typeof priceListVersions.$inferSelect;
type StoredPreview = PriceListPlan['preview'];

/** `GET /v1/provider/catalog/export.csv`: the live price list. */
export async function exportPriceList(deps: ProviderDeps, actor: ProviderActor): Promise<string> {
  requireProvider(actor);
  const snapshot = await deps.catalog.get();
  return exportCsv(snapshot.vehicles);
}

/**
 * `POST /v1/provider/catalog/imports`: reads the file and compares it with the live catalogue. The
 * preview is kept with the file; nothing is live until it is published.
 */
export async function createImport(
  deps: ProviderDeps,
  actor: ProviderActor,
  file: { name: string; bytes: Buffer },
  ctx: ProviderCtx,
): Promise<PriceListPreview> {
  requireProvider(actor);
  if (file.bytes.length > PRICE_LIST_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', 'Die Datei ist zu groß (höchstens 10 MB).');
  // A NUL byte, a control character or bytes that are not UTF-8: a 400 naming row and column, nothing stored.
  const csv = decodeUploadedText(file.bytes);
  const now = deps.clock.now();
  const snapshot = await deps.catalog.get();
  const plan = previewOf(file.bytes, snapshot.vehicles, 'upload');
  const [row] = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(priceListImports)
      .values({
        fileName: file.name,
        csv,
        preview: plan.preview,
        errorCount: plan.preview.counts.errors,
        baseCatalogVersion: snapshot.version,
        createdAt: now,
        createdBy: actor.id,
      })
      .returning();
    await recordAudit(tx, {
      actorUserId: actor.id,
      tenantId: null,
      action: 'provider.price_list.uploaded',
      subjectType: 'price_list_import',
      subjectId: inserted[0]?.id ?? null,
      fields: ['file'],
      requestId: ctx.requestId,
      at: now,
    });
    return inserted;
  });
  if (!row) throw new Error('import insert failed');
  return previewResponse(row);
}

function previewOf(bytes: Buffer, live: Parameters<typeof diffPriceList>[2], mode: DiffMode): PriceListPlan {
  const parsed = parsePriceList(bytes);
  const plan = diffPriceList(parsed.rows, parsed.errors, live, mode);
  plan.preview.counts.rows = parsed.rowCount;
  return plan;
}

function previewResponse(row: ImportRow): PriceListPreview {
  const preview = storedPreview(row.preview);
  return {
    importId: row.id,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    publishable: row.status === 'PREVIEW' && row.errorCount === 0,
    ...preview,
  };
}

/** A stored preview; those stored before vehicles had changes of their own have none listed. */
function storedPreview(json: unknown): StoredPreview {
  const preview = json as Omit<StoredPreview, 'changedVehicles' | 'counts'> & {
    changedVehicles?: StoredPreview['changedVehicles'];
    counts: Omit<StoredPreview['counts'], 'changedVehicles'> & { changedVehicles?: number };
  };
  return {
    ...preview,
    changedVehicles: preview.changedVehicles ?? [],
    counts: { ...preview.counts, changedVehicles: preview.counts.changedVehicles ?? 0 },
  };
}

export async function getImport(deps: ProviderDeps, actor: ProviderActor, importId: string): Promise<PriceListPreview> {
  requireProvider(actor);
  const [row] = await deps.db.select().from(priceListImports).where(eq(priceListImports.id, importId));
  if (!row) throw notFound('Import nicht gefunden');
  return previewResponse(row);
}

/**
 * `POST /v1/provider/catalog/imports/{id}/publish`: applies the previewed file in one transaction.
 * The catalogue is locked meanwhile (one publish at a time) and compared again: if it changed since
 * the preview in a way that changes the outcome, nothing is applied and the file must be uploaded
 * again. Any failure rolls everything back.
 */
export async function publishImport(
  deps: ProviderDeps,
  actor: ProviderActor,
  importId: string,
  ctx: ProviderCtx,
): Promise<PriceListVersion> {
  requireProvider(actor);
  const now = deps.clock.now();
  const version = await deps.db.transaction(async (tx) => {
    const live = await lockedCatalogue(tx);
    const [row] = await tx.select().from(priceListImports).where(eq(priceListImports.id, importId)).for('update');
    if (!row) throw notFound('Import nicht gefunden');
    if (row.status !== 'PREVIEW') throw conflict('Diese Preisliste wurde bereits veröffentlicht.');
    if (row.errorCount > 0) throw invalidList(storedPreview(row.preview));
    const plan = previewOf(Buffer.from(row.csv, 'utf8'), live.vehicles, 'upload');
    if (plan.preview.counts.errors > 0 || !samePreview(plan.preview, storedPreview(row.preview))) {
      throw conflict(
        'Der Katalog hat sich seit der Vorschau geändert. Bitte exportieren Sie die Preisliste neu und laden Sie sie erneut hoch.',
      );
    }
    const previousCsv = exportCsv(live.vehicles);
    await applyCatalogueChanges(tx, plan);
    await tx.update(priceListImports).set({ status: 'PUBLISHED' }).where(eq(priceListImports.id, row.id));
    return recordVersion(tx, actor, ctx, now, {
      kind: 'PUBLISH',
      importId: row.id,
      rolledBackVersionId: null,
      fileName: row.fileName,
      csv: row.csv,
      previousCsv,
      counts: plan.preview.counts,
    });
  });
  return versionResponse(deps.db, version, version.id);
}

/**
 * `POST /v1/provider/catalog/versions/{id}/rollback`: the price list as it was before that version
 * was published comes back, withdrawn packages with their old ids (orders keep pointing at them). It
 * is published as a new version, so a rollback can itself be rolled back.
 */
export async function rollbackVersion(
  deps: ProviderDeps,
  actor: ProviderActor,
  versionId: number,
  ctx: ProviderCtx,
): Promise<PriceListVersion> {
  requireProvider(actor);
  const now = deps.clock.now();
  const version = await deps.db.transaction(async (tx) => {
    const live = await lockedCatalogue(tx);
    const [target] = await tx.select().from(priceListVersions).where(eq(priceListVersions.id, versionId));
    if (!target) throw notFound('Version nicht gefunden');
    const plan = previewOf(Buffer.from(target.previousCsv, 'utf8'), live.vehicles, 'restore');
    if (plan.preview.counts.errors > 0) throw invalidList(plan.preview);
    const previousCsv = exportCsv(live.vehicles);
    await applyCatalogueChanges(tx, plan);
    return recordVersion(tx, actor, ctx, now, {
      kind: 'ROLLBACK',
      importId: null,
      rolledBackVersionId: target.id,
      fileName: `Stand vor Version ${target.id}`,
      csv: target.previousCsv,
      previousCsv,
      counts: plan.preview.counts,
    });
  });
  return versionResponse(deps.db, version, version.id);
}

/** Locks the catalogue for this transaction (one publish or rollback at a time) and reads it. */
async function lockedCatalogue(tx: Database) {
  const [state] = await tx.select().from(catalogState).where(eq(catalogState.id, 1)).for('update');
  return loadSnapshot(tx, Number(state?.version ?? 0));
}

function invalidList(preview: StoredPreview): AppError {
  return new AppError('PRICE_LIST_INVALID', 'Die Preisliste enthält Fehler und kann nicht veröffentlicht werden.', {
    errors: preview.errors.map((e) => ({
      field: `Zeile ${e.row}${e.column ? `, ${e.column}` : ''}`,
      message: e.message,
    })),
  });
}

/** Same outcome: the stored preview went through jsonb, which reorders keys, hence the canonical form. */
function samePreview(a: StoredPreview, b: StoredPreview): boolean {
  const essence = (p: StoredPreview) =>
    canonical([p.added, p.changed, p.changedVehicles, p.withdrawn, p.counts.newVehicles]);
  return essence(a) === essence(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

async function recordVersion(
  tx: Database,
  actor: ProviderActor,
  ctx: ProviderCtx,
  now: Date,
  input: {
    kind: VersionRow['kind'];
    importId: string | null;
    rolledBackVersionId: number | null;
    fileName: string;
    csv: string;
    previousCsv: string;
    counts: StoredPreview['counts'];
  },
): Promise<VersionRow> {
  const [row] = await tx
    .insert(priceListVersions)
    .values({
      kind: input.kind,
      importId: input.importId,
      rolledBackVersionId: input.rolledBackVersionId,
      fileName: input.fileName,
      csv: input.csv,
      previousCsv: input.previousCsv,
      added: input.counts.added,
      // A vehicle whose figures changed counts once, however many of its packages stayed as they were.
      changed: input.counts.changed + input.counts.changedVehicles,
      withdrawn: input.counts.withdrawn,
      publishedAt: now,
      publishedBy: actor.id,
    })
    .returning();
  if (!row) throw new Error('version insert failed');
  await recordAudit(tx, {
    actorUserId: actor.id,
    tenantId: null,
    action: input.kind === 'PUBLISH' ? 'provider.price_list.published' : 'provider.price_list.rolled_back',
    subjectType: 'price_list_version',
    subjectId: String(row.id),
    fields: ['added', 'changed', 'withdrawn'],
    requestId: ctx.requestId,
    at: now,
  });
  return row;
}

/**
 * `GET /v1/provider/catalog/versions`: one page of the published price lists, searched (file name, or
 * the version's number when the term is one) and sorted in the database. `current` marks the newest
 * version of all, whichever page it is on.
 */
export async function listVersions(
  deps: ProviderDeps,
  actor: ProviderActor,
  input: PriceListVersionsQuery = {},
): Promise<PriceListVersionsPage> {
  requireProvider(actor);
  const query = PriceListVersionsQuerySchema.parse(input);
  const queries = versionPageQueries(deps.db, query);
  const [rows, [total], [newest]] = await Promise.all([
    queries.rows,
    queries.total,
    deps.db.select({ id: max(priceListVersions.id) }).from(priceListVersions),
  ]);
  const names = await namesOf(
    deps.db,
    rows.map((r) => r.publishedBy),
  );
  return {
    items: rows.map((r) => ({
      ...r,
      publishedAt: r.publishedAt.toISOString(),
      publishedBy: r.publishedBy ? (names.get(r.publishedBy) ?? null) : null,
      current: r.id === newest?.id,
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The statements of one page of versions and of how many match (also EXPLAINed at size). */
export function versionPageQueries(db: Database, query: PriceListVersionsQuery & { page: number; pageSize: number }) {
  const where = versionSearch(query.q);
  return {
    rows: db
      .select(VERSION_LIST_COLUMNS)
      .from(priceListVersions)
      .where(where)
      .orderBy(query.sort === 'oldest' ? asc(priceListVersions.id) : desc(priceListVersions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    total: db.select({ n: count() }).from(priceListVersions).where(where),
  };
}

/** The list's columns: never the files themselves. */
const VERSION_LIST_COLUMNS = {
  id: priceListVersions.id,
  kind: priceListVersions.kind,
  fileName: priceListVersions.fileName,
  publishedAt: priceListVersions.publishedAt,
  publishedBy: priceListVersions.publishedBy,
  added: priceListVersions.added,
  changed: priceListVersions.changed,
  withdrawn: priceListVersions.withdrawn,
  rolledBackVersionId: priceListVersions.rolledBackVersionId,
};

/** A number alone (`12`, `#12`) is a version; anything else is looked for in the file names. */
function versionSearch(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  if (/^#?\d{1,9}$/.test(q)) return eq(priceListVersions.id, Number(q.replace('#', '')));
  return ilike(priceListVersions.fileName, containsPattern(q));
}

/** The file of a version (for a rollback's version: the price list it restored). */
export async function versionFile(
  deps: ProviderDeps,
  actor: ProviderActor,
  versionId: number,
): Promise<{ fileName: string; csv: string }> {
  requireProvider(actor);
  const [row] = await deps.db
    .select({ fileName: priceListVersions.fileName, csv: priceListVersions.csv })
    .from(priceListVersions)
    .where(eq(priceListVersions.id, versionId));
  if (!row) throw notFound('Version nicht gefunden');
  return { fileName: row.fileName, csv: neutralizedFile(row.csv) };
}

async function versionResponse(db: Database, row: VersionRow, newest: number): Promise<PriceListVersion> {
  const names = await namesOf(db, [row.publishedBy]);
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedBy ? (names.get(row.publishedBy) ?? null) : null,
    added: row.added,
    changed: row.changed,
    withdrawn: row.withdrawn,
    rolledBackVersionId: row.rolledBackVersionId,
    current: row.id === newest,
  };
}

async function namesOf(db: Database, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}
