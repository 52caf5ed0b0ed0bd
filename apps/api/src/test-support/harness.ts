import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import pg from 'pg';

import { loadConfig, type AppConfig } from '../config/env.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../modules/demo/accounts.js';
import type { Clock } from '../lib/clock.js';
import { startRuntime, type Runtime } from '../runtime.js';

/**
 * Integration tests drive the real app in-process (`app.inject`) against a fresh database per test
 * file: an in-memory PGlite always, and a fresh database on a real PostgreSQL server when
 * TEST_DATABASE_URL is set.
 */
export type DatabaseTargetName = 'pglite' | 'postgres';

export function databaseTargets(): DatabaseTargetName[] {
  return process.env['TEST_DATABASE_URL'] ? ['pglite', 'postgres'] : ['pglite'];
}

/** A clock tests can move. */
export class TestClock implements Clock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  set(date: Date): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  config: AppConfig;
  clock: TestClock;
  close(): Promise<void>;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const dataDir = path.join(os.tmpdir(), `leasing-test-${crypto.randomUUID()}`);
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    ...overrides,
  });
}

export async function createTestApp(
  target: DatabaseTargetName,
  options: { env?: Record<string, string>; logStream?: NodeJS.WritableStream; listen?: boolean } = {},
): Promise<TestApp> {
  // Flows through the identity provider need real HTTP (the simulator calls back into the app), and
  // links must point at the port the app listens on.
  const port = options.listen ? await freePort() : undefined;
  const config = testConfig({ ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}), ...options.env });
  const clock = new TestClock();
  const { database, dropDatabase } = await openTestDatabase(target);
  const runtime = await startRuntime(config, {
    clock,
    database,
    // Tests run the scheduled jobs by hand, at the moments they choose.
    startJobs: false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  if (port) await runtime.app.listen({ port, host: '127.0.0.1' });
  return {
    app: runtime.app,
    runtime,
    config,
    clock,
    async close() {
      await runtime.close();
      await dropDatabase();
      // Generated secrets and other files of the run: tests leave nothing behind.
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nobody listens on right now (taken and released); connecting to it is refused. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function openTestDatabase(
  target: DatabaseTargetName,
): Promise<{ database: DatabaseHandle; url?: string; dropDatabase: () => Promise<void> }> {
  if (target === 'pglite') {
    return { database: await openDatabase({ kind: 'pglite', dataDir: null }), dropDatabase: async () => undefined };
  }
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `leasing_test_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    database,
    url: url.toString(),
    dropDatabase: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** One statement on the server as its administrator (databases and roles of a test). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Logs in through the API like a person would, including the second factor for the demo admins (a
 * code from the demo TOTP secret, computed at the app's clock). Pass `totpSecret` for other enrolled users.
 */
export async function loginAs(
  app: FastifyInstance,
  email: string = DEMO_ACCOUNTS.employee,
  password = DEMO_PASSWORD,
  options: { totpSecret?: string; now?: Date } = {},
): Promise<{ accessToken: string; refreshToken: string }> {
  const response = await app.inject({ method: 'POST', url: '/v1/auth/login', payload: { username: email, password } });
  let body = response.json<LoginAnswer>();
  if (!body.authenticated && body.mfaRequired) {
    const secret = options.totpSecret ?? DEMO_TOTP_SECRET;
    const code = await totpCode(secret, options.now ?? app.orderDeps.clock.now(), app, email);
    const second = await app.inject({
      method: 'POST',
      url: '/v1/auth/mfa',
      payload: { mfaToken: body.mfaToken, code },
    });
    body = second.json<LoginAnswer>();
  }
  if (!body.authenticated) throw new Error(`login failed for ${email}: ${JSON.stringify(body)}`);
  return { accessToken: body.accessToken, refreshToken: body.refreshToken };
}

type LoginAnswer =
  | { authenticated: true; accessToken: string; refreshToken: string }
  | { authenticated: false; mfaRequired?: boolean; mfaToken?: string };

/**
 * A code for the current time step. A code is accepted once per step, so when a test logs the same
 * person in again within 30 seconds the harness forgets the used step first (test support only).
 */
async function totpCode(secret: string, now: Date, app: FastifyInstance, email: string): Promise<string> {
  const step = Math.floor(now.getTime() / 30_000);
  await app.orderDeps.db
    .update(users)
    .set({ mfaLastStep: step - 1 })
    .where(and(eq(users.email, email.toLowerCase()), gte(users.mfaLastStep, step)));
  return generate({ secret, epoch: step * 30 });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
