import fs from 'node:fs';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../db/client.js';
import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { CuttableLink } from '../test-support/cuttable-link.js';
import { bearer, loginAs, openTestDatabase, TestClock, testConfig } from '../test-support/harness.js';

describe('recognising an unreachable database', () => {
  it('takes refused and dropped connections and server shutdowns, not faults in our queries', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })),
    ).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('duplicate key'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe.skipIf(!process.env['TEST_DATABASE_URL'])('while PostgreSQL is away', () => {
  let runtime: Runtime;
  let link: CuttableLink;
  let dropDatabase: () => Promise<void>;
  let accessToken: string;
  const config = testConfig();

  beforeAll(async () => {
    const created = await openTestDatabase('postgres');
    dropDatabase = created.dropDatabase;
    await created.database.close();
    const direct = new URL(created.url ?? '');
    link = new CuttableLink({ host: direct.hostname, port: Number(direct.port || 5432) });
    await link.open();
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(link.port);
    const database = await openDatabase({ kind: 'postgres', url: proxied.toString() });
    runtime = await startRuntime(
      { ...config, databaseUrl: proxied.toString() },
      {
        clock: new TestClock(),
        database,
        startJobs: false,
      },
    );
    accessToken = (await loginAs(runtime.app)).accessToken;
  });
  afterAll(async () => {
    await runtime.close();
    await link.cut();
    await dropDatabase();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After within seconds, and recovers without a restart', async () => {
    const me = () => runtime.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(accessToken) });
    expect((await me()).statusCode).toBe(200);

    await link.cut();
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      const answer = await me();
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
    expect((await runtime.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);

    await link.open();
    let recovered = 0;
    for (let attempt = 0; attempt < 20 && recovered !== 200; attempt++) {
      recovered = (await me()).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(recovered).toBe(200);
    expect((await runtime.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  }, 30_000);
});
