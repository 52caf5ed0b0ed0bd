// `npm run check:architecture` (ADR 0031, 0049): first proves on a scratch layout that the house rules
// still catch what they are for (an import circle, the API core importing a module, a file past the line
// limit, a module reaching into another's inner file or into a flow, a foreign or ownerless table, a
// circle of modules, while a type-only file circle, an import through a face and a table reader pass) and
// that the map's check catches a module table out of date, a spec not listed, a path or link that is not
// there; then checks the repository with them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';

import { ROOMS } from '../eslint.architecture.config.js';
import { moduleCircles, moduleEdges } from './architecture-rooms.mjs';
import { mapProblems } from './architecture-map.mjs';
import { MODULES_START, MODULES_END, writeModuleTable } from './architecture-modules.mjs';

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
  // Rooms: the hall's face is its index.ts; the porch knocks there, peeks into the room's inner file,
  // and the hall imports the porch back (a circle of modules without a circle of files).
  'apps/api/src/modules/hall/index.ts': "export { hall, type Hall } from './hall.js';\n",
  'apps/api/src/modules/hall/hall.ts': 'export type Hall = number;\nexport const hall: Hall = 1;\n',
  'apps/api/src/modules/hall/back.ts': "import { knock } from '../porch/index.js';\nexport const back = knock;\n",
  'apps/api/src/modules/porch/index.ts': "export { knock } from './knock.js';\n",
  'apps/api/src/modules/porch/knock.ts': "import { hall } from '../hall/index.js';\nexport const knock = hall;\n",
  'apps/api/src/modules/porch/peek.ts': "import { room } from '../room/service.js';\nexport const peek = room;\n",
  'apps/api/src/modules/porch/typed.ts':
    "import type { Hall } from '../hall/hall.js';\nexport const typed: Hall = 2;\n",
  'apps/api/src/modules/porch/upward.ts': "import { step } from '../../flows/step.js';\nexport const upward = step;\n",
  'apps/api/src/modules/porch/peek.test.ts':
    "import { room } from '../room/service.js';\nexport const peeked = room;\n",
  // Tables: the hall owns its guests; the porch may not query them, nor a table that names no owner; the
  // privacy module reads every table (`tableReaders`).
  'apps/api/src/db/schema-scratch.ts':
    "import { pgTable, text } from 'drizzle-orm/pg-core';\n" +
    "/** The hall's guests (owner: hall). */\nexport const guests = pgTable('guests', { name: text('name') });\n" +
    "export const strays = pgTable('strays', { name: text('name') });\n",
  'apps/api/src/modules/hall/guests.ts':
    "import { guests } from '../../db/schema-scratch.js';\nexport const list = guests;\n",
  'apps/api/src/modules/porch/guests.ts':
    "import { guests } from '../../db/schema-scratch.js';\nexport const peer = guests;\n",
  'apps/api/src/modules/porch/strays.ts':
    "import { strays } from '../../db/schema-scratch.js';\nexport const stray = strays;\n",
  'apps/api/src/modules/privacy/guests.ts':
    "import { guests } from '../../db/schema-scratch.js';\nexport const all = guests;\n",
  'apps/api/src/flows/step.ts': "import { hall } from '../modules/hall/index.js';\nexport const step = hall;\n",
  'apps/api/src/flows/shortcut.ts':
    "import { room } from '../modules/room/service.js';\nexport const shortcut = room;\n",
};

/** What each scratch file must be told, by rule; files not named here must pass. */
const EXPECTED = {
  'apps/api/src/lib/circle-a.ts': ['import-x/no-cycle'],
  'apps/api/src/lib/circle-b.ts': ['import-x/no-cycle'],
  'apps/api/src/db/leaning.ts': ['import-x/no-restricted-paths'],
  'packages/contract/src/long.ts': ['max-lines'],
  'apps/api/src/modules/porch/peek.ts': ['rooms/through-the-face'],
  'apps/api/src/modules/porch/typed.ts': ['rooms/through-the-face'],
  'apps/api/src/modules/porch/upward.ts': ['rooms/through-the-face'],
  'apps/api/src/flows/shortcut.ts': ['rooms/through-the-face'],
  'apps/api/src/modules/porch/guests.ts': ['rooms/own-tables'],
  'apps/api/src/modules/porch/strays.ts': ['rooms/own-tables'],
};

/** The circles of modules the scratch layout must show, and nothing else. */
const EXPECTED_CIRCLES = [['hall', 'porch']];

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
    const circles = moduleCircles(moduleEdges(scratch)).map((c) => c.modules);
    if (JSON.stringify(circles) !== JSON.stringify(EXPECTED_CIRCLES)) {
      failures.push(`module circles: expected ${JSON.stringify(EXPECTED_CIRCLES)}, got ${JSON.stringify(circles)}`);
    }
    failures.push(...(await mapStillBites()));
    return failures;
  } finally {
    process.chdir(root);
    rmSync(scratch, { recursive: true, force: true });
  }
}

// The map's check on a scratch layout: the document as `npm run map` writes it passes, and each case
// below, one change to it or to the code, is told with exactly these problems.
const MAP_READERS = ['attic'];
const MAP_FILES = {
  'apps/api/src/modules/lobby/index.ts':
    '/**\n * The lobby (`lobby/chair.ts`), where guests\n * wait. Its chairs: docs/decisions/0001-lobby.md.\n */\n' +
    "export { chair, type Chair } from './chair.js';\nexport const bell = 1;\nexport const door = 2,\n  window = 3;\n",
  'apps/api/src/modules/lobby/chair.ts': 'export type Chair = number;\nexport const chair: Chair = 1;\n',
  'apps/api/src/modules/attic/index.ts':
    '/** The attic, where old things rest. */\nexport function box(): number {\n  return 1;\n}\n',
  'apps/api/src/db/schema-scratch.ts':
    "import { pgTable, text } from 'drizzle-orm/pg-core';\n" +
    "/** owner: lobby */\nexport const chairs = pgTable('lobby_chairs', { name: text('name') });\n" +
    "/** The clock of every room. (owner: core) */\nexport const clocks = pgTable('clocks', { name: text('name') });\n",
  'docs/decisions/0001-lobby.md': '# 0001 The lobby\n',
  'docs/architecture/garden.md': '# The garden\n\nBack to the [map](../ARCHITECTURE.md).\n',
  'e2e/garden.spec.ts': '',
  'docs/ARCHITECTURE.md': [
    '# Map',
    '',
    'The [garden](architecture/garden.md).',
    '',
    '## API modules',
    '',
    MODULES_START,
    MODULES_END,
    '',
    '## Flows',
    '',
    '- **A guest**: `lobby/index.ts` → `apps/api/src/db/schema-scratch.ts`',
    '',
    '## Where to change what',
    '',
    '| To change … | Go to |',
    '|---|---|',
    '| The lobby | `apps/api/src/modules/lobby/index.ts` |',
    '',
    '## Browser specs (`e2e/`)',
    '',
    '| Spec | What it checks |',
    '|---|---|',
    '| `garden` | the garden |',
    '',
  ].join('\n'),
};

const DOC_PATH = 'docs/ARCHITECTURE.md';
const edit = (file, change) => (scratch) =>
  writeFileSync(join(scratch, file), change(readFileSync(join(scratch, file), 'utf8')));
const RUN_MAP = 'run `npm run map`';

/** Each case: what it changes after `npm run map` wrote the table, and the problems the check must name. */
const MAP_CASES = [
  ['the document as written', () => {}, []],
  [
    "a module's row removed",
    edit(DOC_PATH, (text) => text.replace(/^\| `attic`.*\n/m, '')),
    [`${DOC_PATH} lists no module attic (apps/api/src/modules/attic): ${RUN_MAP}`],
  ],
  [
    'a face export changed',
    edit('apps/api/src/modules/lobby/index.ts', (text) => text.replace('bell', 'gong')),
    [
      `${DOC_PATH}'s row of module lobby is not what apps/api/src/modules/lobby says (face, tables, purpose): ${RUN_MAP}`,
    ],
  ],
  [
    'a module without a doc comment',
    edit('apps/api/src/modules/attic/index.ts', (text) => text.replace(/^\/\*\*.*\*\/\n/, '')),
    [
      "apps/api/src/modules/attic/index.ts opens with no doc comment (`/** <what the module does>. … */`): its first sentence is the map's purpose",
      `${DOC_PATH}'s row of module attic is not what apps/api/src/modules/attic says (face, tables, purpose): ${RUN_MAP}`,
    ],
  ],
  [
    'a new module',
    (scratch) => {
      mkdirSync(join(scratch, 'apps/api/src/modules/cellar'));
      writeFileSync(join(scratch, 'apps/api/src/modules/cellar/index.ts'), '/** The cellar. */\nexport {};\n');
    },
    [`${DOC_PATH} lists no module cellar (apps/api/src/modules/cellar): ${RUN_MAP}`],
  ],
  [
    'a spec file added',
    (scratch) => writeFileSync(join(scratch, 'e2e/roof.spec.ts'), ''),
    [`${DOC_PATH} lists no browser spec roof (e2e/roof.spec.ts)`],
  ],
  [
    'a path and a link that lead nowhere, a decision gone',
    (scratch) => {
      edit(DOC_PATH, (text) =>
        text
          .replace('`lobby/index.ts`', '`lobby/hall.ts`')
          .replace(/^\| The lobby/m, '| The cellar | `apps/api/src/modules/cellar/index.ts` |\n$&')
          .replace('(architecture/garden.md)', '(architecture/roof.md)'),
      )(scratch);
      rmSync(join(scratch, 'docs/decisions/0001-lobby.md'));
    },
    [
      `${DOC_PATH} names lobby/hall.ts (in "Flows"), which is not there`,
      `${DOC_PATH} names apps/api/src/modules/cellar/index.ts (in "Where to change what"), which is not there`,
      `${DOC_PATH} links to architecture/roof.md, which is not there`,
      'apps/api/src/modules/lobby/index.ts names docs/decisions/0001-lobby.md, which is not there',
    ],
  ],
];

/**
 * What `npm run map` writes for the scratch modules: values before types, three names and how many more,
 * the owned tables by their SQL names, a reader's note, the first sentence whatever its code spans and
 * line breaks; the core's tables on a line of their own.
 */
const WRITTEN_ROWS = [
  ['`attic`', '`box`', 'reads every table (`tableReaders`)', 'The attic, where old things rest.'],
  ['`lobby`', '`chair`, `bell`, `door` +2', '`lobby_chairs`', 'The lobby (`lobby/chair.ts`), where guests wait.'],
  "The core's own tables (`apps/api/src/lib`, `owner: core`): `clocks`.",
];

/** The module table between the markers: each row's cells (header and separator left out), other lines as text. */
function writtenRows(text) {
  const block = text.slice(text.indexOf(MODULES_START) + MODULES_START.length, text.indexOf(MODULES_END));
  const lines = block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.slice(2).map((line) =>
    line.startsWith('|')
      ? line
          .slice(1, -1)
          .split('|')
          .map((cell) => cell.trim())
      : line,
  );
}

async function mapStillBites() {
  const failures = [];
  for (const [name, change, expected] of MAP_CASES) {
    const scratch = mkdtempSync(join(tmpdir(), 'house-map-'));
    try {
      for (const [file, text] of Object.entries(MAP_FILES)) {
        mkdirSync(dirname(join(scratch, file)), { recursive: true });
        writeFileSync(join(scratch, file), text);
      }
      await writeModuleTable(scratch, { tableReaders: MAP_READERS });
      const written = writtenRows(readFileSync(join(scratch, DOC_PATH), 'utf8'));
      if (JSON.stringify(written) !== JSON.stringify(WRITTEN_ROWS)) {
        failures.push(`npm run map, ${name}: expected ${JSON.stringify(WRITTEN_ROWS)}, got ${JSON.stringify(written)}`);
      }
      change(scratch);
      const found = mapProblems(scratch, { tableReaders: MAP_READERS }).sort();
      if (JSON.stringify(found) !== JSON.stringify([...expected].sort())) {
        failures.push(`map check, ${name}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(found)}`);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
  return failures;
}

/** Every entry of `ROOMS.tableDebt` still owed: a file that stopped querying a table leaves the list. */
function staleTableDebt() {
  const stale = [];
  for (const [file, tables] of Object.entries(ROOMS.tableDebt)) {
    let text;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      stale.push(`ROOMS.tableDebt names ${file}, which is not there: remove it`);
      continue;
    }
    const imported = new Set(
      [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']*\/db\/schema[^']*'/g)].flatMap((m) =>
        m[1].split(',').map((name) => name.trim().replace(/^type\s+/, '')),
      ),
    );
    for (const table of tables) {
      if (!imported.has(table)) stale.push(`ROOMS.tableDebt: ${file} no longer queries ${table}: remove it`);
    }
  }
  return stale;
}

const failures = await rulesStillBite();
if (failures.length > 0) {
  console.error('The house rules no longer catch what they should:\n  ' + failures.join('\n  '));
  process.exit(1);
}

const eslint = new ESLint({ cwd: root, overrideConfigFile: config });
const results = await eslint.lintFiles(['.']);
const problems = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
const circles = moduleCircles(moduleEdges(root, { allow: ROOMS.innerImports }));
const mapFailures = [...mapProblems(root, { tableReaders: ROOMS.tableReaders }), ...staleTableDebt()];
if (problems > 0) {
  const formatter = await eslint.loadFormatter('stylish');
  console.error(await formatter.format(results));
}
if (circles.length > 0) {
  console.error(
    'Modules that import each other (ADR 0049: move the shared piece down, or make the back-call an event or a flow):\n' +
      circles.map((c) => `  ${c.modules.join(', ')}: ${c.steps.join('; ')}`).join('\n'),
  );
}
if (mapFailures.length > 0)
  console.error('The map (docs/ARCHITECTURE.md) is out of date:\n  ' + mapFailures.join('\n  '));
if (problems > 0 || circles.length > 0 || mapFailures.length > 0) {
  console.error('House rules: see docs/decisions/0031-house-rules-check.md and 0049-rooms-with-doors.md');
  process.exit(1);
}
console.log(
  `House rules hold: ${results.length} files, no import circle, no core file importing a module, none past 600 lines; ` +
    `every module reached through its face and querying its own tables (${Object.keys(ROOMS.tableDebt).length} files still owing), ` +
    `no two modules importing each other; docs/ARCHITECTURE.md's module table is the code's, every spec, path and link there.`,
);
