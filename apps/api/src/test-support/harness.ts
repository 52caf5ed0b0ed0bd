import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';

import { loadConfig, type AppConfig } from '../config/env.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { users } from '../db/schema.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../modules/demo/accounts.js';
import type { Clock } from '../lib/clock.js';
import { startRuntime, type Runtime } from '../runtime.js';
import { pgliteFromTemplate, postgresFromTemplate } from './database-templates.js';
import {
  adminQuery,
  databaseUrl,
  SET_UP_LOG_ENV,
  TEMPLATES_ENV,
  type TemplateKind,
  type TemplateSet,
} from './template-set.js';

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

/**
 * The run's database templates (`test-support/global-setup.ts` made them and named them in the
 * environment the test workers inherit); null outside such a run, e.g. in a bench.
 */
export function runTemplates(): TemplateSet | null {
  const named = process.env[TEMPLATES_ENV];
  return named ? (JSON.parse(named) as TemplateSet) : null;
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  const dataDir = path.join(os.tmpdir(), `leasing-test-${crypto.randomUUID()}`);
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    // The demo template's secrets are encrypted with the run's key: a test app reads them with it.
    DATA_ENCRYPTION_KEY: runTemplates()?.dataEncryptionKey ?? crypto.randomBytes(32).toString('base64'),
    ...overrides,
  });
}

/**
 * Which template a test app starts from: the demo one when the demo data it would load is exactly
 * the template's (same key, standard catalogue), else the migrated one, and the runtime loads what
 * the configuration asks for on top.
 */
function templateFor(config: AppConfig, overrides: Record<string, string>): TemplateKind {
  const sameDemo = !('DATA_ENCRYPTION_KEY' in overrides) && config.demoCatalogSize === undefined;
  return config.demoData && sameDemo ? 'demo' : 'migrated';
}

export async function createTestApp(
  target: DatabaseTargetName,
  options: {
    env?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    listen?: boolean;
    /** The README's demo accounts and catalogue (default); `false` starts from an empty database. */
    demo?: boolean;
    /**
     * With `listen`: links name the port it listens on (default). `false` leaves PUBLIC_URL unset, as
     * after the README's `npm start`: the default origin is `http://localhost:<port>`.
     */
    publicUrl?: boolean;
  } = {},
): Promise<TestApp> {
  // Flows through the identity provider need real HTTP (the simulator calls back into the app), and
  // links must point at the port the app listens on.
  const started = performance.now();
  const port = options.listen ? await freePort() : undefined;
  const env = {
    ...(port && options.publicUrl !== false ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...(port ? { PORT: String(port) } : {}),
    ...(options.demo === false ? { DEMO_DATA: 'false' } : {}),
    ...options.env,
  };
  const config = testConfig(env);
  const clock = new TestClock();
  const { database, dropDatabase } = await openTestDatabase(target, { from: templateFor(config, env) });
  const runtime = await startRuntime(config, {
    clock,
    database,
    // Tests run the scheduled jobs by hand, at the moments they choose.
    startJobs: false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  if (port) await runtime.app.listen({ port, host: '127.0.0.1' });
  recordSetUpTime(target, performance.now() - started);
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

/** The run's set-up log (see global-setup.ts): one line per test app, its database kind and milliseconds. */
function recordSetUpTime(target: DatabaseTargetName, ms: number): void {
  const log = process.env[SET_UP_LOG_ENV];
  if (log) fs.appendFileSync(log, `${target}\t${Math.round(ms)}\n`);
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

/**
 * A database of its own for a test file: `empty` (not even migrated: for the migrations' own
 * tests), or a copy of one of the run's templates (see `database-templates.ts`). Without templates
 * (outside the run's set-up) a template kind is made the slow way: an empty database the runtime
 * migrates and fills on start.
 */
export async function openTestDatabase(
  target: DatabaseTargetName,
  options: { from?: 'empty' | TemplateKind } = {},
): Promise<{ database: DatabaseHandle; url?: string; dropDatabase: () => Promise<void> }> {
  const templates = options.from && options.from !== 'empty' ? runTemplates() : null;
  const kind = options.from && options.from !== 'empty' ? options.from : null;
  if (target === 'pglite') {
    const database =
      templates && kind
        ? await openDatabase({ kind: 'pglite', client: pgliteFromTemplate(templates, kind) })
        : await openDatabase({ kind: 'pglite', dataDir: null });
    return { database, dropDatabase: async () => undefined };
  }
  const serverUrl = process.env['TEST_DATABASE_URL'];
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `leasing_test_${crypto.randomBytes(6).toString('hex')}`;
  if (templates?.postgresTemplates && kind) await postgresFromTemplate(serverUrl, templates, kind, name);
  else await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(serverUrl, name);
  const database = await openDatabase({ kind: 'postgres', url });
  return {
    database,
    url,
    dropDatabase: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

export { adminQuery };

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
