import { parseArgs } from 'node:util';

import { loadConfig } from '../../config/env.js';
import { openDatabase } from '../../db/client.js';
import { FieldCipher } from '../../lib/field-encryption.js';
import { loadOrCreateSecret } from '../../lib/secrets.js';
import { syncStepDefinitions } from '../orders/index.js';
import { loadDemoData } from './seed.js';
import { scaleDataPresent, SCALE_PASSWORD, seedScale } from './scale.js';

/**
 * `npm run seed:scale -- --employers 300 --employees 60000 --leases 20000`: the demo data and a
 * provider's real size in the database of DATABASE_URL (PGlite in DATA_DIR without it). A database
 * that already holds generated data is left as it is (`--force` generates again on top).
 */
const { values } = parseArgs({
  options: {
    employers: { type: 'string', default: '300' },
    employees: { type: 'string', default: '60000' },
    leases: { type: 'string', default: '20000' },
    seed: { type: 'string', default: '31' },
    force: { type: 'boolean', default: false },
  },
});
const count = (name: string, value: string | undefined) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};
const options = {
  employers: count('employers', values.employers),
  employees: count('employees', values.employees),
  leases: count('leases', values.leases),
  seed: count('seed', values.seed),
};

const config = loadConfig({ ...process.env, DEMO_DATA: 'true' });
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, ownerUrl: config.databaseOwnerUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const key = config.dataEncryptionKey
    ? Buffer.from(config.dataEncryptionKey, 'base64')
    : loadOrCreateSecret(config.dataDir, 'data-encryption');
  const cipher = new FieldCipher(key);
  await database.migrate();
  await database.withStartupLock(async () => {
    await syncStepDefinitions(database.db);
    await loadDemoData(database.db, cipher, config.demoCatalogSize);
  });
  if (!values.force && (await scaleDataPresent(database.db))) {
    process.stdout.write('Generierte Daten sind schon da (--force erzeugt weitere).\n');
  } else {
    const s = await seedScale(database.db, cipher, options);
    // As the owner: the generator works as the application role, whose ANALYZE skips every table. On
    // PostgreSQL also VACUUM: the lists' index-only counts need the visibility map (migration 0037).
    await database.refreshStatistics();
    const n = (value: number) => value.toLocaleString('de-DE');
    const formats = Object.entries(s.billing.byFormat)
      .map(([format, value]) => `${format} ${n(value)}`)
      .join(', ');
    process.stdout.write(
      [
        `Erzeugt in ${(s.millis / 1000).toFixed(1)} s (${database.kind}):`,
        `  Arbeitgeber: ${n(s.employers)} (größter: ${n(s.largestEmployer)} Personen, der Demo-Arbeitgeber)`,
        `  Personen: ${n(s.people)}, davon ${n(s.salaryProfiles)} mit verschlüsseltem Gehaltsprofil, ${n(s.leaving)} mit Austrittsdatum`,
        `  Leasings: ${n(s.leases)}, ${n(s.demoHandedOver)} beim Demo-Arbeitgeber übergeben`,
        ...Object.entries(s.byStatus)
          .sort((a, b) => b[1] - a[1])
          .map(([status, value]) => `    ${status}: ${n(value)}`),
        `  Statuseinträge: ${n(s.statusRecords)}, signierte Verträge: ${n(s.documents)}`,
        `  Rechnungsdaten: ${n(s.billing.billed)} Arbeitgeber (${formats}), ${n(s.billing.publicBodies)} öffentliche Auftraggeber, ${n(s.billing.withoutLeitwegId)} davon ohne Leitweg-ID`,
        `  Passwort der erzeugten Personen: ${SCALE_PASSWORD}`,
      ].join('\n') + '\n',
    );
  }
} finally {
  await database.close();
}
