import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';

import { currentDbScope, SCOPE_SQL, scopeParameters } from './scope.js';

/**
 * The two database drivers as drizzle sees them, with one addition: before a connection is used, the
 * session is switched to the application role and told who is asking (db/scope.ts), so the row-level
 * security policies apply to every query. Until `enforce()` (after the migrations made the role and
 * the policies) they pass through unchanged.
 */
export interface ScopedDriver {
  enforce(): void;
}

/** What drizzle's node-postgres session uses of a pool: `query`, and `connect` for transactions. */
export class ScopedPool implements ScopedDriver {
  private enforcing = false;
  /** The scope each pooled connection was last given, so an unchanged scope costs no round trip. */
  private readonly applied = new WeakMap<pg.PoolClient, string>();

  constructor(private readonly pool: pg.Pool) {}

  enforce(): void {
    this.enforcing = true;
  }

  async connect(): Promise<pg.PoolClient> {
    const client = await this.pool.connect();
    if (!this.enforcing) return client;
    const parameters = scopeParameters(currentDbScope());
    const key = parameters.join('|');
    if (this.applied.get(client) === key) return client;
    try {
      await client.query(SCOPE_SQL, parameters);
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
export class ScopedPglite implements ScopedDriver {
  private enforcing = false;
  private applied: string | null = null;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly client: PGlite) {}

  enforce(): void {
    this.enforcing = true;
  }

  query: PgliteQuery = (async (...args: Parameters<PgliteQuery>) => {
    if (!this.enforcing) return this.client.query(...args);
    const parameters = scopeParameters(currentDbScope());
    return this.exclusive(async () => {
      await this.apply(parameters, this.client);
      return this.client.query(...args);
    });
  }) as PgliteQuery;

  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    if (!this.enforcing) return this.client.transaction(work);
    const parameters = scopeParameters(currentDbScope());
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

  private async apply(parameters: [string, string, string], target: Pick<PGlite, 'query'>): Promise<void> {
    const key = parameters.join('|');
    if (this.applied === key) return;
    await target.query(SCOPE_SQL, parameters);
    this.applied = key;
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.tail.then(work, work);
    this.tail = run.catch(() => undefined);
    return run;
  }
}
