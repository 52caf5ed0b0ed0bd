import fs from 'node:fs';
import net from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase } from '../db/client.js';
import { isDatabaseUnavailable } from '../lib/database-unavailable.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { bearer, loginAs, openTestDatabase, TestClock, testConfig } from '../test-support/harness.js';

/**
 * A TCP hop between the app and PostgreSQL that the test can cut and restore, like a database
 * restart or failover seen from the app.
 */
class CuttableLink {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async open(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

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
