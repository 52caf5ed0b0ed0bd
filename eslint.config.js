import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The contract and the web app build schemas with zod/mini: the same engine as classic zod, but its
// functions tree-shake, so the browser carries about 7 KB gzip of zod instead of 18 (ADR 0010).
const CLASSIC_ZOD = {
  name: 'zod',
  message: "Import from 'zod/mini': the contract's schemas reach the browser, where classic zod cannot be tree-shaken.",
};

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
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', '**/test-support/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', 'no-console': 'off' },
  },
  {
    files: ['apps/api/src/server.ts', 'packages/payroll/scripts/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
