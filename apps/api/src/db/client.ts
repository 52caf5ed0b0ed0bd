import fs from 'node:fs';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import * as schema from './schema.js';
import { ChangeFeed } from './change-feed.js';
import { APPLICATION_DB_ROLE, SCOPE_KEY_SQL, ScopeSigner } from './scope.js';
import { ScopedPglite, ScopedPool } from './scoped-drivers.js';

export type Schema = typeof schema;
/** The query interface shared by both drivers; services and repositories only see this. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** Applies pending migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, demo data) so that instances starting together take turns: on
   * PostgreSQL under an advisory lock, on PGlite the directory lock already makes it one process.
   */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Whether the application's own connections log in as the tables' owner (then row-level security
   * rests on switching to leasing_app per session) rather than as a role that owns nothing. Known
   * after `migrate()`; the embedded database has one user, the owner.
   */
  connectsAsOwner(): boolean;
  /**
   * After loading much data, what autovacuum would do in its own time, as the tables' owner (the
   * application role owns no table, and PostgreSQL skips, with a warning, every table whose owner did
   * not ask): on PostgreSQL VACUUM (ANALYZE), statistics and the visibility map the lists' index-only
   * counts need (migration 0037); on the embedded database ANALYZE.
   */
  refreshStatistics(): Promise<void>;
  /** Connections of the pool (metrics); the embedded database has one, always open. */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export class DatabaseStartError extends Error {}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');
/** Arbitrary constant key of the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_362_001;

/**
 * `ownerUrl`: the owner's connection for migrations, when `url` names the application's own login role.
 * `client`: an embedded database opened by the caller (in memory, e.g. from a copied data directory).
 */
export type DatabaseTarget =
  | { kind: 'postgres'; url: string; ownerUrl?: string | undefined }
  | { kind: 'pglite'; dataDir: string | null }
  | { kind: 'pglite'; client: PGlite };

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') return openPostgres(target.url, target.ownerUrl);
  return 'client' in target ? openPglite(null, target.client) : openPglite(target.dataDir);
}

async function openPostgres(url: string, ownerUrl: string | undefined): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A database that is away must answer within seconds, never hang a request (then: 503).
    connectionTimeoutMillis: 3_000,
    query_timeout: 5_000,
    statement_timeout: 4_000,
    idle_in_transaction_session_timeout: 30_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor may one that drops while checked out between two queries: its next query fails (→ 503).
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseStartError(`Cannot connect to DATABASE_URL: ${describe(error)}`);
  }
  const scoped = new ScopedPool(pool);
  // Listens once the migrations made its triggers (0036); until then it vouches for nothing.
  const changeFeed = new ChangeFeed(url);
  scoped.changeFeed = changeFeed;
  const db = drizzlePg({ client: scoped as unknown as pg.Pool, schema }) as unknown as Database;
  let closed = false;
  let asOwner = true;
  let signer: ScopeSigner | null = null;
  // Start-up work waits for other instances and may run long statements (migrations): it gets a
  // connection of its own, without the request timeouts of the pool. Ending that session also frees
  // the lock, should the process die while holding it.
  const startupConnection = async (): Promise<pg.Client> => {
    const client = new pg.Client({
      connectionString: ownerUrl ?? url,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
    });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const withStartupLock = async <T>(work: () => Promise<T>): Promise<T> => {
    const lockClient = await startupConnection();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await work();
    } finally {
      await lockClient.end().catch(() => undefined);
    }
  };
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await withStartupLock(async () => {
        // Migrations run as the owner, on behalf of the platform (policies that FORCE apply to it too).
        const client = await startupConnection();
        try {
          await client.query(`select set_config('app.role', 'SYSTEM', false)`);
          await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
          signer = await readScopeSigner(client);
        } finally {
          await client.end().catch(() => undefined);
        }
      });
      const role = await describeLoginRole(pool);
      refuseUnsafeApplicationRole(role, Boolean(ownerUrl));
      asOwner = role.ownsTables || role.superuser;
      if (!signer) throw new DatabaseStartError('The migrations left no scope signing key');
      scoped.enforce(signer);
      await changeFeed.start();
    },
    connectsAsOwner: () => asOwner,
    withStartupLock,
    async refreshStatistics() {
      const client = await startupConnection();
      try {
        await client.query('VACUUM (ANALYZE)');
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await changeFeed.close();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null, opened?: PGlite): Promise<DatabaseHandle> {
  const release = dataDir ? lockDataDir(dataDir) : () => undefined;
  let client: PGlite;
  try {
    client = opened ?? (dataDir ? new PGlite(path.join(dataDir, 'pgdata')) : new PGlite());
    await client.waitReady;
  } catch (error) {
    release();
    throw new DatabaseStartError(`Cannot open the embedded database in ${dataDir ?? 'memory'}: ${describe(error)}`);
  }
  const scoped = new ScopedPglite(client);
  const db = drizzlePglite({ client: scoped as unknown as PGlite, schema }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      // One process owns the directory (see lockDataDir), so no database lock is needed here. The one
      // session may have been switched to the application role by earlier use: back to the owner.
      await client.query('reset role');
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      const signer = await readScopeSigner(client);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      scoped.enforce(signer, Number(rows[0]?.pid));
    },
    withStartupLock: (work) => work(),
    connectsAsOwner: () => true,
    async refreshStatistics() {
      // The one session may be the application role's now: the owner (its login) for this
      // transaction only, so the scope the driver set stays as it was.
      await client.exec('BEGIN; SET LOCAL ROLE NONE; ANALYZE; COMMIT;');
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await client.query('select 1');
    },
    poolStats: () => ({ total: 1, idle: 1, waiting: 0 }),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      release();
    },
  };
}

/** The key of the scope signatures, read by the owner after the migrations made it (0021_signed_scope). */
async function readScopeSigner(owner: Pick<pg.Client, 'query'> | Pick<PGlite, 'query'>): Promise<ScopeSigner> {
  const result = await (owner as Pick<pg.Client, 'query'>).query<{ secret: Uint8Array }>(SCOPE_KEY_SQL);
  const secret = result.rows[0]?.secret;
  if (!secret) throw new DatabaseStartError('The database has no scope signing key (migration 0021)');
  return new ScopeSigner(Buffer.from(secret));
}

interface LoginRole {
  name: string;
  superuser: boolean;
  bypassesRls: boolean;
  ownsTables: boolean;
  actsAsApplication: boolean;
}

/** What the pool's login role may do, read before any scope is set (the pool is not enforcing yet). */
async function describeLoginRole(pool: pg.Pool): Promise<LoginRole> {
  const { rows } = await pool.query<LoginRole>(
    `select r.rolname as name, r.rolsuper as superuser, r.rolbypassrls as "bypassesRls",
            exists (select 1 from pg_tables t where t.schemaname = 'public' and t.tableowner = r.rolname) as "ownsTables",
            pg_has_role(r.rolname, $1, 'MEMBER') as "actsAsApplication"
       from pg_roles r where r.rolname = session_user`,
    [APPLICATION_DB_ROLE],
  );
  const role = rows[0];
  if (!role) throw new DatabaseStartError('Cannot read the login role of DATABASE_URL');
  return role;
}

/**
 * With a separate owner for migrations, DATABASE_URL must name a role that row-level security holds:
 * a superuser, a BYPASSRLS role or the tables' owner could turn it off. Refuse to start rather than
 * run with a backstop that is not there. Without one, the login role only has to be able to act as
 * leasing_app (a DBA may have made that role without granting it).
 */
function refuseUnsafeApplicationRole(role: LoginRole, separateOwner: boolean): void {
  if (!separateOwner) {
    if (role.actsAsApplication) return;
    throw new DatabaseStartError(
      `DATABASE_URL logs in as "${role.name}", which is not a member of ${APPLICATION_DB_ROLE}; ` +
        `a DBA runs GRANT ${APPLICATION_DB_ROLE} TO "${role.name}" once (docs/deploy.md)`,
    );
  }
  const problem = role.superuser
    ? 'is a superuser'
    : role.bypassesRls
      ? 'has BYPASSRLS'
      : role.ownsTables
        ? 'owns the tables'
        : !role.actsAsApplication
          ? `is not a member of ${APPLICATION_DB_ROLE}`
          : null;
  if (problem) {
    throw new DatabaseStartError(
      `DATABASE_URL logs in as "${role.name}", which ${problem}; with DATABASE_OWNER_URL set it must name a role ` +
        `that owns nothing and is a member of ${APPLICATION_DB_ROLE} (docs/deploy.md)`,
    );
  }
}

/**
 * PGlite is single-process: two processes on one directory silently lose writes. A lock file with
 * the owner's pid refuses a second instance; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8'));
      if (isAlive(owner) && owner !== process.pid) {
        throw new DatabaseStartError(
          `The embedded database in ${dataDir} is in use by process ${owner}; stop it or set another DATA_DIR`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new DatabaseStartError(`Cannot lock the embedded database in ${dataDir}`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return describe(error.errors[0]);
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
