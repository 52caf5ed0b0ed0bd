import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { FieldCipher } from '../lib/field-encryption.js';
import { loadDemoData } from '../modules/demo/seed.js';
import { syncStepDefinitions } from '../modules/orders/repository.js';

/**
 * One migrated database per test run and database kind, cloned for every test file: opening PGlite
 * from scratch runs initdb (seconds), and 38 migrations more; a copy of a migrated data directory
 * opens in a fraction of that, and PostgreSQL copies a template database in milliseconds. Two
 * templates are made: `migrated` (the schema and the step definitions, nothing else) and `demo` (the
 * same plus the README's demo accounts and catalogue, encrypted with the run's key, which every test
 * app of the run is configured with).
 */
export type TemplateKind = 'migrated' | 'demo';

export interface TemplateSet {
  /** base64 of the 32-byte key the demo template's salary profiles and TOTP secrets are encrypted with. */
  dataEncryptionKey: string;
  /** PGlite data directories as `dumpDataDir` wrote them, by kind. */
  pgliteDumps: Record<TemplateKind, string>;
  /** Template databases on TEST_DATABASE_URL's server, by kind; absent without a server. */
  postgresTemplates?: Record<TemplateKind, string>;
}

const KINDS: readonly TemplateKind[] = ['migrated', 'demo'];

/** The environment variable through which the test workers learn the run's templates (JSON). */
export const TEMPLATES_ENV = 'LEASING_TEST_DATABASE_TEMPLATES';
/** The file to which every test app appends how long its set-up took (global-setup.ts sums it up). */
export const SET_UP_LOG_ENV = 'LEASING_TEST_SET_UP_LOG';

/** Builds the run's templates (vitest's global set-up calls it once per run). */
export async function buildTemplates(serverUrl: string | undefined): Promise<{
  templates: TemplateSet;
  remove: () => Promise<void>;
}> {
  const dataEncryptionKey = crypto.randomBytes(32).toString('base64');
  const cipher = new FieldCipher(Buffer.from(dataEncryptionKey, 'base64'));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-templates-'));
  const runId = crypto.randomBytes(4).toString('hex');
  const pgliteDumps = {} as Record<TemplateKind, string>;
  const postgresTemplates = {} as Record<TemplateKind, string>;
  const remove = async () => {
    fs.rmSync(folder, { recursive: true, force: true });
    if (!serverUrl) return;
    for (const name of Object.values(postgresTemplates)) {
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  };
  try {
    await Promise.all(
      KINDS.map(async (kind) => {
        pgliteDumps[kind] = path.join(folder, `pglite-${kind}.tar`);
        await buildPgliteTemplate(kind, cipher, pgliteDumps[kind]);
      }),
    );
    if (serverUrl) {
      for (const kind of KINDS) {
        const name = `leasing_template_${runId}_${kind}`;
        await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
        postgresTemplates[kind] = name;
        await fillTemplate(await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) }), kind, cipher);
      }
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return {
    templates: { dataEncryptionKey, pgliteDumps, ...(serverUrl ? { postgresTemplates } : {}) },
    remove,
  };
}

async function buildPgliteTemplate(kind: TemplateKind, cipher: FieldCipher, file: string): Promise<void> {
  const client = new PGlite();
  const handle = await openDatabase({ kind: 'pglite', client });
  await fillTemplate(handle, kind, cipher, async () => {
    // The owner's session, as a fresh database has it; the copy starts from there.
    await client.query('reset role');
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  });
}

/** Migrates, writes what the runtime's start-up writes, and for `demo` the demo data; then closes. */
async function fillTemplate(
  handle: DatabaseHandle,
  kind: TemplateKind,
  cipher: FieldCipher,
  beforeClose?: () => Promise<void>,
): Promise<void> {
  try {
    await handle.migrate();
    await syncStepDefinitions(handle.db);
    if (kind === 'demo') await loadDemoData(handle.db, cipher, undefined);
    await beforeClose?.();
  } finally {
    await handle.close();
  }
}

/** A PGlite instance opened from a template's data directory (the caller closes it). */
export function pgliteFromTemplate(templates: TemplateSet, kind: TemplateKind): PGlite {
  const dump = fs.readFileSync(templates.pgliteDumps[kind]);
  return new PGlite({ loadDataDir: new Blob([dump]) });
}

/** A new database on the server copied from a template; the name of the copy. */
export async function postgresFromTemplate(
  serverUrl: string,
  templates: TemplateSet,
  kind: TemplateKind,
  name: string,
): Promise<void> {
  const template = templates.postgresTemplates?.[kind];
  if (!template) throw new Error('The run has no PostgreSQL templates (TEST_DATABASE_URL was unset at set-up)');
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
