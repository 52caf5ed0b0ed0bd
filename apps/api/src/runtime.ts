import type { FastifyInstance } from 'fastify';

import { buildApp } from './app.js';
import type { AppConfig } from './config/env.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { loadDemoData } from './modules/demo/index.js';
import { resealLegacySnapshots, syncStepDefinitions } from './modules/orders/index.js';
import type { Clock } from './lib/clock.js';
import { FieldCipher } from './lib/field-encryption.js';
import { warmPasswordHasher } from './lib/password.js';
import { warmPasswordPolicy } from './lib/password-policy.js';
import { loadOrCreateSecret } from './lib/secrets.js';

export interface Runtime {
  app: FastifyInstance;
  database: DatabaseHandle;
  seeded: boolean;
  close(): Promise<void>;
}

export function createFieldCipher(config: AppConfig): FieldCipher {
  const key = config.dataEncryptionKey
    ? Buffer.from(config.dataEncryptionKey, 'base64')
    : loadOrCreateSecret(config.dataDir, 'data-encryption');
  return new FieldCipher(key);
}

/**
 * Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR), migrates it,
 * loads demo data into an empty database when enabled, and builds the app.
 */
export async function startRuntime(
  config: AppConfig,
  options: { clock?: Clock; logStream?: NodeJS.WritableStream; database?: DatabaseHandle; startJobs?: boolean } = {},
): Promise<Runtime> {
  const database =
    options.database ??
    (await openDatabase(
      config.databaseUrl
        ? { kind: 'postgres', url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl }
        : { kind: 'pglite', dataDir: config.dataDir },
    ));
  try {
    const cipher = createFieldCipher(config);
    await database.migrate();
    const seeded = await database.withStartupLock(async () => {
      await syncStepDefinitions(database.db);
      await resealLegacySnapshots(database.db, cipher);
      if (!config.demoData) return false;
      return loadDemoData(database.db, cipher, config.demoCatalogSize);
    });
    await Promise.all([warmPasswordHasher(), warmPasswordPolicy()]);
    const app = await buildApp({
      config,
      database,
      cipher,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.startJobs !== undefined ? { startJobs: options.startJobs } : {}),
    });
    return {
      app,
      database,
      seeded,
      async close() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
