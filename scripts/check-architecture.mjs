// `npm run check:architecture` (ADR 0031): first proves on a scratch layout that the house rules still
// catch what they are for (an import circle, the API core importing a module, a file past the line
// limit, while a type-only circle passes), then checks the repository with them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = join(root, 'eslint.architecture.config.js');

const SCRATCH_FILES = {
  'apps/api/src/lib/circle-a.ts': "import { b } from './circle-b.js';\nexport const a = (): number => b() + 1;\n",
  'apps/api/src/lib/circle-b.ts':
    "import { a } from './circle-a.js';\nexport const b = (): number => 1;\nexport const c = (): number => a();\n",
  'apps/api/src/modules/room/service.ts': 'export const room = 1;\n',
  'apps/api/src/db/leaning.ts': "import { room } from '../modules/room/service.js';\nexport const leaning = room;\n",
  'apps/api/src/lib/typed-a.ts': "import type { B } from './typed-b.js';\nexport type A = B;\nexport const one = 1;\n",
  'apps/api/src/lib/typed-b.ts':
    "import { one } from './typed-a.js';\nexport type B = number;\nexport const two = one + 1;\n",
  'packages/contract/src/long.ts':
    Array.from({ length: 601 }, (_, i) => `export const n${i} = ${i};`).join('\n') + '\n',
};

/** What each scratch file must be told, by rule; files not named here must pass. */
const EXPECTED = {
  'apps/api/src/lib/circle-a.ts': ['import-x/no-cycle'],
  'apps/api/src/lib/circle-b.ts': ['import-x/no-cycle'],
  'apps/api/src/db/leaning.ts': ['import-x/no-restricted-paths'],
  'packages/contract/src/long.ts': ['max-lines'],
};

async function rulesStillBite() {
  const scratch = mkdtempSync(join(tmpdir(), 'house-rules-'));
  try {
    for (const [file, text] of Object.entries(SCRATCH_FILES)) {
      mkdirSync(dirname(join(scratch, file)), { recursive: true });
      writeFileSync(join(scratch, file), text);
    }
    // The core rule's zones are relative to the process's working directory.
    process.chdir(scratch);
    const eslint = new ESLint({ cwd: scratch, overrideConfigFile: config });
    const results = await eslint.lintFiles(['.']);
    const failures = [];
    for (const file of Object.keys(SCRATCH_FILES)) {
      const result = results.find((r) => relative(scratch, r.filePath) === file);
      const rules = [...new Set((result?.messages ?? []).map((m) => m.ruleId ?? m.message))].sort();
      const expected = EXPECTED[file] ?? [];
      if (JSON.stringify(rules) !== JSON.stringify(expected)) {
        failures.push(`${file}: expected [${expected.join(', ')}], got [${rules.join(', ')}]`);
      }
    }
    return failures;
  } finally {
    process.chdir(root);
    rmSync(scratch, { recursive: true, force: true });
  }
}

const failures = await rulesStillBite();
if (failures.length > 0) {
  console.error('The house rules no longer catch what they should:\n  ' + failures.join('\n  '));
  process.exit(1);
}

const eslint = new ESLint({ cwd: root, overrideConfigFile: config });
const results = await eslint.lintFiles(['.']);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
if (problems > 0) {
  const formatter = await eslint.loadFormatter('stylish');
  console.error(await formatter.format(results));
  console.error('House rules: see docs/decisions/0031-house-rules-check.md');
  process.exit(1);
}
console.log(
  `House rules hold: ${results.length} files, no import circle, no core file importing a module, none past 600 lines.`,
);
