import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PGlite } from '@electric-sql/pglite';

import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { FieldCipher } from '../lib/field-encryption.js';
import { loadDemoData } from '../modules/demo/seed.js';
import { syncStepDefinitions } from '../modules/orders/index.js';
import {
  adminQuery,
  databaseUrl,
  removeTemplates,
  TEMPLATE_KINDS,
  type TemplateKind,
  type TemplateSet,
} from './template-set.js';

/**
 * One migrated database per test run and database kind, cloned for every test file: opening PGlite
 * from scratch runs initdb (seconds), and 38 migrations more; a copy of a migrated data directory
 * opens in a fraction of that, and PostgreSQL copies a template database in milliseconds. Two
 * templates are made: `migrated` (the schema and the step definitions, nothing else) and `demo` (the
 * same plus the README's demo accounts and catalogue, encrypted with the run's key, which every test
 * app of the run is configured with). They are built by `build-templates-cli.ts` in a process of its
 * own (the app's sources resolved as `npm run dev` resolves them), named by `template-set.ts`.
 */
/** Builds the run's templates (once per run, see build-templates-cli.ts). */
export async function buildTemplates(serverUrl: string | undefined): Promise<TemplateSet> {
  const dataEncryptionKey = crypto.randomBytes(32).toString('base64');
  const cipher = new FieldCipher(Buffer.from(dataEncryptionKey, 'base64'));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'leasing-templates-'));
  const runId = crypto.randomBytes(4).toString('hex');
  const templates: TemplateSet = {
    dataEncryptionKey,
    pgliteDumps: { migrated: path.join(folder, 'pglite-migrated.tar'), demo: path.join(folder, 'pglite-demo.tar') },
    ...(serverUrl ? { postgresTemplates: {} as Record<TemplateKind, string> } : {}),
  };
  try {
    for (const kind of TEMPLATE_KINDS) await buildPgliteTemplate(kind, cipher, templates.pgliteDumps[kind]);
    if (serverUrl && templates.postgresTemplates) {
      for (const kind of TEMPLATE_KINDS) {
        const name = `leasing_template_${runId}_${kind}`;
        await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
        templates.postgresTemplates[kind] = name;
        await fillTemplate(await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) }), kind, cipher);
      }
    }
  } catch (error) {
    await removeTemplates(templates, serverUrl);
    throw error;
  }
  return templates;
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
