import fs from 'node:fs';
import path from 'node:path';

import pg from 'pg';

/**
 * What names the run's database templates (made by `database-templates.ts`, see there): plain data,
 * with nothing of the app imported, so vitest's global set-up can hold and remove them.
 */
export type TemplateKind = 'migrated' | 'demo';

export interface TemplateSet {
  /** base64 of the 32-byte key the demo template's salary profiles and TOTP secrets are encrypted with. */
  dataEncryptionKey: string;
  /** PGlite data directories as `dumpDataDir` wrote them, by kind (all in one folder of the run's). */
  pgliteDumps: Record<TemplateKind, string>;
  /** Template databases on TEST_DATABASE_URL's server, by kind; absent without a server. */
  postgresTemplates?: Record<TemplateKind, string>;
}

export const TEMPLATE_KINDS: readonly TemplateKind[] = ['migrated', 'demo'];

/** The environment variable through which the test workers learn the run's templates (JSON). */
export const TEMPLATES_ENV = 'LEASING_TEST_DATABASE_TEMPLATES';
/** The file to which every test app appends how long its set-up took (global-setup.ts sums it up). */
export const SET_UP_LOG_ENV = 'LEASING_TEST_SET_UP_LOG';

/** Removes the templates' folder and template databases. */
export async function removeTemplates(templates: TemplateSet, serverUrl: string | undefined): Promise<void> {
  const dumps = Object.values(templates.pgliteDumps);
  if (dumps[0]) fs.rmSync(path.dirname(dumps[0]), { recursive: true, force: true });
  if (!serverUrl) return;
  for (const name of Object.values(templates.postgresTemplates ?? {})) {
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
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
