import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

import { timed } from '../lib/request-timing.js';
import type { ChangeFeed } from './change-feed.js';
import { currentDbScope, SCOPE_SQL, type DbScope, type ScopeParameters, type ScopeSigner } from './scope.js';

/**
 * The two database drivers as drizzle sees them, with one addition: before a connection is used, the
 * session is switched to the application role and told, signed, who is asking (db/scope.ts), so the
 * row-level security policies apply to every query. Until `enforce()` (after the migrations made the
 * role, the policies and the signing key) they pass through unchanged.
 */

/** What identifies a scope on a connection: an unchanged one is not sent again. */
export function scopeKey(scope: DbScope): string {
  return 'userId' in scope ? `${scope.role}|${scope.tenantId ?? ''}|${scope.userId}` : scope.role;
}

/** node-postgres keeps the server's backend pid of each connection (from its BackendKeyData). */
function backendPidOf(client: pg.PoolClient): number {
  const pid = (client as unknown as { processID: unknown }).processID;
  if (typeof pid !== 'number') throw new Error('The database connection did not say its backend pid');
  return pid;
}

/** What drizzle's node-postgres session uses of a pool: `query`, and `connect` for transactions. */
export class ScopedPool {
  /** Hears changes made by every instance (kept answers, ADR 0044); set by whoever opened the pool. */
  changeFeed: ChangeFeed | null = null;
  private signer: ScopeSigner | null = null;
  /** The scope each pooled connection was last given, so an unchanged scope costs no round trip. */
  private applied = new WeakMap<pg.PoolClient, string>();

  constructor(private readonly pool: pg.Pool) {}

  enforce(signer: ScopeSigner): void {
    this.signer = signer;
    this.applied = new WeakMap();
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if (!this.signer) return client;
    const scope = currentDbScope();
    const key = scopeKey(scope);
    if (this.applied.get(client) === key) return client;
    try {
      const parameters = this.signer.parameters(scope, backendPidOf(client));
      await timed('scope', () => client.query(SCOPE_SQL, parameters));
    } catch (error) {
      client.release(error instanceof Error ? error : true);
      throw error;
    }
    this.applied.set(client, key);
    return client;
  }

  async query(config: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    const client = await this.connect();
    try {
      return await client.query(config, values);
    } finally {
      client.release();
    }
  }
}

type PgliteQuery = PGlite['query'];

/**
 * PGlite has one session for everyone: the scope is set and the query run as one step under a lock,
 * so two requests' queries cannot interleave between the two.
 */
export class ScopedPglite {
  private signing: { signer: ScopeSigner; backendPid: number } | null = null;
  private applied: string | null = null;
  private tail: Promise<unknown> = Promise.resolve();
  /**
   * Counts the statements that may have changed data, counted when they are asked for (they run in
   * that order, see `exclusive`). This process is the only one on the database (the directory lock,
   * client.ts), so while it is unchanged a read marked read-only would answer as it did.
   */
  private possibleWrites = 0;
  private readonly readOnly = new Set<string>();

  constructor(private readonly client: PGlite) {}

  /** `backendPid`: of the one session, read once by the caller. */
  enforce(signer: ScopeSigner, backendPid: number): void {
    this.signing = { signer, backendPid };
    this.applied = null;
    // The migrations ran on the client itself, past this wrapper.
    this.possibleWrites++;
  }

  /** A statement (its exact text) that only reads: running it does not count as a possible write. */
  markReadOnly(statement: string): void {
    this.readOnly.add(statement);
  }

  /** Changes whenever any statement other than a read-only one has been asked for. */
  get writeGeneration(): number {
    return this.possibleWrites;
  }

  query: PgliteQuery = (async (...args: Parameters<PgliteQuery>) => {
    if (!this.readOnly.has(args[0])) this.possibleWrites++;
    if (!this.signing) return this.client.query(...args);
    const scope = currentDbScope();
    return this.exclusive(async () => {
      await this.apply(scope);
      return this.client.query(...args);
    });
  }) as PgliteQuery;

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    this.possibleWrites++;
    if (!this.signing) return this.client.transaction(work);
    const parameters = this.parameters(currentDbScope());
    return this.exclusive(async () => {
      try {
        return await this.client.transaction(async (tx) => {
          await tx.query(SCOPE_SQL, parameters);
          return work(tx);
        });
      } finally {
        // Settings made inside a transaction roll back with it: set them afresh next time.
        this.applied = null;
      }
    });
  }

  private parameters(scope: DbScope): ScopeParameters {
    if (!this.signing) throw new Error('The scope is signed only once enforcing');
    return this.signing.signer.parameters(scope, this.signing.backendPid);
  }

  private async apply(scope: DbScope): Promise<void> {
    const key = scopeKey(scope);
    if (this.applied === key) return;
    const parameters = this.parameters(scope);
    await timed('scope', () => this.client.query(SCOPE_SQL, parameters));
    this.applied = key;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
