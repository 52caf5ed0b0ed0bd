import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openTestDatabase } from '../test-support/harness.js';
import { CHANGE_FEED_APPLICATION, ChangeFeed } from './change-feed.js';
import type { DatabaseHandle } from './client.js';
import type { ScopedPool } from './scoped-drivers.js';

const onServer = Boolean(process.env['TEST_DATABASE_URL']);

/** The change feed exists on a PostgreSQL server only; the embedded database is one process. */
describe.runIf(onServer)('the change feed on PostgreSQL', () => {
  let database: DatabaseHandle;
  let url: string;
  let dropDatabase: () => Promise<void>;
  let owner: pg.Client;
  let feed: ChangeFeed;

  beforeAll(async () => {
    const opened = await openTestDatabase('postgres');
    ({ database, dropDatabase } = opened);
    url = opened.url ?? '';
    await database.migrate();
    const changeFeed = (database.db as unknown as { $client: ScopedPool }).$client.changeFeed;
    if (!changeFeed) throw new Error('the pool has no change feed');
    feed = changeFeed;
    owner = new pg.Client({ connectionString: url });
    await owner.connect();
  }, 120_000);
  afterAll(async () => {
    await owner.end();
    await database.close();
    await dropDatabase();
  });

  const waitUntil = async (condition: () => boolean) => {
    for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(condition()).toBe(true);
  };

  it('has heard every change committed before a confirmation was asked for', async () => {
    for (const change of [
      'update catalog_state set version = version',
      'update refresh_tokens set revoked_at = now() where false',
      'update users set disabled_at = null where false',
      'delete from salary_profiles where false',
      'insert into tenant_policies select * from tenant_policies where false',
    ]) {
      const before = await feed.confirm();
      expect(before).not.toBeNull();
      await owner.query(change);
      // No wait in between: the confirmation's round trip comes back after the change's notification.
      const after = await feed.confirm();
      expect(after, change).toBeGreaterThan(before ?? Infinity);
    }
  });

  it('does not hear what cannot change a signed-in answer, such as a rotation adding a token', async () => {
    const before = await feed.confirm();
    await owner.query('update refresh_tokens set used_at = now() where false');
    await owner.query('select 1');
    expect(await feed.confirm()).toBe(before);
  });

  it('shares one round trip among the requests waiting for it', async () => {
    const confirmations = await Promise.all(Array.from({ length: 50 }, () => feed.confirm()));
    expect(confirmations.every((generation) => typeof generation === 'number')).toBe(true);
    expect(feed.roundTrips).toBeLessThan(50 + 20);
    const before = feed.roundTrips;
    await Promise.all(Array.from({ length: 50 }, () => feed.confirm()));
    // The first is sent at once; whoever arrives while it is on its way waits for the second.
    expect(feed.roundTrips - before).toBeLessThanOrEqual(2);
  });

  it('vouches for nothing once its connection is lost, and listens again', async () => {
    const before = feed.generation;
    await owner.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [
      CHANGE_FEED_APPLICATION,
    ]);
    await waitUntil(() => !feed.listening);
    expect(await feed.confirm()).toBeNull();
    expect(feed.generation).toBeGreaterThan(before);
    await waitUntil(() => feed.listening);
    expect(await feed.confirm()).toBeGreaterThan(before);
  });

  it('answers null at once when it was never started or is closed', async () => {
    const idle = new ChangeFeed(url);
    expect(await idle.confirm()).toBeNull();
    await idle.start();
    expect(await idle.confirm()).not.toBeNull();
    await idle.close();
    expect(await idle.confirm()).toBeNull();
    expect(idle.listening).toBe(false);
  });
});
