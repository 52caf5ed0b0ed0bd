// The house rules (ADR 0031), checked by `npm run check:architecture` (part of `npm test`):
// - no import circle between source files (type-only imports aside);
// - the API's core (apps/api/src/db, lib, config) imports no module, plugin or app file above it;
// - no hand-written source file past 600 lines (generated code is ignored, as in the lint);
// - the API's modules are rooms (ADR 0049): another module only through its face (`modules/<m>/index.ts`),
//   no module importing a flow (`apps/api/src/flows`), only its own tables (`tableReaders` aside), and
//   (scripts/check-architecture.mjs, from the same `ROOMS`) no two modules importing each other.
// Kept apart from eslint.config.js: it needs no type information, so it takes a fraction of the lint's time.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

import base from './eslint.config.js';
import { roomsPlugin } from './scripts/architecture-rooms.mjs';

const MAX_FILE_LINES = 600;
const API = './apps/api/src';

/** The rooms' exceptions, declared in one place (scripts/check-architecture.mjs reads them too). */
export const ROOMS = {
  /**
   * Files that may still reach into another module's inner files, each with its reason. Their
   * imports are left out of the module graph as well.
   */
  innerImports: [],
  /**
   * The modules that may read every table: the GDPR export and erasure, and the demo data. Every other
   * module queries only the tables it owns (`/** owner: <module> … *\/` on each table in
   * apps/api/src/db/schema*.ts) and asks the owner's face for the rest.
   */
  tableReaders: ['privacy', 'demo'],
  /**
   * Not yet through the owners' faces (ADR 0049, "Not yet"): each file with the foreign tables it still
   * queries. A file may lose entries, never gain them; a file not named here queries none.
   */
  tableDebt: {
    'apps/api/src/modules/auth/repository.ts': ['catalogState', 'salaryProfiles', 'tenantPolicies', 'users'],
    'apps/api/src/modules/employer/payroll-repository.ts': ['orderPolicies', 'orders', 'users'],
    'apps/api/src/modules/employer/repository.ts': ['orders', 'users'],
    'apps/api/src/modules/lease-end/lease-info.ts': ['orders'],
    'apps/api/src/modules/lease-end/licence-checks.ts': ['identCases', 'orders', 'users'],
    'apps/api/src/modules/lease-end/reminder-context.ts': ['orders'],
    'apps/api/src/modules/lease-end/return-photos.ts': ['orders'],
    'apps/api/src/modules/lease-end/returns.ts': ['orders', 'users'],
    'apps/api/src/modules/lease-life/repository.ts': ['orders'],
    'apps/api/src/modules/lease-life/termination.ts': ['employmentEnds'],
    'apps/api/src/modules/mfa/repository.ts': ['users'],
    'apps/api/src/modules/mfa/reset.ts': ['users'],
    'apps/api/src/modules/provider/dashboard.ts': ['orders', 'userSteps'],
    'apps/api/src/modules/provider/order-export.ts': ['orders', 'tenants', 'users'],
    'apps/api/src/modules/provider/pipeline.ts': ['auditLog', 'orders', 'userSteps', 'users'],
    'apps/api/src/modules/provider/price-list.ts': ['catalogState', 'users'],
    'apps/api/src/modules/provider/tenant-list.ts': ['orders', 'users'],
    'apps/api/src/modules/provider/tenants.ts': ['orders', 'users'],
    'apps/api/src/flows/sign-contract.ts': ['identCases'],
  },
};

export default [
  // The same files as the lint: generated code, builds and data are none of the house's sources.
  ...base.filter((entry) => Object.keys(entry).length === 1 && entry.ignores),
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    // Disable comments name the main config's rules; they are no concern of this check.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX, rooms: roomsPlugin },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
          // The sources import `./x.js` for `./x.ts`; workspace packages resolve to their sources.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
          conditionNames: ['@leasing/source', 'import', 'node', 'default'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
      'rooms/through-the-face': ['error', { allow: ROOMS.innerImports }],
      'rooms/own-tables': [
        'error',
        { tableReaders: ROOMS.tableReaders, allow: ROOMS.innerImports, debt: ROOMS.tableDebt },
      ],
    },
  },
  {
    // The core serves every module and knows none of them: module code reaches it only from above
    // (the runtime, the app, a module such as modules/demo). Tests may start the whole app.
    files: ['apps/api/src/{db,lib,config}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`${API}/db`, `${API}/lib`, `${API}/config`],
              from: [
                `${API}/modules`,
                `${API}/plugins`,
                `${API}/test-support`,
                `${API}/app.ts`,
                `${API}/app-services.ts`,
                `${API}/runtime.ts`,
                `${API}/server.ts`,
              ],
              message: 'The core (db, lib, config) imports no module; move the shared part down or call it from above.',
            },
          ],
        },
      ],
    },
  },
];
