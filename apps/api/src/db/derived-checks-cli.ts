// `npm run db:derived-checks -w @leasing/api`: migrates an empty embedded database, compares its CHECK
// constraints with the contract's lists (derived-checks.ts) and writes the next migration for those
// that differ, with its journal entry. Nothing to write: it says so and leaves the folder as it was.
import fs from 'node:fs';
import path from 'node:path';

import { openDatabase } from './client.js';
import { CONSTRAINTS_QUERY, derivedCheckStatements, outdatedChecks } from './derived-checks.js';

interface Journal {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
}

const folder = path.resolve(import.meta.dirname, '../../drizzle');
const journalFile = path.join(folder, 'meta', '_journal.json');

const database = await openDatabase({ kind: 'pglite', dataDir: null });
try {
  await database.migrate();
  const result = await database.db.execute(CONSTRAINTS_QUERY);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    name: string;
    definition: string;
  }[];
  const outdated = outdatedChecks(rows);
  if (outdated.length === 0) {
    process.stdout.write('The database checks are the contract lists: no migration needed.\n');
  } else {
    const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
    const last = journal.entries.at(-1);
    if (!last) throw new Error('empty migration journal');
    const number = Number(/^(\d+)_/.exec(last.tag)?.[1] ?? '0') + 1;
    const tag = `${String(number).padStart(4, '0')}_derived_checks`;
    const header = `-- Written by \`npm run db:derived-checks\` from the contract's lists (src/db/derived-checks.ts).\n`;
    const body = outdated.flatMap(derivedCheckStatements).join('\n--> statement-breakpoint\n');
    fs.writeFileSync(path.join(folder, `${tag}.sql`), `${header}${body}\n`);
    journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1, tag, breakpoints: true });
    fs.writeFileSync(journalFile, `${JSON.stringify(journal, null, 2)}\n`);
    process.stdout.write(`Wrote drizzle/${tag}.sql for ${outdated.map((c) => c.constraint).join(', ')}.\n`);
  }
} finally {
  await database.close();
}
