/**
 * Adds a payroll year from the BMF's PAP XML and the year's social-insurance data file:
 *
 *   npm run payroll:add-year -- --xml ~/Downloads/Lohnsteuer2027.xml --year 2027
 *
 * Write packages/payroll/src/social/years/sv-<year>.ts first (README, "Adding a year"). Then run the
 * tests the command names.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { addYear, AddYearError } from './add-year-steps.js';

const packageRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function main(): void {
  const { values } = parseArgs({ options: { xml: { type: 'string' }, year: { type: 'string' } } });
  if (!values.xml || !values.year) {
    console.error('Usage: npm run payroll:add-year -- --xml <Lohnsteuer<year>.xml> --year <year>');
    process.exitCode = 2;
    return;
  }
  try {
    const done = addYear({
      root: packageRoot,
      xml: readFileSync(values.xml),
      year: Number(values.year),
      // The generator in its own process, exactly as `npx tsx scripts/generate-pap.ts` runs it.
      generate: (root) => {
        execFileSync(process.execPath, [...process.execArgv, join(root, 'scripts', 'generate-pap.ts')], {
          stdio: 'inherit',
        });
      },
    });
    for (const line of done) console.log(`✓ ${line}`);
    console.log(
      [
        '',
        'Next:',
        '  npx vitest run --project payroll   (add the year to test-data/ and a differential test when vectors exist)',
        '  npx tsc -p tsconfig.json --noEmit',
        '  packages/payroll/README.md: the year in the PAP table and, if the PAP added inputs, a PapDialect.',
      ].join('\n'),
    );
  } catch (error) {
    if (!(error instanceof AddYearError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

main();
