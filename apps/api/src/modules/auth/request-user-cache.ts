import type { ChangeFeed } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { currentDbScope } from '../../db/scope.js';
import { ScopedPglite, ScopedPool, scopeKey } from '../../db/scoped-drivers.js';

/**
 * What says whether a kept answer may still be used. `generation` moves with every change that could
 * alter the answer; `confirm()` resolves with the generation once every change made before the call is
 * known (null: nobody can vouch now, read again); `canKeep()` says whether an answer read now may be kept.
 */
export interface Freshness {
  readonly generation: number;
  confirm(): Promise<number | null> | number | null;
  canKeep(): boolean;
}

/**
 * The embedded database: one process owns it (client.ts `lockDataDir`), and every statement of that
 * process that could write counts (`ScopedPglite.writeGeneration`), so an unchanged count is proof.
 */
export function embeddedFreshness(client: ScopedPglite): Freshness {
  return {
    get generation() {
      return client.writeGeneration;
    },
    confirm: () => client.writeGeneration,
    canKeep: () => true,
  };
}

/**
 * PostgreSQL: other instances write too. The change feed (db/change-feed.ts) hears every change to what
 * the answer reads, and confirms, per request, that every change committed before it has been heard.
 */
export function feedFreshness(feed: ChangeFeed): Freshness {
  return {
    get generation() {
      return feed.generation;
    },
    confirm: () => feed.confirm(),
    canKeep: () => feed.listening,
  };
}

/**
 * The answer of the per-request user statement, kept only while it provably cannot be stale (ADR 0044):
 * used when no change was heard since it was read, and only after the freshness source confirmed that
 * every change made before this request has been heard. Logout, revocation, reuse detection, a role
 * change, disabling, erasure and new versions are all such changes, so each ends every kept answer
 * before the next request, on every instance. The session's end by time is compared on every request
 * (the answer keeps the end, not "open").
 */
export class ConfirmedReadCache<T> {
  private readonly entries = new Map<string, { generation: number; value: T }>();

  constructor(
    private readonly freshness: Freshness,
    private readonly maxEntries: number,
  ) {}

  async read(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.entries.get(key);
    if (kept && kept.generation === this.freshness.generation) {
      const confirming = this.freshness.confirm();
      const confirmed = typeof confirming === 'number' || confirming === null ? confirming : await confirming;
      if (confirmed === kept.generation) return kept.value;
    }
    const before = this.freshness.generation;
    const value = await load();
    // Kept only when no change was heard while reading: else it may be older or newer than the data.
    if (this.freshness.canKeep() && this.freshness.generation === before) this.keep(key, before, value);
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

/** How to know a kept answer is fresh on this database, or null where nothing may be kept. */
export function freshnessOf(db: Database): Freshness | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof ScopedPglite) return embeddedFreshness(client);
  if (client instanceof ScopedPool && client.changeFeed) return feedFreshness(client.changeFeed);
  return null;
}

/** What the user statement's answer depends on besides the data: its parameters and the scope it runs in. */
export function requestUserKey(id: string, sessionId: string): string {
  return `${id}|${sessionId}|${scopeKey(currentDbScope())}`;
}
