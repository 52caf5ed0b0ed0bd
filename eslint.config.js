import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The contract and the web app build schemas with zod/mini: the same engine as classic zod, but its
// functions tree-shake, so the browser carries about 7 KB gzip of zod instead of 18 (ADR 0010).
const CLASSIC_ZOD = {
  name: 'zod',
  message: "Import from 'zod/mini': the contract's schemas reach the browser, where classic zod cannot be tree-shaken.",
};

// The house rules (ADR 0031): no import circle between source files (type-only imports aside), the
// API's core (db, lib, config) imports no module above it, no hand-written file past 600 lines.
const MAX_FILE_LINES = 600;
const API = './apps/api/src';
const RESOLVE_SOURCE = createNodeResolver({
  extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json'],
  // The sources import `./x.js` for `./x.ts`; workspace packages resolve to their sources.
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] },
  conditionNames: ['@leasing/source', 'import', 'node', 'default'],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'apps/api/drizzle/**',
      'packages/payroll/src/pap/generated/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '.tmp*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            '*.mjs',
            'bench/*.mjs',
            'scripts/*.mjs',
            'scripts/*.d.mts',
            'packages/payroll/bin/*.mjs',
          ],
        },
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    rules: { ...tseslint.configs.disableTypeChecked.rules, 'no-console': 'off' },
  },
  {
    // Domain packages stay free of apps, HTTP and database code.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@leasing/api', '@leasing/web', '**/apps/**', 'fastify', 'pg', 'drizzle-orm', 'react'],
          paths: [CLASSIC_ZOD],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser bundle never pulls in server code.
      'no-restricted-imports': [
        'error',
        {
          patterns: ['@leasing/api', '**/apps/api/**', 'node:*', 'fastify', 'pg', 'drizzle-orm'],
          paths: [CLASSIC_ZOD],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [RESOLVE_SOURCE],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // The core serves every module and knows none of them: a module's code reaches the core only
    // through the runtime, the app or a module above (demo data: modules/demo). Tests may start the
    // whole app.
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
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', '**/test-support/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-console': 'off' },
  },
  {
    files: ['apps/api/src/server.ts', 'packages/payroll/scripts/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
