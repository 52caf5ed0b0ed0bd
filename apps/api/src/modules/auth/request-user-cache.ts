import type { Database } from '../../db/client.js';
import { currentDbScope } from '../../db/scope.js';
import { ScopedPglite, scopeKey } from '../../db/scoped-drivers.js';

/**
 * The answer of the per-request user statement, kept only where it provably cannot be stale: on the
 * embedded database (one process owns it, client.ts `lockDataDir`), and only while no statement that
 * could change data has been asked for since it was read (`ScopedPglite.writeGeneration`). Logout,
 * revocation, reuse detection, a role change, disabling, erasure and new versions are all writes in
 * this process, so each ends every kept answer before the next request. The session's end by time is
 * compared on every request (the answer keeps the end, not "open"). On PostgreSQL other instances write
 * too: nothing is kept there.
 */
export class UnchangedReadCache<T> {
  private readonly entries = new Map<string, { generation: number; value: T }>();

  constructor(
    private readonly client: ScopedPglite,
    private readonly maxEntries: number,
  ) {}

  async read(key: string, load: () => Promise<T>): Promise<T> {
    const before = this.client.writeGeneration;
    const kept = this.entries.get(key);
    if (kept && kept.generation === before) return kept.value;
    const value = await load();
    // Kept only when nothing that may write was asked for while reading: else it may be older or newer.
    if (this.client.writeGeneration === before) this.keep(key, before, value);
    else this.entries.delete(key);
    return value;
  }

  private keep(key: string, generation: number, value: T): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { generation, value });
  }
}

/** The embedded database's wrapper behind a drizzle database, or null on PostgreSQL. */
export function embeddedClientOf(db: Database): ScopedPglite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof ScopedPglite ? client : null;
}

/** What the user statement's answer depends on besides the data: its parameters and the scope it runs in. */
export function requestUserKey(id: string, sessionId: string): string {
  return `${id}|${sessionId}|${scopeKey(currentDbScope())}`;
}
