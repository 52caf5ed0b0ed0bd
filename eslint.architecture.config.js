// The house rules (ADR 0031), checked by `npm run check:architecture` (part of `npm test`):
// - no import circle between source files (type-only imports aside);
// - the API's core (apps/api/src/db, lib, config) imports no module, plugin or app file above it;
// - no hand-written source file past 600 lines (generated code is ignored, as in the lint).
// Kept apart from eslint.config.js: it needs no type information, so it takes a fraction of the lint's time.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

import base from './eslint.config.js';

const MAX_FILE_LINES = 600;
const API = './apps/api/src';

export default [
  // The same files as the lint: generated code, builds and data are none of the house's sources.
  ...base.filter((entry) => Object.keys(entry).length === 1 && entry.ignores),
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    // Disable comments name the main config's rules; they are no concern of this check.
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
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
